/**
 * The complaint bench's setup: the build it serves, the child servers it starts, and the database
 * of the run (SQLite, or PostgreSQL with a way to count what was stored).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildIsStale } from '../build/build-inputs.js';
import { startCluster } from '../test/pg-cluster.js';

export const log = (line) => process.stderr.write(`… ${line}\n`);

/** The build to serve: `BUILD_DIR` (then the caller built it) or build/ (rebuilt when stale). */
export const BUILD = process.env.BUILD_DIR ?? 'build';

export function ensureBuild() {
	if (process.env.BUILD_DIR) {
		if (!existsSync(`${BUILD}/index.js`)) throw new Error(`${BUILD}/index.js missing`);
		return;
	}
	if (!buildIsStale('build/index.js')) return;
	log('building (build/index.js missing or older than the sources)');
	const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
		stdio: ['ignore', 'ignore', 'inherit']
	});
	if (r.status !== 0) throw new Error('vite build failed');
}

export function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

export const children = new Set();

/** Spawns `args` with `env`; resolves once `ready` appears in its output. */
export function startChild(name, args, env, ready) {
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

/**
 * The PostgreSQL server of the run: PG_TEST_URL's, else a throwaway cluster with fsync on, stopped
 * by `close()`.
 */
export async function pgAdmin() {
	if (process.env.PG_TEST_URL) return { url: process.env.PG_TEST_URL, close: async () => {} };
	log('starting a throwaway PostgreSQL cluster (fsync on)');
	const cluster = await startCluster({ durable: true });
	return { url: cluster.url, close: async () => cluster.stop() };
}

/**
 * The database of one run (`dir` a fresh path for SQLite; `admin` the PostgreSQL server's URL):
 * its URL and a way to count stored complaints.
 */
export async function database(dir, mode, admin) {
	if (mode === 'sqlite') {
		mkdirSync(dir, { recursive: true });
		const dbPath = join(dir, 'garupa.db');
		let sqlite = null;
		return {
			url: `file:${dbPath}`,
			count: async () => {
				sqlite ??= new Database(dbPath, { readonly: true });
				return sqlite.prepare('select count(*) as n from complaint').get().n;
			},
			close: async () => sqlite?.close()
		};
	}
	const name = `garupa_bench_${process.pid}_${mode.replace(/\W/g, '_')}`;
	const c = new pg.Client({ connectionString: admin });
	await c.connect();
	await c.query(`drop database if exists ${name} with (force)`);
	await c.query(`create database ${name}`);
	const url = new URL(admin);
	url.pathname = `/${name}`;
	let client = null;
	return {
		url: url.toString(),
		count: async () => {
			if (!client) {
				// Named, so the bench's CPU figures leave this session out (bench-complaints.js).
				client = new pg.Client({
					connectionString: url.toString(),
					application_name: 'garupa-bench'
				});
				await client.connect();
			}
			return Number((await client.query('select count(*) as n from complaint')).rows[0].n);
		},
		close: async () => {
			await client?.end();
			await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
			await c.end();
		}
	};
}
