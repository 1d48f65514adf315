import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { passwordProblem, roleAllows, type Role } from '$lib/domain/staff';
import { auditLog, type Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import {
	ADDRESS_LOCK,
	delayAfter,
	lockState,
	PAIR_LOCK,
	recordFailure,
	WINDOW_MS
} from './lockout';
import { signIn, WRONG } from './login';
import { hashPassword, SCRYPT, verifyPassword } from './password';
import { ABSOLUTE_MS, createSession, endSession, IDLE_MS, readSession } from './session';
import { createStaff, StaffError, updateStaff } from './staff';

let db: Db;
beforeEach(async () => {
	db = await memoryDb();
});
afterEach(() => db.destroy());

const T0 = new Date('2026-12-02T10:00:00-04:00');
const at = (ms: number) => new Date(T0.getTime() + ms);
const PASSWORD = 'uma frase longa de teste';
/** scrypt at N=2^17 takes ~0.5 s a hash on these shared machines. */
const SLOW = { timeout: 120_000 };

describe('roles', () => {
	const cases: [have: Role, need: Role, allowed: boolean][] = [
		['fiscal', 'fiscal', true],
		['fiscal', 'gestor', false],
		['gestor', 'fiscal', true],
		['gestor', 'gestor', true]
	];
	for (const [have, need, allowed] of cases)
		test(`${have} ${allowed ? 'may' : 'may not'} do what needs ${need}`, () =>
			expect(roleAllows(have, need)).toBe(allowed));
});

describe('passwordProblem', () => {
	const cases: [password: string, problem: ReturnType<typeof passwordProblem>][] = [
		['curta', 'short'],
		['12345678901', 'short'],
		['RolimDeMoura2026', 'common'],
		['  Senha1234567 ', 'common'],
		['abcabcabcabc', 'common'],
		['zzzzzzzzzzzzzz', 'common'],
		['cavalo bateria grampo certo', null],
		['çãõ-ñ-acentos-ok', null]
	];
	for (const [password, problem] of cases)
		test(`${JSON.stringify(password)} → ${problem}`, () =>
			expect(passwordProblem(password)).toBe(problem));
});

describe('password hashing (scrypt, OWASP parameters)', SLOW, () => {
	test('uses N=2^17, r=8, p=1 and a salt: two hashes of one password differ', async () => {
		expect(SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
		const a = await hashPassword(PASSWORD);
		const b = await hashPassword(PASSWORD);
		expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
		expect(a).not.toBe(b);
		expect(await verifyPassword(PASSWORD, a)).toBe(true);
		expect(await verifyPassword(`${PASSWORD}!`, a)).toBe(false);
		expect(a).not.toContain(PASSWORD);
	});
	test('a malformed stored hash is a mismatch, not a crash', async () => {
		for (const stored of ['', 'bcrypt$x', 'scrypt$0$8$1$aa$bb', 'scrypt$abc$8$1$aa$bb'])
			expect(await verifyPassword(PASSWORD, stored)).toBe(false);
	});
});

describe('accounts', SLOW, () => {
	test('refuses a weak password, a bad e-mail, a bad role and a taken e-mail', async () => {
		await expect(
			createStaff(db, { email: 'a@b.co', password: 'curta', role: 'fiscal' })
		).rejects.toThrow(StaffError);
		await expect(
			createStaff(db, { email: 'sem-arroba', password: PASSWORD, role: 'fiscal' })
		).rejects.toThrow('não é um e-mail válido');
		await expect(
			createStaff(db, { email: 'a@b.co', password: PASSWORD, role: 'chefe' as Role })
		).rejects.toThrow('fiscal');
		await createStaff(db, { email: 'Ana@B.co', password: PASSWORD, role: 'fiscal' });
		await expect(
			createStaff(db, { email: 'ana@b.co', password: PASSWORD, role: 'gestor' })
		).rejects.toThrow('Já existe');
	});
});

describe('sessions', SLOW, () => {
	test('a session lasts while used, ends 30 min after the last request (idle)', async () => {
		const staff = await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const token = await createSession(db, staff.id, T0);
		expect(token).toMatch(/^[\w-]{43}$/);
		expect((await readSession(db, token, at(IDLE_MS - 1000))).staff?.email).toBe('f@b.co');
		// The request above touched it: 29 more minutes are fine.
		expect((await readSession(db, token, at(2 * IDLE_MS - 2000))).staff).not.toBeNull();
		expect(await readSession(db, token, at(3 * IDLE_MS))).toEqual({ staff: null, ended: 'idle' });
		// Gone for good, not only refused.
		expect(await readSession(db, token, at(3 * IDLE_MS + 1))).toEqual({
			staff: null,
			ended: 'unknown'
		});
	});

	test('a session ends 12 h after sign-in however busy (absolute)', async () => {
		const staff = await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const token = await createSession(db, staff.id, T0);
		for (let t = 0; t < ABSOLUTE_MS; t += IDLE_MS / 2)
			expect((await readSession(db, token, at(t))).staff).not.toBeNull();
		expect(await readSession(db, token, at(ABSOLUTE_MS))).toEqual({
			staff: null,
			ended: 'absolute'
		});
	});

	test('the database keeps only the hash of the token', async () => {
		const staff = await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const token = await createSession(db, staff.id, T0);
		const rows = await db.selectFrom('staff_session').selectAll().execute();
		expect(rows).toHaveLength(1);
		expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(rows)).not.toContain(token);
	});

	test('logout ends the session; a deactivated member has none; junk tokens are unknown', async () => {
		const staff = await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const token = await createSession(db, staff.id, T0);
		await endSession(db, token);
		expect((await readSession(db, token, T0)).staff).toBeNull();
		const other = await createSession(db, staff.id, T0);
		await updateStaff(db, staff.id, { active: false });
		expect((await readSession(db, other, T0)).staff).toBeNull();
		for (const junk of ['', 'x', "' or 1=1 --", 'a'.repeat(43)])
			expect((await readSession(db, junk, T0)).staff).toBeNull();
	});
});

describe('signIn', SLOW, () => {
	const address = '203.0.113.7';
	const login = (email: string, password: string, now = T0, previousToken?: string) =>
		signIn(db, { email, password, address, previousToken }, now);

	test('wrong e-mail and wrong password get the same answer', async () => {
		await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const noAccount = await login('ninguem@b.co', PASSWORD);
		const wrongPassword = await login('f@b.co', 'outra senha qualquer');
		expect(noAccount).toEqual({ ok: false, status: 400, message: WRONG, delayMs: 0 });
		expect(wrongPassword).toEqual({ ok: false, status: 400, message: WRONG, delayMs: 0 });
	});

	test('a new token at every sign-in; the one the browser brought is ended (fixation)', async () => {
		await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const first = await login('F@B.co ', PASSWORD);
		if (!first.ok) throw new Error('first sign-in failed');
		const second = await login('f@b.co', PASSWORD, at(1000), first.token);
		if (!second.ok) throw new Error('second sign-in failed');
		expect(second.token).not.toBe(first.token);
		expect((await readSession(db, first.token, at(2000))).staff).toBeNull();
		expect((await readSession(db, second.token, at(2000))).staff?.role).toBe('fiscal');
		const log = await auditLog(db, { action: 'session.login' });
		expect(log).toHaveLength(2);
		expect(JSON.stringify(log)).not.toContain(PASSWORD);
	});

	test('slows down from the 3rd failure, locks the pair at the 5th (429), unlocks 15 min later', async () => {
		await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const delays: number[] = [];
		for (let i = 0; i < PAIR_LOCK; i++) {
			const r = await login('f@b.co', `errada ${i} 1234567`, at(i * 1000));
			if (r.ok) throw new Error('signed in with a wrong password');
			delays.push(r.delayMs);
		}
		expect(delays).toEqual([0, 0, 1000, 2000, 3000]);
		const locked = await login('f@b.co', PASSWORD, at(5000));
		expect(locked).toMatchObject({ ok: false, status: 429 });
		if (!locked.ok) expect(locked.message).toContain('15 minutos');
		// Another address is not locked out by this one's failures.
		const elsewhere = await signIn(
			db,
			{ email: 'f@b.co', password: PASSWORD, address: '198.51.100.1' },
			at(6000)
		);
		expect(elsewhere.ok).toBe(true);
		expect((await login('f@b.co', PASSWORD, at(4000 + WINDOW_MS + 1000))).ok).toBe(true);
	});

	test('an address spraying many e-mails is locked (any e-mail)', async () => {
		for (let i = 0; i < ADDRESS_LOCK; i++) await recordFailure(db, `x${i}@b.co`, address, at(i));
		expect((await lockState(db, 'novo@b.co', address, at(ADDRESS_LOCK))).locked).toBe(true);
		expect((await lockState(db, 'novo@b.co', '198.51.100.1', at(ADDRESS_LOCK))).locked).toBe(false);
	});

	test('failures from many addresses lock the account, but not from the member’s own address', async () => {
		const staff = await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const office = '192.0.2.10';
		expect(
			(await signIn(db, { email: 'f@b.co', password: PASSWORD, address: office }, T0)).ok
		).toBe(true);
		for (let i = 0; i < 40; i++) await recordFailure(db, 'f@b.co', `10.0.0.${i}`, at(1000 + i));
		expect((await lockState(db, 'f@b.co', '10.9.9.9', at(2000))).locked).toBe(true);
		expect((await lockState(db, 'f@b.co', office, at(2000))).locked).toBe(false);
		expect(staff.id).toBeGreaterThan(0);
	});

	test('…nor from a browser with the member’s device cookie, on a new network', async () => {
		const staff = await createStaff(db, { email: 'f@b.co', password: PASSWORD, role: 'fiscal' });
		const first = await signIn(
			db,
			{ email: 'f@b.co', password: PASSWORD, address: '192.0.2.10' },
			T0
		);
		expect(first.ok).toBe(true);
		const device = first.ok ? first.device : '';
		for (let i = 0; i < 40; i++) await recordFailure(db, 'f@b.co', `10.0.0.${i}`, at(1000 + i));
		const phone = '2001:db8:feed::1';
		// Without the cookie, from that new network: locked like everyone else.
		const without = await signIn(
			db,
			{ email: 'f@b.co', password: PASSWORD, address: phone },
			at(2000)
		);
		expect(without).toMatchObject({ ok: false, status: 429 });
		const withCookie = await signIn(
			db,
			{ email: 'f@b.co', password: PASSWORD, address: phone, device },
			at(2000)
		);
		expect(withCookie.ok).toBe(true);
		// The cookie is the account's: it does not open another account's lock.
		expect(staff.id).toBeGreaterThan(0);
	});

	test('delayAfter grows and is capped at 5 s', () =>
		expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(delayAfter)).toEqual([
			0, 0, 1000, 2000, 3000, 4000, 5000, 5000, 5000
		]));

	test('empty and oversized input get a 400 with a message, never a crash', async () => {
		expect(await login('', '')).toMatchObject({ ok: false, status: 400 });
		expect(await login('a@b.co', 'x'.repeat(5000))).toMatchObject({
			ok: false,
			status: 400,
			message: WRONG
		});
	});
});
