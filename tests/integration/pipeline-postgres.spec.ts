/**
 * The PostgreSQL hot paths in one round trip (src/lib/server/db/pipeline.ts), with PG_TEST_URL:
 *  - a complaint without media is ONE round trip to the server (claim and number, then the
 *    complaint, its event and the key's answer), one transaction, its two statements prepared
 *    once per connection; it stores the row the SQLite transaction stores, and its key replays
 *    the same receipt; a seventh digit is written alike by the server and the app;
 *  - a pipeline is one transaction: a statement that fails leaves nothing of the others, and the
 *    next pipeline (a fresh connection) prepares its statements again;
 *  - a rate-limit hit is one round trip, a prepared statement, and leaves the connection
 *    synchronous.
 */
import type { EventEmitter } from 'node:events';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ComplaintInput } from '../../src/lib/domain/complaint';
import { createComplaint } from '../../src/lib/server/complaints/intake-write';
import { sha256 } from '../../src/lib/server/complaints/idempotency';
import { createDb, migrate, type Database, type Db } from '../../src/lib/server/db';
import { pipeline, registerPool } from '../../src/lib/server/db/pipeline';
import { DbRateLimiter } from '../../src/lib/server/http/rate-limit';
import { createPgDatabase, pgAdminUrl } from './server-harness';

const body = (): ComplaintInput => ({
	vehicle: null,
	vehicleUnknown: true,
	vehicleDescription: 'moto vermelha',
	occurredAt: new Date('2026-04-01T11:00:00Z'),
	situations: ['cobrou-mais'],
	paidCentavos: 1500,
	distanceKm: null,
	location: { lat: -11.72, lng: -61.78 },
	description: 'Cobrou mais que a tabela.',
	contact: { name: 'Maria', phone: null, email: 'maria@example.com' }
});

const now = new Date('2026-04-01T12:00:00Z');

