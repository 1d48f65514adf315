/**
 * Running Garupa in production, against the BUILT server (tests/integration/server-harness.ts):
 *  - backup while serving: `npm run backup` during a burst of complaints, `npm run restore` into an
 *    empty database (refused into a full one without --force), and the restored app serves every
 *    complaint acknowledged before the backup began — on SQLite, and on PostgreSQL with PG_TEST_URL;
 *  - SQLite → PostgreSQL: `npm run db:copy`, then the app on PostgreSQL serves the old complaints
 *    and numbers new ones after them;
 *  - SIGTERM: a complaint still being uploaded when the signal comes is answered 201 and is on
 *    disk; the process exits 0;
 *  - /healthz, /readyz and the one-line JSON log (a 4xx is one line without a stack).
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '../../src/lib/server/db';
import {
	cli,
	complaintBody,
	createPgDatabase,
	ensureBuilt,
	found,
	pgAdminUrl,
	postComplaint,
	PROXY,
	type Receipt,
	rider,
	type Server,
	startServer,
	stopServer
} from './server-harness';

/** Posts complaints from `parallel` loops until `stop()`; `acked` holds each 201 as it arrives. */
function burst(server: Server, parallel = 4) {
	const acked: Receipt[] = [];
	let running = true;
	let address = 0;
	const loops = Array.from({ length: parallel }, async () => {
		while (running) {
			// A fresh X-Forwarded-For per complaint: the burst is many riders, not one (rate limit).
			const res = await postComplaint(server, complaintBody(), {
				'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}`
			}).catch(() => null);
			if (res?.status === 201) acked.push((await res.json()) as Receipt);
		}
	});
	return {
		acked,
		stop: async () => {
			running = false;
			await Promise.all(loops);
		}
	};
}

beforeAll(ensureBuilt, 300_000);

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'garupa-ops-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The backup test on one kind of database; `fresh()` gives a new empty database URL. */
async function backupWhileServing(fresh: () => Promise<string>, file: string) {
	const live = await fresh();
	const server = await startServer(live, PROXY);
	const load = burst(server);
	let before: Receipt[];
	try {
		while (load.acked.length < 20) await new Promise((r) => setTimeout(r, 20));
		before = [...load.acked];
		const backup = await cli('backup.ts', ['--', file], live);
		expect(backup.out).toContain('Backup');
		expect(backup.status).toBe(0);
		// The burst went on during the backup.
		const during = load.acked.length - before.length;
		expect(during).toBeGreaterThan(0);
		// A backup never overwrites another.
		expect((await cli('backup.ts', [file], live)).status).toBe(1);
	} finally {
		await load.stop();
		await stopServer(server);
	}

	// Into the live (non-empty) database: refused without --force.
	const refused = await cli('restore.ts', [file], live);
	expect(refused.status).toBe(1);
	expect(refused.out).toMatch(/já tem dados/);

	const target = await fresh();
	const restored = await cli('restore.ts', [file], target);
	expect(restored.out).toContain('restaurado');
	expect(restored.status).toBe(0);
	const again = await startServer(target, PROXY);
	try {
		const statuses = await Promise.all(before.map((r) => found(again, r)));
		expect(statuses).toEqual(before.map(() => 200));
		// And it takes new complaints.
		expect((await postComplaint(again, complaintBody(), rider())).status).toBe(201);
	} finally {
		await stopServer(again);
	}
	// --force replaces a database that has data.
	expect((await cli('restore.ts', [file, '--force'], target)).status).toBe(0);
	return before;
}

describe('backup while serving, restore into an empty database', { timeout: 240_000 }, () => {
	test('SQLite (VACUUM INTO)', async () => {
		let n = 0;
		await backupWhileServing(
			async () => `file:${join(dir, `sqlite-${++n}.db`)}`,
			join(dir, 'backup.db')
		);
	});

	test.skipIf(!pgAdminUrl)('PostgreSQL (pg_dump custom format)', async () => {
		const made: { drop: () => Promise<void> }[] = [];
		try {
			await backupWhileServing(
				async () => {
					const d = await createPgDatabase(pgAdminUrl as string, 'garupa_backup');
					made.push(d);
					return d.url;
				},
				join(dir, 'backup.pgdump')
			);
		} finally {
			for (const d of made) await d.drop();
		}
	});
});

describe.skipIf(!pgAdminUrl)('moving from SQLite to PostgreSQL', { timeout: 180_000 }, () => {
	test('npm run db:copy: the app on PostgreSQL serves the old complaints and numbers after them', async () => {
		const sqlite = `file:${join(dir, 'move.db')}`;
		const one = await startServer(sqlite, PROXY);
		const old: Receipt[] = [];
		try {
			for (let i = 0; i < 5; i++)
				old.push((await (await postComplaint(one, complaintBody(), rider())).json()) as Receipt);
		} finally {
			await stopServer(one);
		}
		const pg = await createPgDatabase(pgAdminUrl as string, 'garupa_move');
		try {
			const copy = await cli('db-copy.ts', ['--', '--to', pg.url], sqlite);
			expect(copy.out).toMatch(/Copiadas \d+ linhas/);
			expect(copy.status).toBe(0);
			// A second copy into the now full database is refused.
			expect((await cli('db-copy.ts', ['--to', pg.url], sqlite)).status).toBe(1);

			const two = await startServer(pg.url, PROXY);
			try {
				expect(await Promise.all(old.map((r) => found(two, r)))).toEqual(old.map(() => 200));
				const next = (await (await postComplaint(two, complaintBody(), rider())).json()) as Receipt;
				expect(Number(next.protocol.slice(-6))).toBe(Number(old[4]?.protocol.slice(-6)) + 1);
				// The sample registry came along: /api/registry answers the same version.
				expect((await fetch(`${two.url}/api/registry`)).status).toBe(200);
				expect(await (await fetch(`${two.url}/readyz`)).json()).toMatchObject({
					status: 'ready',
					dialect: 'postgres'
				});
			} finally {
				await stopServer(two);
			}
		} finally {
			await pg.drop();
		}
	});
});

