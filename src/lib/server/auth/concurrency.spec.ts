/**
 * Issue 11: the lockout holds when the attempts arrive all at once, and a burst cannot queue
 * password checks without bound.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createDb, migrate, type Db } from '../db';
import { PAIR_LOCK } from './lockout';
import { BUSY, BUSY_RETRY_SECONDS, signIn } from './login';
import { derivationsStarted, MAX_CONCURRENT, MAX_QUEUE } from './password';
import { createStaff } from './staff';

let db: Db;
beforeEach(async () => {
	db = createDb({ kind: 'sqlite', path: ':memory:' });
	await migrate(db);
});
afterEach(() => db.destroy());

const PASSWORD = 'uma frase longa de teste';
const SLOW = { timeout: 180_000 };

describe('sign-ins arriving at once', SLOW, () => {
	test('40 at once for one account from one address, the last right: at most 5 password checks and no session', async () => {
		await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const before = derivationsStarted();
		const now = new Date();
		const results = await Promise.all(
			Array.from({ length: 40 }, (_, i) =>
				signIn(
					db,
					{
						email: 'f@b.co',
						password: i === 39 ? PASSWORD : `errada ${i} longa`,
						address: '203.0.113.9'
					},
					now
				)
			)
		);
		expect(derivationsStarted() - before).toBeLessThanOrEqual(PAIR_LOCK);
		expect(results.filter((r) => r.ok)).toEqual([]);
		const sessions = await db
			.selectFrom('staff_session')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow();
		expect(Number(sessions.n)).toBe(0);
		expect(results.filter((r) => !r.ok && r.status === 400)).toHaveLength(PAIR_LOCK);
		for (const r of results.slice(PAIR_LOCK))
			expect(r).toMatchObject({ ok: false, status: 429, retryAfterSeconds: expect.any(Number) });
	});

	test('the right password after 4 wrong ones at once still signs in (the lock is at the 5th)', async () => {
		await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const results = await Promise.all(
			Array.from({ length: 5 }, (_, i) =>
				signIn(db, {
					email: 'f@b.co',
					password: i === 4 ? PASSWORD : `errada ${i} longa`,
					address: '203.0.113.9'
				})
			)
		);
		expect(results.map((r) => r.ok)).toEqual([false, false, false, false, true]);
	});

	test('a burst from many addresses: beyond the queue a 429 with Retry-After, never an unbounded wait', async () => {
		await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const before = derivationsStarted();
		const results = await Promise.all(
			Array.from({ length: 30 }, (_, i) =>
				signIn(db, { email: 'f@b.co', password: `errada ${i} longa`, address: `198.51.100.${i}` })
			)
		);
		const busy = results.filter((r) => !r.ok && r.status === 429);
		expect(busy.length).toBeGreaterThan(0);
		for (const r of busy)
			expect(r).toEqual({
				ok: false,
				status: 429,
				message: BUSY,
				delayMs: 0,
				retryAfterSeconds: BUSY_RETRY_SECONDS
			});
		expect(derivationsStarted() - before).toBeLessThanOrEqual(MAX_CONCURRENT + MAX_QUEUE);
		// A refused attempt was never checked: it does not count toward any lock.
		const rows = await db
			.selectFrom('login_failure')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow();
		expect(Number(rows.n)).toBe(30 - busy.length);
		// Once the burst is over, the member signs in.
		expect(
			(await signIn(db, { email: 'f@b.co', password: PASSWORD, address: '10.0.0.1' })).ok
		).toBe(true);
	});
});
