#!/usr/bin/env node
/**
 * `node scripts/bench-complaints.js`: how many complaints a second the built app stores, against
 * what a bare Node `http` "hello" server answers on the same machine in the same run, so the
 * figure travels between machines as a ratio.
 *
 * Both servers run as child processes; autocannon (20 connections, BENCH_DURATION seconds each,
 * 10 by default) drives them from this process. Every POST carries a unique Idempotency-Key, so
 * each one is a real complaint: a transaction with an fsync (SQLite WAL, synchronous=FULL) on a
 * temporary database; the rate limit is lifted for the run. Afterwards the stored complaints are
 * counted against the 201s.
 *
 * Progress goes to stderr; stdout ends with ONE JSON line of figures (what scripts/bench.js reads):
 * complaintRps, complaintP99Ms, complaintErrors (errors + timeouts + non-201), helloRps,
 * helloP99Ms, ratioPct (complaintRps / helloRps, %), stored. Targets: ratioPct ≥ 3,
 * complaintP99Ms ≤ 100, complaintErrors = 0.
 *
 * Builds first (`vite build`) when build/index.js is missing or older than the sources.
 * Exit code 0 when it ran (targets met or not), 1 when it could not run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const DURATION = Math.max(1, Number.parseInt(process.env.BENCH_DURATION ?? '10', 10) || 10);
const CONNECTIONS = 20;

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const log = (line) => process.stderr.write(`… ${line}\n`);

/** The inputs `npm start` compares with build/index.js (scripts/start.js). */
const INPUTS = [
	'src',
	'static',
	'messages',
	'project.inlang/settings.json',
	'svelte.config.js',
	'vite.config.ts',
	'package.json'
];

function newest(path) {
	if (!existsSync(path)) return 0;
	const s = statSync(path);
	if (!s.isDirectory()) return s.mtimeMs;
	let max = 0;
	for (const entry of readdirSync(path)) {
		if (path === 'src/lib' && entry === 'paraglide') continue; // written by the build itself
		max = Math.max(max, newest(join(path, entry)));
	}
	return max;
}

function ensureBuild() {
	const built = existsSync('build/index.js') ? statSync('build/index.js').mtimeMs : 0;
	if (built >= Math.max(...INPUTS.map(newest))) return;
	log('building (build/index.js missing or older than the sources)');
	const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
		stdio: ['ignore', 'ignore', 'inherit']
	});
	if (r.status !== 0) throw new Error('vite build failed');
}

function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

const children = new Set();

/** Spawns `args` with `env`; resolves once `ready` appears in its output. */
function startChild(name, args, env, ready) {
	const child = spawn(process.execPath, args, {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	children.add(child);
	child.on('exit', () => children.delete(child));
	let output = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`${name}: no start in 30 s\n${output}`)),
			30_000
		);
		const seen = (chunk) => {
			output += chunk;
			if (output.includes(ready)) {
				clearTimeout(timer);
				resolve(child);
			}
		};
		child.stdout.on('data', seen);
		child.stderr.on('data', seen);
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`${name} exited (${code})\n${output}`));
		});
	});
}

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
	const dbPath = join(dir, 'garupa.db');
	try {
		const [appPort, helloPort] = [await freePort(), await freePort()];
		const app = `http://127.0.0.1:${appPort}`;
		const hello = `http://127.0.0.1:${helloPort}`;
		await startChild(
			'node build',
			['build'],
			{
				HOST: '127.0.0.1',
				PORT: String(appPort),
				ORIGIN: app,
				DATABASE_URL: `file:${dbPath}`,
				COMPLAINTS_RATE_LIMIT: '999999999/600'
			},
			'Listening on'
		);
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

		const sqlite = new Database(dbPath, { readonly: true });
		const count = async () => {
			await new Promise((resolve) => setTimeout(resolve, 500)); // requests cut at the end settle
			return sqlite.prepare('select count(*) as n from complaint').get().n;
		};

		log('warm-up (2 s each)');
		await run({ url: hello, duration: 2 });
		await run({ url: `${app}/api/complaints`, ...post, duration: 2 });
		const before = await count();

		log(`hello: ${CONNECTIONS} connections, ${DURATION} s`);
		const h = await run({ url: hello });
		log(`POST /api/complaints: ${CONNECTIONS} connections, ${DURATION} s`);
		const c = await run({ url: `${app}/api/complaints`, ...post });

		const stored = (await count()) - before;
		sqlite.close();

		const figures = {
			complaintRps: round(c.requests.average),
			complaintP99Ms: round(c.latency.p99),
			complaintErrors: c.errors + c.timeouts + c.non2xx,
			helloRps: round(h.requests.average),
			helloP99Ms: round(h.latency.p99),
			ratioPct: round((100 * c.requests.average) / h.requests.average, 2),
			stored
		};
		log(
			`complaints ${figures.complaintRps} req/s (p99 ${figures.complaintP99Ms} ms, ` +
				`${figures.complaintErrors} errors, ${stored} stored for ${c['2xx']} × 2xx); ` +
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
