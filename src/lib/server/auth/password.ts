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
 * Derivations waiting for a turn, at most. Beyond it a sign-in is refused at once (429 with
 * Retry-After, see login.ts) instead of queuing behind a burst: at ~0.5 s a derivation, eight
 * waiting means about two seconds, not a minute.
 */
export const MAX_QUEUE = 8;
let running = 0;
const waiting: (() => void)[] = [];
let started = 0;

/** Thrown when MAX_CONCURRENT derivations run and MAX_QUEUE wait: try again in a moment. */
export class ScryptBusyError extends Error {
	constructor() {
		super('scrypt queue full');
	}
}

/** Whether a new derivation would be refused right now. */
export const scryptBusy = (): boolean => running >= MAX_CONCURRENT && waiting.length >= MAX_QUEUE;

/** Derivations started since the process began (tests and the benchmark count password checks). */
export const derivationsStarted = (): number => started;

async function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
	if (running >= MAX_CONCURRENT) {
		if (waiting.length >= MAX_QUEUE) throw new ScryptBusyError();
		await new Promise<void>((resolve) => waiting.push(resolve));
	}
	running++;
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
		running--;
		waiting.shift()?.();
	}
}

/** A new salted hash of `password`. */
export async function hashPassword(
	password: string,
	params: ScryptParams = SCRYPT
): Promise<string> {
	const salt = randomBytes(SALT_LENGTH);
	const key = await derive(password, salt, params);
	return [
		'scrypt',
		params.N,
		params.r,
		params.p,
		salt.toString('base64url'),
		key.toString('base64url')
	].join('$');
}

/** Whether `password` matches `stored`; false (never a throw) for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const [scheme, n, r, p, salt, hash] = stored.split('$');
	if (scheme !== 'scrypt' || !salt || !hash) return false;
	const params = { N: Number(n), r: Number(r), p: Number(p) };
	if (![params.N, params.r, params.p].every((x) => Number.isInteger(x) && x > 0)) return false;
	const expected = Buffer.from(hash, 'base64url');
	const key = await derive(password, Buffer.from(salt, 'base64url'), params);
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
