/**
 * Sign-in: one answer for a wrong e-mail and a wrong password (and the same work for both, so the
 * timing does not tell them apart either), the lockout of ./lockout.ts, and a new session.
 *
 * Under a flood of attempts the password checks are shared out (password.ts): each network (IPv6
 * by /48, IPv4 by /24: networkKey) has one attempt checked at a time and a few waiting behind it,
 * so a flood from a thousand addresses in ten networks takes ten places in the queue, not all of
 * them, and a member from elsewhere waits one round of those ten; and a member whose browser
 * holds a device cookie of that account (./device.ts) goes ahead of anonymous attempts — one at a
 * time per member, however many devices they have.
 */
import { isRole, type StaffMember } from '$lib/domain/staff';
import { profile } from '$lib/profile';
import { type Db, audit } from '$lib/server/db';
import { clientKey, networkKey } from '$lib/server/http';
import { issueDevice, readDevice, type Device } from './device';
import { delayAfter, forgetAttempt, lockState, recordFailure, recordSuccess } from './lockout';
import { decoyHash, scryptBusy, ScryptBusyError, verifyPassword, type Lane } from './password';
import { createSession, endSession, purgeSessions } from './session';

export const WRONG = 'E-mail ou senha incorretos.';

export type SignIn =
	| {
			ok: true;
			staff: StaffMember;
			token: string;
			/** The renewed device cookie. */ device: string;
	  }
	| { ok: false; status: 400 | 429; message: string; delayMs: number; retryAfterSeconds?: number };

export interface SignInInput {
	email: string;
	password: string;
	address: string;
	/** The session cookie the browser brought, if any: it is ended, never reused (fixation). */
	previousToken?: string | undefined;
	/** The device cookie the browser brought, if any (./device.ts). */
	device?: string | undefined;
	/** The browser's User-Agent, summed up on the member's device (./device.ts deviceLabel). */
	agent?: string | null | undefined;
}

export function lockedMessage(seconds: number): string {
	const minutes = Math.max(1, Math.ceil(seconds / 60));
	return (
		`Muitas tentativas erradas. Por segurança, o acesso está bloqueado por ${minutes} ` +
		`minuto${minutes === 1 ? '' : 's'}. Se esqueceu a senha, peça a um(a) gestor(a) da ${profile.office.acronym}.`
	);
}

export const BUSY = `Muitos acessos à área da ${profile.office.acronym} neste momento. Tente de novo em alguns segundos.`;
/** Retry-After for a sign-in refused because the password checks are all taken. */
export const BUSY_RETRY_SECONDS = 5;
/**
 * Sign-ins from one network (or one member's devices) waiting for their turn, at most (beyond:
 * the BUSY 429, for that network only, answered at once). They wait in line behind the network's
 * own attempt, not in the queue of password checks, so they cost the others nothing but a little
 * memory.
 */
export const MAX_WAITING_PER_NETWORK = 20;

const busy = (): SignIn => ({
	ok: false,
	status: 429,
	message: BUSY,
	delayMs: 0,
	retryAfterSeconds: BUSY_RETRY_SECONDS
});

/**
 * Sign-ins from one network run one at a time, each recording its attempt before the password is
 * checked: N requests sent at once are counted like N in a row, so they cannot all pass the
 * lock check before the first failure is written (40 at once: at most PAIR_LOCK password checks).
 * One network also gets one derivation at a time — its share — so a burst from it, from however
 * many of its addresses, cannot take the derivations from the others. A member with a valid device
 * cookie has a turn of their own (keyed by the member, not by the network they share with others,
 * e.g. an office behind one NAT; nor by the device, so many devices are still one turn).
 */
const turns = new Map<string, { tail: Promise<void>; waiting: number }>();

async function oneAtATime<T>(address: string, work: () => Promise<T>): Promise<T | null> {
	const turn = turns.get(address) ?? { tail: Promise.resolve(), waiting: 0 };
	if (turn.waiting >= MAX_WAITING_PER_NETWORK) return null;
	turn.waiting++;
	turns.set(address, turn);
	const previous = turn.tail;
	let release = () => {};
	turn.tail = new Promise<void>((resolve) => (release = resolve));
	await previous;
	try {
		return await work();
	} finally {
		turn.waiting--;
		release();
		if (turn.waiting === 0) turns.delete(address);
	}
}

export async function signIn(db: Db, input: SignInInput, now: Date = new Date()): Promise<SignIn> {
	const email = input.email.trim().toLowerCase();
	if (email === '' || input.password === '')
		return { ok: false, status: 400, message: 'Informe o e-mail e a senha.', delayMs: 0 };
	if (email.length > 254 || input.password.length > 1024)
		return { ok: false, status: 400, message: WRONG, delayMs: 0 };
	const address = clientKey(input.address);
	const device = await knownDevice(db, email, input.device, now);
	const lane: Lane = device ? 'known' : 'anonymous';
	if (scryptBusy(lane)) return busy();
	const turn = device ? `staff:${device.staffId}` : `network:${networkKey(input.address)}`;
	const result = await oneAtATime(turn, () =>
		attempt(db, { ...input, email, address }, lane, device, now)
	);
	return result ?? busy();
}

/** The device cookie's device, when it is valid and remembers the account of `email`. */
async function knownDevice(
	db: Db,
	email: string,
	cookie: string | undefined,
	now: Date
): Promise<Device | null> {
	const device = await readDevice(db, cookie, now);
	if (!device) return null;
	const row = await db
		.selectFrom('staff')
		.select(['id', 'active'])
		.where('email', '=', email)
		.executeTakeFirst();
	return row && row.id === device.staffId && row.active === 1 ? device : null;
}

async function attempt(
	db: Db,
	input: SignInInput,
	lane: Lane,
	device: Device | null,
	now: Date
): Promise<SignIn> {
	const email = input.email;
	const lock = await lockState(db, email, input.address, now, device !== null);
	if (lock.locked)
		return {
			ok: false,
			status: 429,
			message: lockedMessage(lock.retryAfterSeconds),
			delayMs: 0,
			retryAfterSeconds: lock.retryAfterSeconds
		};

	const row = await db
		.selectFrom('staff')
		.select(['id', 'email', 'name', 'role', 'password_hash', 'active'])
		.where('email', '=', email)
		.executeTakeFirst();
	const usable = row && row.active === 1 && isRole(row.role) ? row : null;
	// The attempt counts as a failure from before the check; a success clears it (recordSuccess).
	const failures = await recordFailure(db, email, input.address, now);
	let matches: boolean;
	try {
		matches = await verifyPassword(
			input.password,
			usable?.password_hash ?? (await decoyHash()),
			lane
		);
	} catch (error) {
		if (!(error instanceof ScryptBusyError)) throw error;
		// Nothing was checked: the attempt does not count.
		await forgetAttempt(db, email, input.address, now);
		return busy();
	}
	if (!usable || !matches || !isRole(usable.role)) {
		return { ok: false, status: 400, message: WRONG, delayMs: delayAfter(failures) };
	}

	await recordSuccess(db, usable.id, email, input.address, now);
	if (input.previousToken) await endSession(db, input.previousToken);
	await purgeSessions(db, now);
	const token = await createSession(db, usable.id, now);
	const staff: StaffMember = {
		id: usable.id,
		email: usable.email,
		name: usable.name,
		role: usable.role
	};
	await audit(db, { staff, action: 'session.login', entity: 'staff', entityId: staff.id }, now);
	return {
		ok: true,
		staff,
		token,
		device: await issueDevice(db, staff.id, now, device, input.agent)
	};
}