describe.skipIf(!pgAdminUrl)('one round trip on PostgreSQL', { timeout: 60_000 }, () => {
	let database: { url: string; drop: () => Promise<void> };
	/** One connection, as createDb opens it, each Sync's answer (one round trip) counted. */
	let db: Db;
	let roundTrips = 0;
	const lite = createDb({ kind: 'sqlite', path: ':memory:' });

	beforeAll(async () => {
		database = await createPgDatabase(pgAdminUrl as string, 'garupa_pipeline');
		const pool = new pg.Pool({ connectionString: database.url, max: 1 });
		pool.on('error', () => undefined);
		pool.on('connect', (client) =>
			(client as unknown as { connection: EventEmitter }).connection.on(
				'readyForQuery',
				() => roundTrips++
			)
		);
		db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
		registerPool(db, pool);
		await migrate(db);
		await migrate(lite);
	});
	afterAll(async () => {
		await db?.destroy();
		await lite.destroy();
		await database?.drop();
	});

	const prepared = async () =>
		(
			await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)
		).rows.map((r) => r.name);

	test('a complaint: one round trip, prepared once, the row SQLite stores, its key replays', async () => {
		// The year's sequence is made on its first complaint: not counted.
		await createComplaint(db, { idempotencyKey: 'pipeline-warm', body: body(), now });
		await createComplaint(lite, { idempotencyKey: 'pipeline-warm', body: body(), now });
		roundTrips = 0;
		const made = await createComplaint(db, { idempotencyKey: 'pipeline-0001', body: body(), now });
		expect(roundTrips).toBe(1);
		expect(await prepared()).toEqual(['garupa_complaint_claim_v1', 'garupa_complaint_write_v1']);
		if (made.kind !== 'created') throw new Error(made.kind);
		expect(made.response.protocol).toMatch(/^[A-Z]+-2026-000002$/);

		// What the transaction writes on SQLite, column by column (the id, the token apart).
		const onLite = await createComplaint(lite, {
			idempotencyKey: 'pipeline-0001',
			body: body(),
			now
		});
		if (onLite.kind !== 'created') throw new Error(onLite.kind);
		const row = async (d: Db, protocol: string) => {
			const { id, token_hash, ...rest } = await d
				.selectFrom('complaint')
				.selectAll()
				.where('protocol', '=', protocol)
				.executeTakeFirstOrThrow();
			const events = await d
				.selectFrom('complaint_event')
				.select(['idx', 'at', 'status', 'note', 'public'])
				.where('complaint_id', '=', id)
				.execute();
			return { token_hash, rest, events };
		};
		const pgRow = await row(db, made.response.protocol);
		const liteRow = await row(lite, onLite.response.protocol);
		expect(pgRow.rest).toEqual(liteRow.rest);
		expect(pgRow.events).toEqual(liteRow.events);
		expect(pgRow.token_hash).toBe(sha256(made.response.token));

		// The key's answer, written by the server, gives the same receipt back; another body conflicts.
		const again = await createComplaint(db, {
			idempotencyKey: 'pipeline-0001',
			body: body(),
			now
		});
		expect(again).toEqual({ kind: 'replayed', response: made.response });
		const other = { ...body(), description: 'Outro texto.' };
		expect(
			(await createComplaint(db, { idempotencyKey: 'pipeline-0001', body: other, now })).kind
		).toBe('conflict');
		expect(
			await db.selectFrom('idempotency').select('status').where('status', '!=', 'done').execute()
		).toEqual([]);
		// Neither took a number.
		const next = await createComplaint(db, { idempotencyKey: 'pipeline-0002', body: body(), now });
		expect(next.kind === 'created' && next.response.protocol).toMatch(/-2026-000003$/);
	});

	test('past 999999 the protocol has a seventh digit, the same on the server and in the receipt', async () => {
		await sql`select setval('public.protocol_sequence_2026', 999999)`.execute(db);
		const made = await createComplaint(db, { idempotencyKey: 'pipeline-7', body: body(), now });
		if (made.kind !== 'created') throw new Error(made.kind);
		expect(made.response.protocol).toMatch(/-2026-1000000$/);
		const stored = await db
			.selectFrom('complaint')
			.select(['protocol', 'seq'])
			.where('seq', '=', 1_000_000)
			.execute();
		expect(stored).toEqual([{ protocol: made.response.protocol, seq: 1_000_000 }]);
	});

	test('a pipeline is one transaction: a failing statement leaves nothing; the next prepares again', async () => {
		await sql`create table pipeline_t (a integer primary key)`.execute(db);
		const add = (name: string, a: string) => ({
			name,
			text: 'insert into pipeline_t (a) values ($1) returning a',
			values: [a]
		});
		expect(await pipeline(db, [add('t_one', '1'), add('t_two', '2')])).toEqual([
			[{ a: '1' }],
			[{ a: '2' }]
		]);
		// The second fails (the key is taken): the first's row is rolled back with it.
		await expect(pipeline(db, [add('t_one', '3'), add('t_two', '1')])).rejects.toThrow(
			/duplicate key/
		);
		const rows = await db
			.selectFrom('pipeline_t' as 'complaint')
			.select(sql<number>`a`.as('a'))
			.execute();
		expect(rows.map((r) => r.a).sort()).toEqual([1, 2]);
		// That connection was closed: the next one prepares the same names again, without error.
		expect(await pipeline(db, [add('t_one', '4'), add('t_two', '5')])).toEqual([
			[{ a: '4' }],
			[{ a: '5' }]
		]);
	});

	test('a rate-limit hit: one round trip, prepared, committed asynchronously for itself only', async () => {
		const limiter = new DbRateLimiter('p1', { limit: 1, windowSeconds: 60 }, () => db);
		expect((await limiter.hit('192.0.2.9', 0)).ok).toBe(true);
		roundTrips = 0;
		expect((await limiter.hit('192.0.2.10', 1000)).ok).toBe(true);
		expect(roundTrips).toBe(1);
		expect(await prepared()).toContain('garupa_rate_limit_hit_v1');
		const { rows } = await sql<{
			synchronous_commit: string;
		}>`show synchronous_commit`.execute(db);
		expect(rows).toEqual([{ synchronous_commit: 'on' }]);
	});
});
