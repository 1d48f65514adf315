/**
 * The complaint rate limit kept in PostgreSQL (`DbRateLimiter`, the default there), with
 * PG_TEST_URL:
 *  - one count for every instance: 20 per window across two pools, the 21st refused on either, a
 *    refused request not counted (as on SQLite, src/lib/server/http/rate-limit.spec.ts);
 *  - each hit is ONE statement — one round trip, its own transaction — that commits without
 *    waiting for a WAL flush (`synchronous_commit` off for that transaction only), and leaves the
 *    connection's setting as it was: the complaint written next on the same connection still
 *    commits synchronously.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, migrate, type Database, type Db } from '../../src/lib/server/db';
import { DbRateLimiter } from '../../src/lib/server/http/rate-limit';
import { createPgDatabase, pgAdminUrl } from './server-harness';

const MIN = 60_000;

describe.skipIf(!pgAdminUrl)('DbRateLimiter on PostgreSQL', { timeout: 60_000 }, () => {
	let database: { url: string; drop: () => Promise<void> };
	let a: Db;
	let b: Db;
	/** One connection, every statement it runs recorded. */
	let single: Db;
	const statements: string[] = [];
	beforeAll(async () => {
		database = await createPgDatabase(pgAdminUrl as string, 'garupa_rate');
		a = createDb({ kind: 'postgres', url: database.url });
		b = createDb({ kind: 'postgres', url: database.url });
		await migrate(a);
		const pool = new pg.Pool({ connectionString: database.url, max: 1 });
		// An idle connection the server ends (another spec's cleanup) leaves the pool, as createDb's
		// pools do: without a listener, pg raises it as an uncaught error.
		pool.on('error', () => undefined);
		single = new Kysely<Database>({
			dialect: new PostgresDialect({ pool }),
			log: (event) => void statements.push(event.query.sql)
		});
	});
	afterAll(async () => {
		for (const db of [a, b, single]) await db?.destroy();
		await database?.drop();
	});

	test('20 per 10 minutes across two instances; the 21st refused on either; refusals not counted', async () => {
		const one = new DbRateLimiter('t1', { limit: 20, windowSeconds: 600 }, () => a);
		const two = new DbRateLimiter('t1', { limit: 20, windowSeconds: 600 }, () => b);
		const at = 1_800_000_000_000 - (1_800_000_000_000 % (10 * MIN));
		let ok = 0;
		for (let i = 0; i < 25; i++) if ((await (i % 2 ? one : two).hit('10.0.0.1', at)).ok) ok++;
		expect(ok).toBe(20);
		expect(await one.hit('10.0.0.1', at + 1000)).toEqual({ ok: false, retryAfterSeconds: 599 });
		expect((await two.hit('10.0.0.2', at + 1000)).ok).toBe(true);
		const counted = await a
			.selectFrom('rate_limit')
			.select('count')
			.where('bucket', '=', 't1')
			.orderBy('count', 'desc')
			.execute();
		// The five refused (and the one after) were taken back.
		expect(counted.map((r) => r.count)).toEqual([20, 1]);
		// Next window: the previous count weighs in (20 × 0.9 = 18 of 20 at a minute in).
		const later = at + 11 * MIN;
		expect((await one.hit('10.0.0.1', later)).ok).toBe(true);
		expect((await two.hit('10.0.0.1', later)).ok).toBe(true);
		expect((await one.hit('10.0.0.1', later)).ok).toBe(false);
		// Windows two behind are swept at the first hit of a window.
		await new DbRateLimiter('t1', { limit: 20, windowSeconds: 600 }, () => a).hit(
			'10.0.0.3',
			at + 30 * MIN
		);
		expect(
			await a.selectFrom('rate_limit').select('window').where('bucket', '=', 't1').execute()
		).toEqual([{ window: Math.floor((at + 30 * MIN) / (10 * MIN)) }]);
	});

	test('a hit is one statement committed without a WAL flush; the connection stays synchronous', async () => {
		const limiter = new DbRateLimiter('t2', { limit: 1, windowSeconds: 60 }, () => single);
		statements.length = 0;
		expect((await limiter.hit('192.0.2.7', 0)).ok).toBe(true);
		expect(statements).toHaveLength(1);
		expect(statements[0]).toMatch(/set_config\('synchronous_commit', 'off', true\)/);
		// Refused: counted and taken back, each in one statement, each asynchronous.
		statements.length = 0;
		expect((await limiter.hit('192.0.2.7', 1000)).ok).toBe(false);
		expect(statements).toHaveLength(2);
		for (const s of statements)
			expect(s).toMatch(/set_config\('synchronous_commit', 'off', true\)/);
		// The setting lasted only for those transactions: the connection is synchronous again.
		const { rows } = await sql<{
			synchronous_commit: string;
		}>`show synchronous_commit`.execute(single);
		expect(rows).toEqual([{ synchronous_commit: 'on' }]);
	});
});
