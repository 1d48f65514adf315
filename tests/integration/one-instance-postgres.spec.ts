/**
 * ONE app process (the built server) on PostgreSQL, killed (SIGKILL) while complaints pour in —
 * each complaint one round trip, committed at its Sync (src/lib/server/db/pipeline.ts): every
 * complaint acknowledged with 201 is there after the restart, readable with its token; its key
 * replays the very same receipt; no protocol is stored twice; numbers go on after every number
 * stored. (Two instances: several-instances.spec.ts.) Needs PG_TEST_URL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../src/lib/server/db';
import {
	complaintBody,
	createPgDatabase,
	ensureBuilt,
	found,
	pgAdminUrl,
	postComplaint,
	PROXY,
	type Receipt,
	startServer,
	stopServer,
	type Server
} from './server-harness';

describe.skipIf(!pgAdminUrl)('one instance on PostgreSQL, killed', { timeout: 120_000 }, () => {
	let database: { url: string; drop: () => Promise<void> };
	let server: Server;
	let db: Db;
	const env = { ...PROXY, COMPLAINTS_RATE_LIMIT: '5/600' };

	beforeAll(async () => {
		ensureBuilt();
		database = await createPgDatabase(pgAdminUrl as string, 'garupa_one_instance');
		server = await startServer(database.url, env);
		db = createDb({ kind: 'postgres', url: database.url });
	}, 180_000);

	afterAll(async () => {
		await db?.destroy();
		if (server) await stopServer(server);
		await database?.drop();
	});

	let address = 0;
	/** A fresh client address (TEST-NET-2) per request: the rate limit is not what is tested. */
	const client = () => ({ 'x-forwarded-for': `198.51.100.${(++address % 250) + 1}` });

	test('kill -9 under load: every 201 is there and replays its receipt, no protocol twice, numbers go on', async () => {
		const body = complaintBody();
		const acknowledged: { key: string; receipt: Receipt }[] = [];
		let sending = true;
		const pump = async () => {
			while (sending) {
				const key = crypto.randomUUID();
				try {
					const res = await postComplaint(server, body, { 'idempotency-key': key, ...client() });
					if (res.status === 201)
						acknowledged.push({ key, receipt: (await res.json()) as Receipt });
				} catch {
					return; // the connection died with the process: not acknowledged
				}
			}
		};
		const pumps = Array.from({ length: 8 }, pump);
		while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
		const exited = new Promise((r) => server.child.once('exit', r));
		server.child.kill('SIGKILL');
		await exited;
		sending = false;
		await Promise.all(pumps);

		server = await startServer(database.url, env);
		const statuses = await Promise.all(acknowledged.map(({ receipt }) => found(server, receipt)));
		expect(statuses).toEqual(acknowledged.map(() => 200));
		// The key's answer was committed with the complaint: a resend gets the same receipt.
		for (const { key, receipt } of acknowledged.slice(-5)) {
			const again = await postComplaint(server, body, { 'idempotency-key': key, ...client() });
			expect(again.status).toBe(201);
			expect(await again.json()).toEqual(receipt);
		}
		const stored = (await db.selectFrom('complaint').select('protocol').execute()).map(
			(r) => r.protocol
		);
		expect(new Set(stored).size).toBe(stored.length);
		expect(
			await db.selectFrom('idempotency').select('status').where('status', '!=', 'done').execute()
		).toEqual([]);
		const highest = Math.max(...stored.map((p) => Number(p.slice(-6))));
		const next = await postComplaint(server, undefined, client());
		expect(next.status).toBe(201);
		expect(Number(((await next.json()) as Receipt).protocol.slice(-6))).toBeGreaterThan(highest);
	});
});
