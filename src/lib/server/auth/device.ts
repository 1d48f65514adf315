/**
 * The device cookie: a browser where a member signed in successfully carries, for DEVICE_DAYS, a
 * value signed with the server's key (HMAC-SHA256, ./secret.ts) naming that member and that
 * browser. It never signs anyone in and never skips the password or the lockout: it only puts
 * that member's next sign-in from that browser ahead of anonymous attempts in the queue of
 * password checks (password.ts `known` lane), so a flood of sign-ins from other addresses cannot
 * keep the office out (the OWASP "device cookie" against lockout attacks).
 *
 * Value: `v1.<staff id>.<issued, ms base36>.<device id>.<signature>`, base64url parts. Renewed at
 * every sign-in (same device id); HttpOnly, Secure, SameSite=Strict, `__Host-`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '$lib/server/db';
import { serverSecret } from './secret';

export const DEVICE_COOKIE = '__Host-garupa-aparelho';
/** How long a successful sign-in keeps giving priority from that browser. */
export const DEVICE_DAYS = 180;
const DEVICE_MS = DEVICE_DAYS * 24 * 60 * 60_000;

export const DEVICE_COOKIE_OPTIONS = {
	path: '/',
	httpOnly: true,
	secure: true,
	sameSite: 'strict',
	maxAge: DEVICE_MS / 1000
} as const;

/** A valid device cookie: whose sign-in it remembers, and which browser. */
export interface Device {
	staffId: number;
	deviceId: string;
	issuedAt: Date;
}

const SECRET = 'device-cookie';

function sign(key: Buffer, payload: string): string {
	return createHmac('sha256', key).update(payload).digest('base64url');
}

/**
 * A new cookie value for `staffId`, keeping the device id of `previous` when it is one of ours.
 * @example await issueDevice(db, 7, now) //=> 'v1.7.mjx2k3.q9….Zk…'
 */
export async function issueDevice(
	db: Db,
	staffId: number,
	now: Date = new Date(),
	previous?: Device | null
): Promise<string> {
	const deviceId = previous?.deviceId ?? randomBytes(12).toString('base64url');
	const payload = `v1.${staffId}.${now.getTime().toString(36)}.${deviceId}`;
	return `${payload}.${sign(await serverSecret(db, SECRET), payload)}`;
}

/** The device a cookie names, when its signature holds and it is younger than DEVICE_DAYS. */
export async function readDevice(
	db: Db,
	value: string | undefined,
	now: Date = new Date()
): Promise<Device | null> {
	if (!value || value.length > 200) return null;
	const m = /^(v1\.(\d{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16}))\.([A-Za-z0-9_-]{43})$/.exec(
		value
	);
	if (!m) return null;
	const [, payload = '', staff = '', issued = '', deviceId = '', signature = ''] = m;
	const expected = Buffer.from(sign(await serverSecret(db, SECRET), payload));
	const given = Buffer.from(signature);
	if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
	const issuedAt = new Date(Number.parseInt(issued, 36));
	const age = now.getTime() - issuedAt.getTime();
	// A minute of clock difference between instances is tolerated.
	if (!(age >= -60_000 && age <= DEVICE_MS)) return null;
	return { staffId: Number(staff), deviceId, issuedAt };
}
