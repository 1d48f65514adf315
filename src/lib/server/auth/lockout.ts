/**
 * Slowing down and then stopping password guessing (OWASP Authentication Cheat Sheet), without
 * handing an attacker a way to lock a known member out for good:
 *
 * - per e-mail *and* address: from the 3rd failure in 15 minutes each answer waits longer (1 s,
 *   2 s… up to 5 s); at the 5th the pair is locked for 15 minutes (429);
 * - per address, any e-mail: 20 failures in 15 minutes lock the address (one client spraying);
 * - per e-mail, any address: 30 failures from at least 3 addresses lock the account for 15
 *   minutes — except from addresses the member signed in from in the last 30 days, and from a
 *   browser holding the member's device cookie (./device.ts), so a botnet cannot keep them out of
 *   their own office or off their own phone on a new network. The pair and address locks still
 *   hold there.
 *
 * Every lock ends 15 minutes after the last failure that counts; a success clears the pair.
 * An attempt is recorded before its password is checked (login.ts), one address at a time, so
 * attempts sent all at once are counted like attempts in a row.
 * Counted in the database, so several app instances share the count.
 */
import type { Db } from '$lib/server/db';

export const WINDOW_MS = 15 * 60_000;
export const PAIR_LOCK = 5;
export const ADDRESS_LOCK = 20;
export const ACCOUNT_LOCK = 30;
export const ACCOUNT_LOCK_ADDRESSES = 3;
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** Wait before answering the `n`th consecutive failure of a pair. */
export function delayAfter(failures: number): number {
	return failures < 3 ? 0 : Math.min((failures - 2) * 1000, 5000);
}

export type LockState = { locked: false } | { locked: true; retryAfterSeconds: number };

const since = (now: Date) => new Date(now.getTime() - WINDOW_MS).toISOString();

function lockedUntil(lastFailure: string | null | undefined, now: Date): LockState {
	if (!lastFailure) return { locked: false };
	const seconds = Math.ceil((Date.parse(lastFailure) + WINDOW_MS - now.getTime()) / 1000);
	return seconds > 0 ? { locked: true, retryAfterSeconds: seconds } : { locked: false };
}

/**
 * Whether `email` may try to sign in from `address` at `now`; `knownDevice`: the browser holds the
 * account's device cookie (exempt from the account-wide lock only).
 */
export async function lockState(
	db: Db,
	email: string,
	address: string,
	now: Date = new Date(),
	knownDevice = false
): Promise<LockState> {
	const from = since(now);
	const pair = await db
		.selectFrom('login_failure')
		.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('last')])
		.where('email', '=', email)
		.where('address', '=', address)
		.where('at', '>', from)
		.executeTakeFirstOrThrow();
	if (Number(pair.n) >= PAIR_LOCK) return lockedUntil(pair.last, now);

	const byAddress = await db
		.selectFrom('login_failure')
		.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('last')])
		.where('address', '=', address)
		.where('at', '>', from)
		.executeTakeFirstOrThrow();
	if (Number(byAddress.n) >= ADDRESS_LOCK) return lockedUntil(byAddress.last, now);

	const byAccount = await db
		.selectFrom('login_failure')
		.select((eb) => [
			eb.fn.countAll<number>().as('n'),
			eb.fn.count<number>('address').distinct().as('addresses'),
			eb.fn.max('at').as('last')
		])
		.where('email', '=', email)
		.where('at', '>', from)
		.executeTakeFirstOrThrow();
	if (
		!knownDevice &&
		Number(byAccount.n) >= ACCOUNT_LOCK &&
		Number(byAccount.addresses) >= ACCOUNT_LOCK_ADDRESSES
	) {
		const known = await db
			.selectFrom('staff_known_address')
			.innerJoin('staff', 'staff.id', 'staff_known_address.staff_id')
			.select('staff_known_address.address')
			.where('staff.email', '=', email)
			.where('staff_known_address.address', '=', address)
			.where(
				'staff_known_address.last_at',
				'>',
				new Date(now.getTime() - KNOWN_ADDRESS_MS).toISOString()
			)
			.executeTakeFirst();
		if (!known) return lockedUntil(byAccount.last, now);
	}
	return { locked: false };
}

/** Records a failure; returns how many the pair now has in the window (for the delay). */
export async function recordFailure(
	db: Db,
	email: string,
	address: string,
	now: Date = new Date()
): Promise<number> {
	await db.insertInto('login_failure').values({ email, address, at: now.toISOString() }).execute();
	// Old rows count for nothing: drop them as we go.
	await db.deleteFrom('login_failure').where('at', '<=', since(now)).execute();
	const row = await db
		.selectFrom('login_failure')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('email', '=', email)
		.where('address', '=', address)
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/** The deletion of one account's failures from one address, for the caller to narrow and run. */
const pairFailures = (db: Db, email: string, address: string) =>
	db.deleteFrom('login_failure').where('email', '=', email).where('address', '=', address);

/** Takes back an attempt recorded by `recordFailure` whose password was never checked. */
export async function forgetAttempt(
	db: Db,
	email: string,
	address: string,
	now: Date = new Date()
): Promise<void> {
	await pairFailures(db, email, address).where('at', '=', now.toISOString()).execute();
}

/** A success clears the pair's failures and remembers the address as the member's. */
export async function recordSuccess(
	db: Db,
	staffId: number,
	email: string,
	address: string,
	now: Date = new Date()
): Promise<void> {
	await pairFailures(db, email, address).execute();
	await db
		.insertInto('staff_known_address')
		.values({ staff_id: staffId, address, last_at: now.toISOString() })
		.onConflict((oc) =>
			oc.columns(['staff_id', 'address']).doUpdateSet({ last_at: now.toISOString() })
		)
		.execute();
}
