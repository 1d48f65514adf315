/**
 * The lockout holds when the attempts arrive all at once, a burst cannot queue password checks
 * without bound, and a flood from many addresses shares the checks out: a member from another
 * address still gets a turn, and a member whose browser holds a device cookie goes first.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import { PAIR_LOCK } from './lockout';
import { issueDevice, MAX_DEVICES } from './device';
import { BUSY, BUSY_RETRY_SECONDS, MAX_WAITING_PER_NETWORK, signIn, type SignIn } from './login';
import {
	derivationsStarted,
	hashPassword,
	MAX_CONCURRENT,
	MAX_QUEUE,
	scryptWaiting
} from './password';
import { createStaff } from './staff';

let db: Db;
beforeEach(async () => {
	db = await memoryDb();
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
		await cheapStaff('f@b.co');
		await cheapStaff('alvo@b.co');
		const before = derivationsStarted();
		const n = MAX_CONCURRENT + MAX_QUEUE.anonymous + 10;
		const results = await Promise.all(
			Array.from({ length: n }, (_, i) =>
				signIn(db, {
					email: 'alvo@b.co',
					password: `errada ${i} longa`,
					address: `10.${i >> 8}.${i & 255}.1`
				})
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
		expect(derivationsStarted() - before).toBeLessThanOrEqual(MAX_CONCURRENT + MAX_QUEUE.anonymous);
		// A refused attempt was never checked: it does not count toward any lock.
		const rows = await db
			.selectFrom('login_failure')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow();
		expect(Number(rows.n)).toBe(n - busy.length);
		// Once the burst is over, the member signs in.
		expect(
			(await signIn(db, { email: 'f@b.co', password: PASSWORD, address: '10.0.0.1' })).ok
		).toBe(true);
	});
});

/** An account whose hash is cheap to check (N=2^12), so a flood of checks runs in a blink. */
async function cheapStaff(email: string, password = PASSWORD) {
	return db
		.insertInto('staff')
		.values({
			email,
			name: 'Fiscal',
			role: 'fiscal',
			password_hash: await hashPassword(password, { N: 2 ** 12, r: 8, p: 1 }),
			created_at: new Date().toISOString()
		})
		.returning('id')
		.executeTakeFirstOrThrow();
}

/**
 * A flood from 16 addresses (each sending more than its share at once, on other accounts, as the
 * red team did), then the member signs in from a 17th: the place of the member's answer among
 * the answers that checked a password (1 = first), and the flood's answers.
 */
async function floodThenMember(member: { address: string; device?: string }) {
	const targets = await Promise.all(
		Array.from({ length: 4 }, (_, i) => cheapStaff(`alvo${i}@b.co`).catch(() => null))
	);
	expect(targets.length).toBe(4);
	const order: string[] = [];
	const track = (name: string, p: Promise<SignIn>) =>
		p.then((r) => {
			if (r.ok || r.message !== BUSY) order.push(name);
			return r;
		});
	const flood = Array.from({ length: 16 }, (_, a) =>
		Array.from({ length: MAX_WAITING_PER_NETWORK + 2 }, (_, i) =>
			track(
				`flood ${a}`,
				signIn(db, {
					email: `alvo${i % 4}@b.co`,
					password: `errada ${a} ${i} longa`,
					address: `2001:db8:${a}::${i + 1}`
				})
			)
		)
	).flat();
	const result = await track(
		'member',
		signIn(db, {
			email: 'f@b.co',
			password: PASSWORD,
			address: member.address,
			device: member.device
		})
	);
	const answers = await Promise.all(flood);
	return { result, place: order.indexOf('member') + 1, answers };
}

describe('a sign-in flood from 16 addresses', SLOW, () => {
	test('each address has its share: beyond it that address gets the 429, the others wait their turn', async () => {
		await cheapStaff('f@b.co');
		const { result, answers } = await floodThenMember({ address: '203.0.113.50' });
		expect(result.ok).toBe(true);
		// Every /48 had MAX_WAITING_PER_NETWORK + 2 at once: 2 refused at once each; the rest had
		// their turn (a wrong password, or the lockout once the targets' accounts locked).
		const busy = answers.filter((r) => !r.ok && r.status === 429 && r.message === BUSY);
		expect(busy).toHaveLength(16 * 2);
		expect(answers.filter((r) => !r.ok && r.message !== BUSY)).toHaveLength(
			16 * MAX_WAITING_PER_NETWORK
		);
	});

	test('without a device cookie: the member waits one round of the 16 addresses, not the whole flood', async () => {
		await cheapStaff('f@b.co');
		const { result, place } = await floodThenMember({ address: '203.0.113.50' });
		expect(result.ok).toBe(true);
		// Each address has one check at a time: the member's comes after at most one per address
		// (and the two running), long before the 64 checks of the flood are done.
		expect(place).toBeLessThanOrEqual(16 + MAX_CONCURRENT + 1);
	});

	test('with the device cookie of that account: the member goes ahead of every anonymous attempt', async () => {
		const { id } = await cheapStaff('f@b.co');
		const device = await issueDevice(db, id);
		const { result, place } = await floodThenMember({ address: '203.0.113.50', device });
		expect(result.ok).toBe(true);
		// Its check starts as soon as one of the running ones ends. Places count answers, not starts:
		// one flood check started next to it may answer first on a busy machine (the member's
		// answer also writes its session), so one more — never a round of the 16 addresses.
		expect(place).toBeLessThanOrEqual(MAX_CONCURRENT + 2);
		// And the sign-in renews it.
		expect(result.ok && result.device).toMatch(/^v1\./);
	});

	test('a device cookie of another account, or a forged one, gives no priority', async () => {
		await cheapStaff('f@b.co');
		const other = await cheapStaff('outro@b.co');
		const othersDevice = await issueDevice(db, other.id);
		for (const device of [othersDevice, `${othersDevice.slice(0, -2)}xx`]) {
			const { result, place } = await floodThenMember({ address: '203.0.113.50', device });
			expect(result.ok).toBe(true);
			expect(place).toBeGreaterThan(MAX_CONCURRENT + 1);
			await db.deleteFrom('login_failure').execute();
		}
	});

	test('the device cookie never skips the password or the lockout', async () => {
		const { id } = await cheapStaff('f@b.co');
		const device = await issueDevice(db, id);
		const address = '203.0.113.50';
		for (let i = 0; i < PAIR_LOCK; i++)
			expect(
				(await signIn(db, { email: 'f@b.co', password: `errada ${i} longa`, address, device })).ok
			).toBe(false);
		const locked = await signIn(db, { email: 'f@b.co', password: PASSWORD, address, device });
		expect(locked).toMatchObject({ ok: false, status: 429 });
		expect(!locked.ok && locked.message).not.toBe(BUSY);
	});
});

