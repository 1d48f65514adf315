#!/usr/bin/env node
/**
 * `node scripts/bench/bench-complaints.js`: how many complaints a second the built app stores, against
 * what a bare Node `http` "hello" server answers on the same machine in the same run, so the
 * figure travels between machines as a ratio.
 *
 * Both servers run as child processes; autocannon (20 connections, BENCH_DURATION seconds each,
 * 10 by default) drives them from this process. Every POST carries a unique Idempotency-Key, so
 * each one is a real complaint: a transaction with an fsync (SQLite WAL, synchronous=FULL) on a
 * temporary database; the rate limit is lifted for the run. Afterwards the stored complaints are
 * counted against the 201s.
 *
 * Progress goes to stderr; stdout ends with ONE JSON line of figures (what scripts/bench/bench.js reads):
 * complaintRps, complaintP99Ms, complaintErrors (errors + timeouts + non-201), helloRps,
 * helloP99Ms, ratioPct (complaintRps / helloRps, %), stored. Targets: ratioPct ≥ 3,
 * complaintP99Ms ≤ 100, complaintErrors = 0.
 *
 * BENCH_DB picks the database: `sqlite` (default), `postgres` (one instance) or `postgres-2` (two
 * instances on one database, 10 connections each, rps summed, p99 the worse of the two). PostgreSQL
 * comes from PG_TEST_URL, else a throwaway cluster with fsync ON (scripts/test/pg-cluster.js), so it
 * pays for durability as SQLite's synchronous=FULL does.
 *
 * Builds first (`vite build`) when build/index.js is missing or older than the sources.
 * Exit code 0 when it ran (targets met or not), 1 when it could not run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
	BUILD,
	children,
	database,
	ensureBuild,
	freePort,
	log,
	startChild
} from './bench-complaints-setup.js';

const DURATION = Math.max(1, Number.parseInt(process.env.BENCH_DURATION ?? '10', 10) || 10);
const CONNECTIONS = 20;
const MODE = process.env.BENCH_DB ?? 'sqlite';
if (!['sqlite', 'postgres', 'postgres-2'].includes(MODE))
	throw new Error(`BENCH_DB=${MODE}: use sqlite, postgres or postgres-2`);
const INSTANCES = MODE === 'postgres-2' ? 2 : 1;

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

async function main() {
	ensureBuild();
	const dir = mkdtempSync(join(tmpdir(), 'garupa-bench-complaints-'));
	let db = null;
	try {
		db = await database(dir, MODE);
		const apps = [];
		for (let i = 0; i < INSTANCES; i++) {
			const port = await freePort();
			const app = `http://127.0.0.1:${port}`;
			apps.push(app);
			await startChild(
				`node build #${i + 1}`,
				[BUILD],
				{
					HOST: '127.0.0.1',
					PORT: String(port),
					ORIGIN: app,
					DATABASE_URL: db.url,
					COMPLAINTS_RATE_LIMIT: '999999999/600'
				},
				'Listening on'
			);
		}
		const helloPort = await freePort();
		const hello = `http://127.0.0.1:${helloPort}`;
		await startChild('hello', ['-e', HELLO], { PORT: String(helloPort) }, 'hello ready');

		const body = complaintBody();
		let n = 0;
		const post = {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
			requests: [
				{
					setupRequest: (request) => ({
						...request,
						headers: { ...request.headers, 'idempotency-key': `bench-${process.pid}-${++n}` }
					})
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

		log(`${MODE}${INSTANCES > 1 ? ` (${INSTANCES} instances)` : ''}: warm-up (2 s each)`);
		await run({ url: hello, duration: 2 });
		await complaints({ duration: 2 });
		const before = await count();

		log(`hello: ${CONNECTIONS} connections, ${DURATION} s`);
		const h = await run({ url: hello });
		log(
			`POST /api/complaints: ${CONNECTIONS} connections over ${INSTANCES} instance(s), ${DURATION} s`
		);
		const c = await complaints();

		const stored = (await count()) - before;

		const figures = {
			database: MODE === 'sqlite' ? 'sqlite' : 'postgres',
			instances: INSTANCES,
			complaintRps: round(c.rps),
			complaintP99Ms: round(c.p99),
			complaintErrors: c.errors,
			helloRps: round(h.requests.average),
			helloP99Ms: round(h.latency.p99),
			ratioPct: round((100 * c.rps) / h.requests.average, 2),
			stored
		};
		log(
			`complaints ${figures.complaintRps} req/s (p99 ${figures.complaintP99Ms} ms, ` +
				`${figures.complaintErrors} errors, ${stored} stored for ${c.ok} × 2xx); ` +
				`hello ${figures.helloRps} req/s; ratio ${figures.ratioPct} % ` +
				`(targets: ≥ 3 %, p99 ≤ 100 ms, 0 errors)`
		);
		console.log(JSON.stringify(figures));
	} finally {
		await Promise.all(
			[...children].map((child) => {
				const exited = new Promise((resolve) => child.once('exit', resolve));
				child.kill('SIGTERM');
				// adapter-node waits for open connections to close; do not wait for ever.
				const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
				return exited.finally(() => clearTimeout(timer));
			})
		);
		await db?.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		for (const child of children) child.kill('SIGKILL');
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	}
);
