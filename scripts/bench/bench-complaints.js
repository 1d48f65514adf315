#!/usr/bin/env node
/**
 * `node scripts/bench/bench-complaints.js`: how many complaints a second the built app stores —
 * on SQLite, on PostgreSQL with one instance and with two instances on one database, back to back
 * in one run so the three figures share the machine's load — and what a bare Node `http` "hello"
 * server answers on the same machine in the same run, so the figure travels as a ratio.
 *
 * The servers run as child processes; autocannon (20 connections, BENCH_DURATION seconds each,
 * 10 by default) drives them from this process. Every POST carries a unique Idempotency-Key and a
 * unique client address (X-Forwarded-For, read as ADDRESS_HEADER says), as the offline outbox and
 * many phones send them: each one is a real complaint, a transaction with an fsync (SQLite WAL,
 * synchronous=FULL; PostgreSQL with fsync on) on a temporary database; the rate limit is lifted
 * (its counting still runs). Afterwards the stored complaints are counted against the 201s.
 *
 * Each run also reports the CPU time per stored complaint (Linux, from /proc): of the app's
 * processes (`appCpuMs`) and of the PostgreSQL server processes serving them (`dbCpuMs`) — figures
 * the machine's other load moves far less than req/s, which on a shared machine swings from one
 * minute to the next.
 *
 * During each PostgreSQL run, `pg_stat_activity` is sampled every 20 ms: every session of the
 * bench's database busy in a statement or a transaction is one sample, and those waiting on a
 * lock (`wait_event_type = 'Lock'`) are lock waits; a lock wait whose statement touches a counter
 * (`protocol_sequence`, `auto_sequence`, `rate_limit`, or the advisory lock under which the year's
 * protocol sequence is made) is a counter lock wait.
 *
 * Progress goes to stderr; stdout ends with ONE JSON line of figures (what scripts/bench/bench.js
 * reads). BENCH_DB picks what runs: `all` (the three, and the comparisons between them:
 * postgresPctOfSqlite, postgres2PctOfPostgres), or one of `sqlite` (default), `postgres`,
 * `postgres-2` (two instances, 10 connections each, rps summed, p99 the worse of the two).
 * PostgreSQL comes from PG_TEST_URL, else a throwaway cluster with fsync ON
 * (scripts/test/pg-cluster.js), so it pays for durability as SQLite's synchronous=FULL does.
 *
 * Builds first (`vite build`) when build/index.js is missing or older than the sources.
 * Exit code 0 when it ran (targets met or not), 1 when it could not run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
	BUILD,
	children,
	database,
	ensureBuild,
	freePort,
	log,
	pgAdmin,
	startChild
} from './bench-complaints-setup.js';

const DURATION = Math.max(1, Number.parseInt(process.env.BENCH_DURATION ?? '10', 10) || 10);
const CONNECTIONS = 20;
const MODES = ['sqlite', 'postgres', 'postgres-2'];
const CHOICE = process.env.BENCH_DB ?? 'sqlite';
if (CHOICE !== 'all' && !MODES.includes(CHOICE))
	throw new Error(`BENCH_DB=${CHOICE}: use all, sqlite, postgres or postgres-2`);
const RUNS = CHOICE === 'all' ? MODES : [CHOICE];
/** Statements that take a counter's row or sequence, or create the year's sequence (advisory lock). */
const COUNTERS = /protocol_sequence|auto_sequence|rate_limit|pg_advisory_xact_lock/i;
const SAMPLE_MS = 20;

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));

const HELLO = `
const http = require('node:http');
http.createServer((req, res) => {
	res.writeHead(200, { 'content-type': 'text/plain' });
	res.end('hello');
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('hello ready'));
`;