describe('a flood from many addresses in few networks (IPv6 /48s)', SLOW, () => {
	test.each([
		[100, 1],
		[1000, 10]
	])(
		'%i addresses (each its own /64) from %i /48s at once: the member from another network signs in after one round of those networks',
		async (addresses, networks) => {
			await cheapStaff('f@b.co');
			// The flood names accounts (cheap to check here), as one naming the office's would.
			for (let i = 0; i < 10; i++) await cheapStaff(`alvo${i}@b.co`);
			const order: string[] = [];
			const track = (name: string, p: Promise<SignIn>) =>
				p.then((r) => {
					if (r.ok || r.message !== BUSY) order.push(name);
					return r;
				});
			const flood = Array.from({ length: addresses }, (_, i) =>
				track(
					'flood',
					signIn(db, {
						email: `alvo${i % 10}@b.co`,
						password: `errada ${i} longa`,
						address: `2001:db8:${(i % networks).toString(16)}:${i.toString(16)}::1`
					})
				)
			);
			// The flood's first attempts are checked or queued (one per network) before the member tries.
			const before = derivationsStarted();
			while (
				derivationsStarted() === before ||
				scryptWaiting('anonymous') < Math.min(networks, MAX_QUEUE.anonymous) - MAX_CONCURRENT
			)
				await new Promise((resolve) => setTimeout(resolve, 1));
			const result = await track(
				'member',
				signIn(db, { email: 'f@b.co', password: PASSWORD, address: '2804:14c:65:1::5' })
			);
			const answers = await Promise.all(flood);
			expect(result.ok).toBe(true);
			// One attempt per network is checked at a time: the member's answer comes after at most one
			// round of the networks (and the two running), not after the flood's checks.
			expect(order.indexOf('member') + 1).toBeLessThanOrEqual(networks + MAX_CONCURRENT + 1);
			// Beyond each network's line, its attempts were refused at once (nothing checked).
			const busy = answers.filter((r) => !r.ok && r.message === BUSY);
			expect(busy.length).toBe(
				addresses - networks * Math.min(MAX_WAITING_PER_NETWORK, addresses / networks)
			);
		}
	);
});

describe('a member with many device cookies', SLOW, () => {
	test(`a fiscal who made 20 of them (${MAX_DEVICES} still count) floods with the right password: a gestor still signs in, with a device cookie and without`, async () => {
		const fiscal = await cheapStaff('fiscal@b.co');
		const gestor = await cheapStaff('gestor@b.co');
		await db.updateTable('staff').set({ role: 'gestor' }).where('id', '=', gestor.id).execute();
		// 20 sign-ins without a cookie, each from another browser, each leaving one.
		const cookies: string[] = [];
		for (let i = 0; i < 20; i++) cookies.push(await issueDevice(db, fiscal.id));
		const gestorDevice = await issueDevice(db, gestor.id);

		// The flood stops by itself after FLOOD sign-ins: a sign-in it starved would still end.
		const FLOOD = 300;
		let signedIn = 0;
		const loops = cookies.flatMap((device, d) =>
			Array.from({ length: 3 }, async () => {
				while (signedIn < FLOOD) {
					const r = await signIn(db, {
						email: 'fiscal@b.co',
						password: PASSWORD,
						address: `203.0.113.${d + 1}`,
						device
					});
					if (r.ok) signedIn++;
					// A round trip before the next request (an answer from SQLite in memory can come
					// back without leaving the microtask queue: a refused loop would starve the rest).
					await new Promise((resolve) => setImmediate(resolve));
				}
			})
		);
		try {
			// The flood is running: the fiscal's checks keep coming.
			const started = derivationsStarted();
			while (derivationsStarted() - started < 20 && signedIn < FLOOD)
				await new Promise((resolve) => setTimeout(resolve, 5));
			for (const device of [gestorDevice, gestorDevice, undefined, undefined]) {
				const result = await signIn(db, {
					email: 'gestor@b.co',
					password: PASSWORD,
					address: '198.51.100.20',
					device
				});
				expect(result).toMatchObject({ ok: true });
				// Answered while the flood went on, not once it was over.
				expect(signedIn).toBeLessThan(FLOOD);
			}
		} finally {
			signedIn = FLOOD;
			await Promise.all(loops);
		}
	});
});