describe(
	'SIGTERM: finish what is in flight, close the database, exit 0',
	{ timeout: 60_000 },
	() => {
		test('a complaint still uploading when SIGTERM comes is acknowledged and on disk', async () => {
			const path = join(dir, 'sigterm.db');
			const server = await startServer(`file:${path}`);
			const body = JSON.stringify(complaintBody());
			const url = new URL('/api/complaints', server.url);
			const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
				const req = request(
					url,
					{
						method: 'POST',
						headers: {
							'content-type': 'application/json',
							'content-length': Buffer.byteLength(body),
							'idempotency-key': crypto.randomUUID()
						}
					},
					(res) => {
						let text = '';
						res.on('data', (c: Buffer) => (text += c.toString()));
						res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
					}
				);
				req.on('error', reject);
				// Half the body now; SIGTERM; the rest 300 ms later.
				req.write(body.slice(0, 40));
				setTimeout(() => {
					server.child.kill('SIGTERM');
					setTimeout(() => req.end(body.slice(40)), 300);
				}, 200);
			});
			const exited = new Promise<number | null>((resolve) =>
				server.child.once('exit', (code) => resolve(code))
			);
			const res = await answer;
			expect(res.status).toBe(201);
			const { protocol } = JSON.parse(res.body) as Receipt;
			expect(await exited).toBe(0);
			expect(server.output()).toContain('"msg":"encerrado"');

			const db = createDb({ kind: 'sqlite', path });
			try {
				const row = await db
					.selectFrom('complaint')
					.select('protocol')
					.where('protocol', '=', protocol)
					.executeTakeFirst();
				expect(row?.protocol).toBe(protocol);
			} finally {
				await db.destroy();
			}
		});
	}
);

describe('health and logs', { timeout: 60_000 }, () => {
	let server: Server;
	beforeAll(
		async () => void (server = await startServer(`file:${join(dir, 'health.db')}`)),
		60_000
	);
	afterAll(() => stopServer(server));

	test('/healthz and /readyz answer small JSON without secrets', async () => {
		const h = await fetch(`${server.url}/healthz`);
		expect(h.status).toBe(200);
		expect(await h.json()).toEqual({ status: 'ok' });
		const r = await fetch(`${server.url}/readyz`);
		expect(r.status).toBe(200);
		const text = await r.text();
		expect(JSON.parse(text)).toEqual({
			status: 'ready',
			database: 'ok',
			migrations: 'current',
			dialect: 'sqlite'
		});
		expect(text).not.toContain(dir);
	});

	/** The log lines that mention `requestId`. */
	async function linesOf(id: string): Promise<string[]> {
		await new Promise((r) => setTimeout(r, 100));
		return server
			.output()
			.split('\n')
			.filter((l) => l.includes(id));
	}

	test('one JSON line a request: time, level, request id, route id, status, duration', async () => {
		const id = `teste-${Date.now()}`;
		await fetch(`${server.url}/reclamacoes/RM-2026-000001?token=segredo-do-passageiro`, {
			headers: { 'x-request-id': id }
		});
		const lines = await linesOf(id);
		expect(lines).toHaveLength(1);
		const line = JSON.parse(lines[0] as string);
		expect(Object.keys(line)).toEqual(
			expect.arrayContaining(['time', 'level', 'requestId', 'route', 'status', 'durationMs'])
		);
		// The route's pattern, never the path with the protocol or the token.
		expect(line.route).toMatch(/\[protocolo?\]/);
		expect(lines[0]).not.toContain('segredo-do-passageiro');
		expect(lines[0]).not.toContain('RM-2026-000001');
	});

	test('a 4xx is one line with its status and code, no stack, no personal data', async () => {
		const cases: [path: string, init: RequestInit, status: number][] = [
			['/pagina-que-nao-existe-maria@example.com', {}, 404],
			// A malformed URI: SvelteKit answers 400 before any hook; nothing may print a stack.
			['/%E0%A4%A', {}, 400],
			[
				'/api/complaints',
				{
					method: 'POST',
					headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
					body: '{"description":"' + 'x'.repeat(2 * 1024 * 1024) + '"}'
				},
				413
			]
		];
		for (const [path, init, status] of cases) {
			const id = `quatro-${status}-${Date.now()}`;
			const res = await fetch(`${server.url}${path}`, {
				...init,
				headers: { ...(init.headers as Record<string, string>), 'x-request-id': id }
			}).catch(() => null);
			if (res) expect(res.status).toBe(status);
			const lines = await linesOf(id);
			expect(lines.length).toBeLessThanOrEqual(1);
			for (const l of lines) {
				expect(JSON.parse(l)).toMatchObject({ level: 'warn', status });
				expect(l).not.toContain('maria@example.com');
			}
			expect(server.output()).not.toMatch(/\n\s+at [^\n]+\(/);
		}
	});
});