/** A complaint that passes validation: an overcharge an hour ago, with text and a contact. */
function complaintBody() {
	return JSON.stringify({
		vehicle: 'MT-007',
		occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
		situations: ['cobrou-mais', 'fumando'],
		paidCentavos: 1500,
		location: { text: 'Rodoviária, saída para a Av. 25 de Agosto' },
		description: 'Cobrou R$ 15 por uma corrida que pela tabela custa R$ 7, e fumou o caminho todo.',
		contact: { name: 'Bench', email: 'bench@example.com' }
	});
}

function run(options) {
	return new Promise((resolve, reject) => {
		autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) =>
			error ? reject(error) : resolve(result)
		);
	});
}

const round = (x, digits = 1) => Number(x.toFixed(digits));

/** Stops every child server (adapter-node waits for open connections: not for ever). */
async function stopChildren() {
	await Promise.all(
		[...children].map((child) => {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
			return exited.finally(() => clearTimeout(timer));
		})
	);
}

/**
 * Samples the sessions of database `url` every SAMPLE_MS until `stop()`, which resolves with the
 * counts: samples (sessions busy), lockWaits, counterLockWaits and the most seen wait events.
 */
async function sampleActivity(url) {
	const client = new pg.Client({ connectionString: url, application_name: BENCH_SESSION });
	await client.connect();
	const name = new URL(url).pathname.slice(1);
	const tally = { samples: 0, lockWaits: 0, counterLockWaits: 0, events: new Map() };
	let running = true;
	const loop = (async () => {
		while (running) {
			const { rows } = await client.query(
				`select wait_event_type as type, wait_event as event, query from pg_stat_activity
				 where datname = $1 and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
				[name]
			);
			for (const { type, event, query } of rows) {
				tally.samples++;
				const what = type ? `${type}:${event}` : 'CPU';
				tally.events.set(what, (tally.events.get(what) ?? 0) + 1);
				if (type !== 'Lock') continue;
				tally.lockWaits++;
				if (COUNTERS.test(query ?? '')) tally.counterLockWaits++;
			}
			await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
		}
	})();
	return async () => {
		running = false;
		await loop;
		await client.end();
		const top = [...tally.events].sort((a, b) => b[1] - a[1]).slice(0, 4);
		return { ...tally, top };
	};
}

/**
 * CPU time (user + system, ms) the processes `pids` have used, from /proc (Linux); null elsewhere.
 * A process gone meanwhile counts 0.
 */
function cpuMs(pids) {
	if (!existsSync('/proc/self/stat')) return null;
	let ticks = 0;
	for (const pid of pids) {
		try {
			const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			ticks += Number(fields[11]) + Number(fields[12]);
		} catch {
			// exited
		}
	}
	return (ticks * 1000) / CLOCK_TICKS;
}

/** USER_HZ: the unit of /proc/<pid>/stat's times (100 on Linux unless told otherwise). */
const CLOCK_TICKS = Number(process.env.CLK_TCK ?? 100);

/**
 * The server processes serving database `url` — the instances' pools, not this bench's own
 * sessions — as seen at each call, added to those seen before (one that ended counts 0).
 */
async function backendPids(url) {
	const client = new pg.Client({ connectionString: url, application_name: BENCH_SESSION });
	await client.connect();
	const name = new URL(url).pathname.slice(1);
	let seen = [];
	let calls = 0;
	return async () => {
		const { rows } = await client.query(
			`select coalesce(array_agg(pid), '{}') as pids from pg_stat_activity
			 where datname = $1 and application_name <> $2`,
			[name, BENCH_SESSION]
		);
		seen = [...new Set([...seen, ...rows[0].pids])];
		if (++calls === 2) await client.end();
		return seen;
	};
}

const BENCH_SESSION = 'garupa-bench';

/** One store's run: its instances started, warmed up, measured, stopped. */
async function measure(mode, dir, admin, helloRps) {
	const instances = mode === 'postgres-2' ? 2 : 1;
	const db = await database(join(dir, mode), mode, admin);
	try {
		const apps = [];
		const servers = [];
		for (let i = 0; i < instances; i++) {
			const port = await freePort();
			const app = `http://127.0.0.1:${port}`;
			apps.push(app);
			const server = await startChild(
				`node build #${i + 1}`,
				[BUILD],
				{
					HOST: '127.0.0.1',
					PORT: String(port),
					ORIGIN: app,
					DATABASE_URL: db.url,
					COMPLAINTS_RATE_LIMIT: '999999999/600',
					ADDRESS_HEADER: 'x-forwarded-for',
					XFF_DEPTH: '1'
				},
				'Listening on'
			);
			servers.push(server.pid);
		}
		const body = complaintBody();
		let n = 0;
		const post = {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
			requests: [
				{
					setupRequest: (request) => {
						n++;
						const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
						return {
							...request,
							headers: {
								...request.headers,
								'idempotency-key': `bench-${process.pid}-${mode}-${n}`,
								'x-forwarded-for': address
							}
						};
					}
				}
			]
		};
		/** The 20 connections shared among the instances, at once. */
		const complaints = async (options = {}) => {
			const results = await Promise.all(
				apps.map((app) =>
					run({
						url: `${app}/api/complaints`,
						...post,
						connections: CONNECTIONS / apps.length,
						...options
					})
				)
			);
			const sum = (f) => results.reduce((t, r) => t + f(r), 0);
			return {
				rps: sum((r) => r.requests.average),
				p99: Math.max(...results.map((r) => r.latency.p99)),
				errors: sum((r) => r.errors + r.timeouts + r.non2xx),
				ok: sum((r) => r['2xx'])
			};
		};
		const count = async () => {
			await new Promise((resolve) => setTimeout(resolve, 500)); // requests cut at the end settle
			return db.count();
		};

		log(`${mode}${instances > 1 ? ` (${instances} instances)` : ''}: warm-up (2 s)`);
		await complaints({ duration: 2 });
		const before = await count();
		log(
			`${mode}: POST /api/complaints, ${CONNECTIONS} connections over ${instances} instance(s), ${DURATION} s`
		);
		const load = loadavg()[0];
		const backends = mode === 'sqlite' ? null : await backendPids(db.url);
		const cpuBefore = { app: cpuMs(servers), db: backends ? cpuMs(await backends()) : 0 };
		const sampling = mode === 'sqlite' ? null : await sampleActivity(db.url);
		const c = await complaints();
		const cpuAfter = { app: cpuMs(servers), db: backends ? cpuMs(await backends()) : 0 };
		const activity = await sampling?.();
		const stored = (await count()) - before;
		const figures = {
			rps: round(c.rps),
			p99Ms: round(c.p99),
			errors: c.errors,
			ratioPct: round((100 * c.rps) / helloRps, 2),
			stored,
			loadAvg: round(load, 2)
		};
		// CPU time per stored complaint, which the machine's other load moves far less than req/s.
		if (cpuAfter.app !== null && cpuBefore.app !== null && stored > 0) {
			figures.appCpuMs = round((cpuAfter.app - cpuBefore.app) / stored, 2);
			if (backends) figures.dbCpuMs = round((cpuAfter.db - cpuBefore.db) / stored, 2);
		}
		if (activity) {
			const pct = (k) => (activity.samples ? round((100 * k) / activity.samples) : 0);
			figures.lockWaitPct = pct(activity.lockWaits);
			figures.counterLockWaitPct = pct(activity.counterLockWaits);
			figures.samples = activity.samples;
		}
		log(
			`${mode}: ${figures.rps} req/s (p99 ${figures.p99Ms} ms, ${figures.errors} errors, ` +
				`${stored} stored for ${c.ok} × 2xx; load average ${figures.loadAvg}` +
				(figures.appCpuMs === undefined
					? ')'
					: `; CPU per complaint: app ${figures.appCpuMs} ms` +
						(figures.dbCpuMs === undefined ? ')' : `, PostgreSQL ${figures.dbCpuMs} ms)`)) +
				(activity
					? `; lock waits ${activity.lockWaits}/${activity.samples} samples ` +
						`(${activity.counterLockWaits} on counters); most seen: ` +
						activity.top.map(([e, k]) => `${e} ${k}`).join(', ')
					: '')
		);
		return figures;
	} finally {
		await stopChildren();
		await db.close();
	}
}

async function main() {
	ensureBuild();
	const dir = mkdtempSync(join(tmpdir(), 'garupa-bench-complaints-'));
	let admin = null;
	try {
		const helloPort = await freePort();
		const hello = `http://127.0.0.1:${helloPort}`;
		await startChild('hello', ['-e', HELLO], { PORT: String(helloPort) }, 'hello ready');
		log('hello: warm-up (2 s)');
		await run({ url: hello, duration: 2 });
		log(`hello: ${CONNECTIONS} connections, ${DURATION} s`);
		const h = await run({ url: hello });
		await stopChildren();
		const helloRps = h.requests.average;

		if (RUNS.some((mode) => mode !== 'sqlite')) admin = await pgAdmin();
		const results = {};
		for (const mode of RUNS) results[mode] = await measure(mode, dir, admin?.url, helloRps);

		const figures =
			RUNS.length === 1
				? ((r) => ({
						database: RUNS[0] === 'sqlite' ? 'sqlite' : 'postgres',
						instances: RUNS[0] === 'postgres-2' ? 2 : 1,
						complaintRps: r.rps,
						complaintP99Ms: r.p99Ms,
						complaintErrors: r.errors,
						helloRps: round(helloRps),
						helloP99Ms: round(h.latency.p99),
						ratioPct: r.ratioPct,
						stored: r.stored,
						loadAvg: r.loadAvg,
						...(r.appCpuMs === undefined ? {} : { appCpuMs: r.appCpuMs }),
						...(r.dbCpuMs === undefined ? {} : { dbCpuMs: r.dbCpuMs }),
						...(r.lockWaitPct === undefined
							? {}
							: { lockWaitPct: r.lockWaitPct, counterLockWaitPct: r.counterLockWaitPct })
					}))(results[RUNS[0]])
				: comparison(results, helloRps);
		console.log(JSON.stringify(figures));
	} finally {
		await stopChildren();
		await admin?.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The three runs side by side, and how PostgreSQL compares with SQLite and with itself. */
function comparison({ sqlite, postgres, 'postgres-2': two }, helloRps) {
	return {
		helloRps: round(helloRps),
		sqliteRps: sqlite.rps,
		sqliteP99Ms: sqlite.p99Ms,
		sqliteRatioPct: sqlite.ratioPct,
		postgresRps: postgres.rps,
		postgresP99Ms: postgres.p99Ms,
		postgresLockWaitPct: postgres.lockWaitPct,
		postgresCounterLockWaitPct: postgres.counterLockWaitPct,
		postgres2Rps: two.rps,
		postgres2P99Ms: two.p99Ms,
		postgres2LockWaitPct: two.lockWaitPct,
		postgres2CounterLockWaitPct: two.counterLockWaitPct,
		sqliteAppCpuMs: sqlite.appCpuMs,
		postgresAppCpuMs: postgres.appCpuMs,
		postgresDbCpuMs: postgres.dbCpuMs,
		postgres2AppCpuMs: two.appCpuMs,
		postgres2DbCpuMs: two.dbCpuMs,
		postgresPctOfSqlite: round((100 * postgres.rps) / sqlite.rps),
		postgres2PctOfPostgres: round((100 * two.rps) / postgres.rps),
		errors: sqlite.errors + postgres.errors + two.errors,
		loadAvg: Math.max(sqlite.loadAvg, postgres.loadAvg, two.loadAvg)
	};
}

main().then(
	() => process.exit(0),
	(error) => {
		for (const child of children) child.kill('SIGKILL');
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	}
);
