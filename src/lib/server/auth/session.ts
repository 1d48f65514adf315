/**
 * Staff sessions: a random 256-bit token in a `__Host-` cookie (HttpOnly, Secure, SameSite=Lax,
 * path `/`, no Domain: the browser sends it only to this host, over HTTPS, and no script can read
 * it). The database keeps only the token's sha256, so a copy of the database opens no session.
 *
 * A session ends after 30 minutes without a request (idle) or 12 hours after sign-in (absolute),
 * whichever comes first (OWASP Session Management Cheat Sheet), and at logout. Every sign-in gets
 * a new token, whatever cookie the browser brought (no session fixation).
 */
import { createHash, randomBytes } from 'node:crypto';
import { isRole, type StaffMember } from '$lib/domain/staff';
import type { Db } from '$lib/server/db';

export const SESSION_COOKIE = '__Host-garupa-sessao';
export const IDLE_MS = 30 * 60_000;
export const ABSOLUTE_MS = 12 * 60 * 60_000;
/** `last_seen_at` is written at most once a minute: a page with many requests costs one write. */
const TOUCH_MS = 60_000;

/** The cookie's attributes; `maxAge` bounds it by the absolute timeout. */
export const COOKIE_OPTIONS = {
	path: '/',
	httpOnly: true,
	secure: true,
	sameSite: 'lax',
	maxAge: ABSOLUTE_MS / 1000
} as const;

/** A token looks like 43 base64url characters (32 random bytes). */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session for `staffId`; the token goes to the cookie, only its hash to the database. */
export async function createSession(
	db: Db,
	staffId: number,
	now: Date = new Date()
): Promise<string> {
	const token = randomBytes(32).toString('base64url');
	const at = now.toISOString();
	await db
		.insertInto('staff_session')
		.values({ token_hash: hashToken(token), staff_id: staffId, created_at: at, last_seen_at: at })
		.execute();
	return token;
}

/** Why a session is not valid: for the login page's message. */
export type SessionEnd = 'idle' | 'absolute' | 'unknown';

export type SessionRead = { staff: StaffMember } | { staff: null; ended: SessionEnd };

/**
 * The member behind `token` at `now`, touching the session; an expired session is deleted.
 */
export async function readSession(
	db: Db,
	token: string,
	now: Date = new Date()
): Promise<SessionRead> {
	if (!SESSION_TOKEN.test(token)) return { staff: null, ended: 'unknown' };
	const hash = hashToken(token);
	const row = await db
		.selectFrom('staff_session')
		.innerJoin('staff', 'staff.id', 'staff_session.staff_id')
		.select([
			'staff.id',
			'staff.email',
			'staff.name',
			'staff.role',
			'staff.active',
			'staff_session.created_at',
			'staff_session.last_seen_at'
		])
		.where('staff_session.token_hash', '=', hash)
		.executeTakeFirst();
	if (!row || row.active !== 1 || !isRole(row.role)) return { staff: null, ended: 'unknown' };
	const t = now.getTime();
	const ended: SessionEnd | null =
		t - Date.parse(row.created_at) >= ABSOLUTE_MS
			? 'absolute'
			: t - Date.parse(row.last_seen_at) >= IDLE_MS
				? 'idle'
				: null;
	if (ended) {
		await db.deleteFrom('staff_session').where('token_hash', '=', hash).execute();
		return { staff: null, ended };
	}
	if (t - Date.parse(row.last_seen_at) >= TOUCH_MS)
		await db
			.updateTable('staff_session')
			.set({ last_seen_at: now.toISOString() })
			.where('token_hash', '=', hash)
			.execute();
	return { staff: { id: row.id, email: row.email, name: row.name, role: row.role } };
}

/** Ends one session (logout). */
export async function endSession(db: Db, token: string): Promise<void> {
	await db.deleteFrom('staff_session').where('token_hash', '=', hashToken(token)).execute();
}

/** Deletes every session past either timeout (run at each sign-in: the table stays small). */
export async function purgeSessions(db: Db, now: Date = new Date()): Promise<void> {
	await db
		.deleteFrom('staff_session')
		.where((eb) =>
			eb.or([
				eb('created_at', '<=', new Date(now.getTime() - ABSOLUTE_MS).toISOString()),
				eb('last_seen_at', '<=', new Date(now.getTime() - IDLE_MS).toISOString())
			])
		)
		.execute();
}
