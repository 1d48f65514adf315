/**
 * Two app processes (the built server) on ONE PostgreSQL database keep every guarantee:
 * one complaint per Idempotency-Key even when both get it at once, unique and gapless protocols,
 * one complaint rate limit for both, shared sign-in locks, and a registry publish, a decree and a decreed day seen by
 * both within a second; and after both are killed (SIGKILL) under load, every acknowledged
 * complaint is there and no protocol is issued twice. Needs PG_TEST_URL (`npm test` starts a throwaway cluster); skipped
 * without it, and `npm test` says so.
 */
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../src/lib/server/db';
import { addDecree, addDecreedDay } from '../../src/lib/server/rules';
import { latestSnapshot, publishSnapshot } from '../../src/lib/server/registry';
import {
	complaintBody,
	createPgDatabase,
	ensureBuilt,
	found,
	pgAdminUrl,
	postComplaint,
	PROXY,
	type Receipt,
	root,
	startServer,
	stopServer,
	type Server
} from './server-harness';

const LIMIT = 5;

describe.skipIf(!pgAdminUrl)('two instances, one PostgreSQL database', { timeout: 120_000 }, () => {
	let database: { url: string; drop: () => Promise<void> };
	let a: Server;
	let b: Server;
	let db: Db;
	const env = { ...PROXY, COMPLAINTS_RATE_LIMIT: `${LIMIT}/600` };

	beforeAll(async () => {
		ensureBuilt();
		database = await createPgDatabase(pgAdminUrl as string, 'garupa_instances');
		// Behind a proxy, as deployed: the client address comes from X-Forwarded-For, so each test
		// picks its own. Both start at once: the migrations run once (Kysely's lock).
		[a, b] = await Promise.all([startServer(database.url, env), startServer(database.url, env)]);
		db = createDb({ kind: 'postgres', url: database.url });
	}, 180_000);

	afterAll(async () => {
		await db?.destroy();
		await Promise.all([a && stopServer(a), b && stopServer(b)]);
		await database?.drop();
	});

	let address = 0;
	/** A fresh client address (TEST-NET-3), so the rate limit of one test is not another's. */
	const client = () => ({ 'x-forwarded-for': `203.0.113.${++address}` });

	test('the same Idempotency-Key sent to both at the same moment stores one complaint', async () => {
		for (let round = 0; round < 5; round++) {
			const key = crypto.randomUUID();
			const headers = { 'idempotency-key': key, ...client() };
			const body = complaintBody();
			const [ra, rb] = await Promise.all([
				postComplaint(a, body, headers),
				postComplaint(b, body, headers)
			]);
			// Both acknowledge the same receipt (the second waited for the first's commit).
			expect([ra.status, rb.status]).toEqual([201, 201]);
			const [ja, jb] = await Promise.all([ra.json(), rb.json()]);
			expect(ja.protocol).toBe(jb.protocol);
			const stored = await db
				.selectFrom('complaint')
				.select('protocol')
				.where('protocol', '=', ja.protocol)
				.execute();
			expect(stored).toHaveLength(1);
		}
	});

	test('40 complaints at once over both: protocols unique and gapless', async () => {
		const before = await db.selectFrom('complaint').select('protocol').execute();
		const answers = await Promise.all(
			Array.from({ length: 40 }, (_, i) => postComplaint(i % 2 ? a : b, undefined, client()))
		);
		expect(answers.map((r) => r.status)).toEqual(Array(40).fill(201));
		const protocols = (await Promise.all(answers.map((r) => r.json()))).map(
			(j: { protocol: string }) => j.protocol
		);
		expect(new Set(protocols).size).toBe(40);
		const all = [...before.map((r) => r.protocol), ...protocols];
		const numbers = all.map((p) => Number(p.slice(-6))).sort((x, y) => x - y);
		expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
	});

	test(`the rate limit (${LIMIT} per 10 min) is one count for both instances`, async () => {
		const headers = client();
		const statuses: number[] = [];
		// Alternating, so each instance alone would let LIMIT through.
		for (let i = 0; i < 2 * LIMIT; i++)
			statuses.push((await postComplaint(i % 2 ? a : b, undefined, headers)).status);
		expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
		expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429));
		// Concurrent hits from another address never let more than LIMIT through either.
		const other = client();
		const burst = await Promise.all(
			Array.from({ length: 3 * LIMIT }, (_, i) => postComplaint(i % 2 ? a : b, undefined, other))
		);
		expect(burst.filter((r) => r.status === 201).length).toBeLessThanOrEqual(LIMIT);
		expect(burst.filter((r) => r.status === 201).length).toBeGreaterThan(0);
	});

	test('sign-in locks are shared: 5 wrong passwords over both lock the pair on both', async () => {
		const email = 'fiscal-bloqueio@garupa.test';
		const password = 'senha-correta-de-teste-1';
		const created = spawnSync(
			join(root, 'node_modules', '.bin', 'tsx'),
			[
				'scripts/cli/staff-create.ts',
				'--email',
				email,
				'--role',
				'fiscal',
				'--name',
				'Fiscal Bloqueio'
			],
			{
				cwd: root,
				input: password,
				encoding: 'utf8',
				env: { ...process.env, DATABASE_URL: database.url }
			}
		);
		expect(created.status, created.stderr).toBe(0);
		const headers = client();
		// A new connection for each sign-in (node:http, no agent): alternating between the two
		// servers leaves one socket idle while the other answers after its throttling delay, and a
		// kept-alive socket reused just as the server's keep-alive timeout closes it fails with
		// "other side closed" — a client race, not what this test is about.
		const signIn = (server: Server, senha: string) =>
			new Promise<number>((resolve, reject) => {
				const body = new URLSearchParams({ email, senha }).toString();
				const req = httpRequest(
					`${server.url}/admin/login`,
					{
						method: 'POST',
						agent: false,
						headers: {
							'content-type': 'application/x-www-form-urlencoded',
							'content-length': Buffer.byteLength(body),
							// A browser's form post (no JavaScript): the status is the action's.
							accept: 'text/html',
							origin: server.url,
							...headers
						}
					},
					(res) => {
						res.resume();
						res.on('end', () => resolve(res.statusCode ?? 0));
					}
				);
				req.on('error', reject);
				req.end(body);
			});
		// Alternating: each instance alone sees only 2 or 3 failures, under the lock (5).
		const failures = [];
		for (let i = 0; i < 5; i++) failures.push(await signIn(i % 2 ? a : b, 'senha-errada'));
		expect(failures).toEqual([400, 400, 400, 400, 400]);
		// Now even the right password is refused on both, for the pair (e-mail, address).
		expect(await signIn(a, password)).toBe(429);
		expect(await signIn(b, password)).toBe(429);
		// From another address the member still gets in (303 to /admin).
		headers['x-forwarded-for'] = client()['x-forwarded-for'];
		expect(await signIn(a, password)).toBe(303);
	});

	/** Polls both instances until `seen` holds on each; returns the milliseconds it took. */
	async function seenByBoth(path: string, seen: (body: unknown) => boolean): Promise<number> {
		const started = Date.now();
		const pending = new Set([a, b]);
		while (pending.size > 0 && Date.now() - started < 5000) {
			for (const server of [...pending]) {
				const res = await fetch(`${server.url}${path}`);
				if (res.ok && seen(await res.json())) pending.delete(server);
			}
			if (pending.size > 0) await new Promise((r) => setTimeout(r, 50));
		}
		expect(pending.size).toBe(0);
		return Date.now() - started;
	}

	/**
	 * One second after a change was committed, one request to each instance shows it: an instance
	 * trusts what it cached for at most REGISTRY_RECHECK_MS / RULES_RECHECK_MS (1,000 ms), so any
	 * copy read before the commit is too old by then and is checked again. No polling, so the test
	 * states the guarantee itself and a busy machine can only make it pass later, never flake.
	 */
	async function seenByBothAfterASecond(path: string, seen: (body: unknown) => boolean) {
		await new Promise((r) => setTimeout(r, 1000));
		for (const server of [a, b]) {
			const res = await fetch(`${server.url}${path}`);
			expect(res.ok).toBe(true);
			expect(seen(await res.json()), `${server.url}${path}`).toBe(true);
		}
	}

	test('a registry publish is seen by both instances within a second', async () => {
		const current = await latestSnapshot(db);
		expect(current).not.toBeNull();
		// Both have the current version cached.
		for (const server of [a, b])
			expect((await (await fetch(`${server.url}/api/registry`)).json()).version).toBe(
				current?.version
			);
		const published = await publishSnapshot(db, {
			entries: current?.entries ?? [],
			source: 'teste de duas instâncias',
			sample: false
		});
		await seenByBothAfterASecond(
			'/api/registry',
			(j) => (j as { version: number }).version === published.version
		);
	});

	test('a decree and a decreed day are seen by both instances within a second', async () => {
		const gestor = await db
			.insertInto('staff')
			.values({
				email: 'gestor@garupa.test',
				name: 'Gustavo Gestor',
				role: 'gestor',
				password_hash: 'x',
				created_at: new Date().toISOString()
			})
			.returning(['id', 'email'])
			.executeTakeFirstOrThrow();
		const at = encodeURIComponent('2031-03-04T10:00:00-04:00');
		await seenByBoth(`/api/bandeira?at=${at}`, () => true); // both caches warm
		await addDecree(
			db,
			{
				reference: 'Decreto nº 9/2030',
				validFrom: '2031-01-01',
				bandeiras: { 1: { flagfall: 1234 }, 2: { flagfall: 1500 } },
				surcharges: []
			},
			gestor
		);
		await seenByBothAfterASecond(`/api/bandeira?at=${at}`, (j) =>
			JSON.stringify(j).includes('1234')
		);

		await addDecreedDay(
			db,
			{ date: '2031-05-13', action: 'add', name: 'Dia de teste', reference: 'Decreto nº 10/2030' },
			gestor
		);
		await seenByBothAfterASecond('/api/holidays?year=2031', (j) =>
			JSON.stringify(j).includes('2031-05-13')
		);
	});

	test('kill -9 of both instances under load: every acknowledged complaint is there, no protocol twice, numbers go on', async () => {
		const acknowledged: Receipt[] = [];
		let sending = true;
		/** Complaints one after another on `server` until it dies; keeps what was acknowledged. */
		const pump = async (server: Server) => {
			while (sending) {
				try {
					const res = await postComplaint(server, undefined, client());
					if (res.status === 201) acknowledged.push((await res.json()) as Receipt);
				} catch {
					return; // the connection died with the process: not acknowledged
				}
			}
		};
		const pumps = [a, b, a, b, a, b].map(pump);
		while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));
		const exits = [a, b].map((s) => new Promise((r) => s.child.once('exit', r)));
		a.child.kill('SIGKILL');
		b.child.kill('SIGKILL');
		await Promise.all(exits);
		sending = false;
		await Promise.all(pumps);

		[a, b] = await Promise.all([startServer(database.url, env), startServer(database.url, env)]);
		// Every acknowledged complaint is there, readable with its token, on either instance.
		const statuses = await Promise.all(acknowledged.map((r, i) => found(i % 2 ? a : b, r)));
		expect(statuses).toEqual(acknowledged.map(() => 200));
		const stored = (await db.selectFrom('complaint').select('protocol').execute()).map(
			(r) => r.protocol
		);
		expect(new Set(stored).size).toBe(stored.length);
		// After the restart, new numbers come after every number ever stored, never one again.
		const highest = Math.max(...stored.map((p) => Number(p.slice(-6))));
		const after = await Promise.all(
			Array.from({ length: 6 }, (_, i) => postComplaint(i % 2 ? a : b, undefined, client()))
		);
		expect(after.map((r) => r.status)).toEqual(Array(6).fill(201));
		const numbers = (await Promise.all(after.map((r) => r.json()))).map((j: Receipt) =>
			Number(j.protocol.slice(-6))
		);
		expect(new Set(numbers).size).toBe(6);
		expect(Math.min(...numbers)).toBeGreaterThan(highest);
	});
});
