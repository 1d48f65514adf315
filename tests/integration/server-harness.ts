/**
 * The built server (`node build`, as `npm start` and systemd run it) for integration tests:
 * start it on a free port and a given database, post complaints, stop it by a signal; run the
 * operators' scripts beside it. The build
 * folder is `BUILD_DIR` (as in svelte.config.js), `build` by default; it is built when missing.
 * PostgreSQL tests take their server from `PG_TEST_URL` (an admin URL, set by `npm test` from a
 * throwaway cluster, scripts/test/pg-cluster.js) and make their own database in it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const buildDir = process.env.BUILD_DIR ?? 'build';

/** The admin URL of a PostgreSQL server for tests, or undefined (those tests are skipped). */
export const pgAdminUrl: string | undefined = process.env.PG_TEST_URL || undefined;

/** Builds when `BUILD_DIR/index.js` is missing (`npm test` builds before the integration tests). */
export function ensureBuilt(): void {
	if (existsSync(join(root, buildDir, 'index.js'))) return;
	const vite = join(root, 'node_modules', '.bin', 'vite');
	const run = spawnSync(vite, ['build'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
	if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}\n${run.stderr}`);
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() =>
				typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port'))
			);
		});
	});
}

export interface Server {
	url: string;
	child: ChildProcess;
	/** Everything it printed so far. */
	output: () => string;
}

/**
 * `node <build>` with `DATABASE_URL`; resolves once it listens. `env` may depend on the port
 * (a function of it), e.g. the environment `npm start` would give it.
 */
export async function startServer(
	databaseUrl: string,
	extra:
		Record<string, string | undefined> | ((port: number) => Record<string, string | undefined>) = {}
): Promise<Server> {
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const env = typeof extra === 'function' ? extra(port) : extra;
	const child = spawn(process.execPath, [buildDir], {
		cwd: root,
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(port),
			ORIGIN: url,
			DATABASE_URL: databaseUrl,
			...env
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no start in 60 s:\n${output}`)), 60_000);
		const seen = () => {
			if (output.includes('Listening on')) {
				clearTimeout(timer);
				resolve();
			}
		};
		child.stdout?.on('data', seen);
		child.stderr?.on('data', seen);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`server exited (${code}):\n${output}`));
		});
	});
	return { url, child, output: () => output };
}

/** Sends `signal` and waits for the exit (SIGKILL after 10 s); resolves with the exit code. */
export function stopServer(
	server: Server,
	signal: NodeJS.Signals = 'SIGTERM'
): Promise<number | null> {
	return new Promise((resolve) => {
		const { child } = server;
		if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
		const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
		child.once('exit', (code) => {
			clearTimeout(timer);
			resolve(code);
		});
		child.kill(signal);
	});
}

/** An occurrence an hour ago: valid whatever the clock of the machine running the tests. */
export function complaintBody(extra: Record<string, unknown> = {}) {
	return {
		vehicle: 'MT-007',
		occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
		situations: ['cobrou-mais'],
		paidCentavos: 1500,
		location: { text: 'Rodoviária' },
		description: 'Cobrou R$ 15 por uma corrida de R$ 7.',
		...extra
	};
}

/** Behind a proxy, as deployed: the client address comes from X-Forwarded-For (see `rider`). */
export const PROXY = { ADDRESS_HEADER: 'x-forwarded-for', XFF_DEPTH: '1' };

let riders = 0;
/** The header the proxy adds (PROXY): a new rider each time, so no rate limit is reached. */
export const rider = () => ({ 'x-forwarded-for': `192.0.2.${(riders++ % 250) + 1}` });

/** What a 201 answers: the protocol and the token that reads it back. */
export interface Receipt {
	protocol: string;
	token: string;
}

/** The status of GET /api/complaints/{protocol} with the receipt's token: 200 when it is there. */
export async function found(server: Server, r: Receipt): Promise<number> {
	return (await fetch(`${server.url}/api/complaints/${r.protocol}?token=${r.token}`)).status;
}

/** POST /api/complaints with a new Idempotency-Key unless one is given; a string is sent as is. */
export function postComplaint(
	server: Server,
	body: unknown = complaintBody(),
	headers: Record<string, string> = {}
): Promise<Response> {
	return fetch(`${server.url}/api/complaints`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			'idempotency-key': crypto.randomUUID(),
			...headers
		},
		body: typeof body === 'string' ? body : JSON.stringify(body)
	});
}

/**
 * `npm run <script> -- args` (scripts/cli/<script>) with DATABASE_URL, as an operator types it;
 * not blocking, so the server under test keeps answering meanwhile.
 */
export function cli(
	script: string,
	args: string[],
	databaseUrl: string
): Promise<{ status: number | null; out: string }> {
	return new Promise((resolve) => {
		const tsx = join(root, 'node_modules', '.bin', 'tsx');
		const child = spawn(tsx, [join(root, 'scripts', 'cli', script), ...args], {
			cwd: root,
			env: { ...process.env, DATABASE_URL: databaseUrl },
			timeout: 120_000
		});
		let out = '';
		child.stdout.on('data', (c: Buffer) => (out += c.toString()));
		child.stderr.on('data', (c: Buffer) => (out += c.toString()));
		child.on('close', (status) => resolve({ status, out }));
	});
}

/** A new, empty database on the test PostgreSQL server; `drop()` removes it. */
export async function createPgDatabase(
	adminUrl: string,
	prefix: string
): Promise<{ url: string; drop: () => Promise<void> }> {
	const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`create database ${name}`);
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return {
		url: url.toString(),
		drop: async () => {
			const c = new pg.Client({ connectionString: adminUrl });
			await c.connect();
			await c.query(`drop database if exists ${name} with (force)`);
			await c.end();
		}
	};
}
