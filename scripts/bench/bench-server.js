/**
 * The bench's small helpers, its build and its `node build` server, and what to clean up on exit.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { env, FIRST_PORT } from './bench-config.js';

// ─── Small helpers ───────────────────────────────────────────────────────────────────────────────

export const log = (line) => console.log(`… ${line}`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
export const gzipSize = (buf, level) => gzipSync(buf, { level }).length;

export function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export function git(...args) {
	const r = spawnSync('git', args, { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() : null;
}

// ─── Build and server ────────────────────────────────────────────────────────────────────────────

export async function ensureBuild() {
	if (existsSync('build/index.js') && env.BENCH_BUILD !== '1') {
		const age = Math.round((Date.now() - statSync('build/index.js').mtimeMs) / 60000);
		log(`using the existing build (build/index.js, ${age} min old; BENCH_BUILD=1 rebuilds)`);
		return;
	}
	for (let attempt = 1; attempt <= 10; attempt++) {
		log('building (npm run build)…');
		const r = spawnSync('npm', ['run', 'build'], { encoding: 'utf8' });
		if (r.status === 0) return;
		const output = `${r.stdout}\n${r.stderr}`;
		// Another build of this project is running (vite's lock): wait for it and use its output.
		if (/Found another Vite build process/.test(output)) {
			log('another build is running; waiting 30 s');
			await sleep(30_000);
			if (existsSync('build/index.js') && env.BENCH_BUILD !== '1') return;
			continue;
		}
		process.stderr.write(output.slice(-4000));
		throw new Error(`npm run build failed (exit ${r.status})`);
	}
	throw new Error('could not build: another build kept running');
}

function portIsFree(port) {
	return new Promise((resolve) => {
		const server = createServer()
			.once('error', () => resolve(false))
			.once('listening', () => server.close(() => resolve(true)))
			.listen(port, '127.0.0.1');
	});
}

export async function freePort() {
	for (let port = FIRST_PORT; port < FIRST_PORT + 50; port++) {
		if (await portIsFree(port)) return port;
	}
	throw new Error(`no free port in ${FIRST_PORT}–${FIRST_PORT + 49}`);
}

let server = null;
/** Synchronous clean-ups (the Chromium of a Lighthouse run) for an exit or Ctrl-C mid-run. */
export const cleanups = new Set();

export function stopServer() {
	if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
}

export function cleanUp() {
	for (const fn of cleanups) {
		try {
			fn();
		} catch {
			// best effort
		}
	}
	cleanups.clear();
	stopServer();
}

export async function startServer() {
	const port = await freePort();
	const origin = `http://localhost:${port}`;
	server = spawn(process.execPath, ['build'], {
		env: { ...env, PORT: String(port), HOST: '127.0.0.1', ORIGIN: origin },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	server.stdout.on('data', (d) => (output += d));
	server.stderr.on('data', (d) => (output += d));
	const local = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		if (server.exitCode !== null || server.signalCode !== null) break;
		try {
			await fetch(`${local}/`, { signal: AbortSignal.timeout(2000) });
			log(`server up: node build on ${origin}`);
			// Browsers use `origin` (it is ORIGIN, and a secure context); Node's fetch uses `local`.
			return { origin, local };
		} catch {
			await sleep(250);
		}
	}
	stopServer();
	process.stderr.write(output.slice(-4000));
	const exited = server.exitCode ?? server.signalCode;
	throw new Error(
		exited === null
			? `node build did not answer on port ${port} within 30 s`
			: `node build exited (${exited}) before answering on port ${port}`
	);
}
