/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1; Password Storage Cheat
 * Sheet), from Node's own crypto: no native add-on to build. The parameters are stored with each
 * hash, so raising them later only needs new hashes, not a migration.
 *
 * Stored form: `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
	N: number;
	r: number;
	p: number;
}

/** OWASP: N=2^17 (128 MiB), r=8, p=1. */
export const SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * Derivations at once. Each takes 128 MiB at OWASP's N: ten sign-ins in the same second must not
 * take 1.3 GB of a small municipal server (or let a login flood exhaust its memory). Two keep both
 * cores busy; the rest wait their turn.
 */
export const MAX_CONCURRENT = 2;

/**
 * Who waits for a password check: `known`, a member whose browser holds a recent successful
 * sign-in of that account (a signed device cookie, ./device.ts), goes before every `anonymous`
 * attempt. Neither skips the check or the lockout; only the order changes.
 */
export type Lane = 'known' | 'anonymous';

/**
 * Derivations waiting for a turn, at most, per lane. Beyond it a sign-in is refused at once (429
 * with Retry-After, see login.ts) instead of queuing without bound. Each network (IPv6 /48, IPv4
 * /24) has at most one attempt here at a time, and each member with a device cookie one in the
 * known lane (login.ts runs a network's, or a member's, attempts one after another), so a lane
 * serves networks in turn: under a flood from 1,000 addresses in 10 networks, a member from
 * another network waits for about 10 checks, not for the flood to stop; the lane fills only when
 * more networks than it holds flood at once. Waiting costs no scrypt memory, only a closure.
 */
export const MAX_QUEUE: Readonly<Record<Lane, number>> = { known: 16, anonymous: 64 };
let running = 0;
const waiting: Record<Lane, (() => void)[]> = { known: [], anonymous: [] };
let started = 0;

/** Thrown when MAX_CONCURRENT derivations run and MAX_QUEUE wait: try again in a moment. */
export class ScryptBusyError extends Error {
	constructor() {
		super('scrypt queue full');
	}
}

/** Whether a new derivation in `lane` would be refused right now. */
export const scryptBusy = (lane: Lane = 'anonymous'): boolean =>
	running >= MAX_CONCURRENT && waiting[lane].length >= MAX_QUEUE[lane];

/** Derivations waiting in `lane` now (the benchmark waits for a flood to fill the queue). */
export const scryptWaiting = (lane: Lane): number => waiting[lane].length;

/** Derivations started since the process began (tests and the benchmark count password checks). */
export const derivationsStarted = (): number => started;

/** Waits for a free derivation slot, known lane first; false when the lane is full. */
async function acquire(lane: Lane): Promise<boolean> {
	if (running < MAX_CONCURRENT) {
		running++;
		return true;
	}
	if (waiting[lane].length >= MAX_QUEUE[lane]) return false;
	// The slot is handed over by release(): nobody arriving meanwhile can take it.
	await new Promise<void>((resolve) => waiting[lane].push(resolve));
	return true;
}

function release(): void {
	const next = waiting.known.shift() ?? waiting.anonymous.shift();
	if (next) next();
	else running--;
}

async function derive(
	password: string,
	salt: Buffer,
	{ N, r, p }: ScryptParams,
	lane: Lane
): Promise<Buffer> {
	if (!(await acquire(lane))) throw new ScryptBusyError();
	started++;
	try {
		// scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below OWASP's 128 MiB.
		const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
		return await new Promise<Buffer>((resolve, reject) =>
			scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
				error ? reject(error) : resolve(key)
			)
		);
	} finally {
		release();
	}
}

/** A new salted hash of `password`. */
export async function hashPassword(
	password: string,
	params: ScryptParams = SCRYPT,
	lane: Lane = 'anonymous'
): Promise<string> {
	const salt = randomBytes(SALT_LENGTH);
	const key = await derive(password, salt, params, lane);
	return [
		'scrypt',
		params.N,
		params.r,
		params.p,
		salt.toString('base64url'),
		key.toString('base64url')
	].join('$');
}

/**
 * Whether `password` matches `stored`; false (never a throw) for a malformed hash. Throws
 * ScryptBusyError when `lane` is full.
 */
export async function verifyPassword(
	password: string,
	stored: string,
	lane: Lane = 'anonymous'
): Promise<boolean> {
	const [scheme, n, r, p, salt, hash] = stored.split('$');
	if (scheme !== 'scrypt' || !salt || !hash) return false;
	const params = { N: Number(n), r: Number(r), p: Number(p) };
	if (![params.N, params.r, params.p].every((x) => Number.isInteger(x) && x > 0)) return false;
	const expected = Buffer.from(hash, 'base64url');
	const key = await derive(password, Buffer.from(salt, 'base64url'), params, lane);
	return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to verify against when the e-mail names no account, so that a wrong e-mail takes as long
 * as a wrong password and the timing does not tell which accounts exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
	decoy ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
		decoy = undefined; // refused while busy: made on a later sign-in
		throw error;
	});
	return decoy;
}
