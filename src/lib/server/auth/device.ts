/**
 * The device cookie: a browser where a member signed in successfully carries, for DEVICE_DAYS, a
 * value signed with the server's key (HMAC-SHA256, ./secret.ts) naming that member and that
 * browser. It never signs anyone in and never skips the password or the lockout: it only puts
 * that member's next sign-in from that browser ahead of anonymous attempts in the queue of
 * password checks (password.ts `known` lane), so a flood of sign-ins from other addresses cannot
 * keep the office out (the OWASP "device cookie" against lockout attacks).
 *
 * Each device is a row of `staff_device` (migration 017): a cookie is honoured only while its row
 * is there, unrevoked, of the member it names and used within DEVICE_DAYS. A member keeps
 * MAX_DEVICES at most: a sign-in that makes a new one drops the one used least recently, so no
 * member can hold a pile of them (each one was a turn of its own in the queue). A gestor sees
 * them on the team page and revokes any (`revokeDevice`).
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
/**
 * Devices a member keeps at most: a phone, an office computer, a home one and spares. A new one
 * beyond it drops the one used least recently.
 */
export const MAX_DEVICES = 5;

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

const iso = (date: Date) => date.toISOString();
const expiredBefore = (now: Date) => iso(new Date(now.getTime() - DEVICE_MS));

/**
 * A short, coarse summary of a User-Agent — browser and system, no versions — so a gestor can
 * tell a member's devices apart; the rest of the header is not kept.
 * @example deviceLabel('Mozilla/5.0 (Linux; Android 14; …) Chrome/131.0 Mobile Safari/537.36') //=> 'Chrome · Android'
 */
export function deviceLabel(userAgent: string | null | undefined): string | null {
	const ua = (userAgent ?? '').slice(0, 512);
	if (ua === '') return null;
	const browser = /\bEdg(?:e|A|iOS)?\//.test(ua)
		? 'Edge'
		: /\b(?:OPR|Opera)\//.test(ua)
			? 'Opera'
			: /\bSamsungBrowser\//.test(ua)
				? 'Samsung Internet'
				: /\b(?:Firefox|FxiOS)\//.test(ua)
					? 'Firefox'
					: /\b(?:Headless)?(?:Chrome|Chromium|CriOS)\//.test(ua)
						? 'Chrome'
						: /\bSafari\//.test(ua)
							? 'Safari'
							: null;
	const system = /\bAndroid\b/.test(ua)
		? 'Android'
		: /\b(?:iPhone|iPad|iPod)\b/.test(ua)
			? 'iOS'
			: /\bWindows\b/.test(ua)
				? 'Windows'
				: /\bCrOS\b/.test(ua)
					? 'ChromeOS'
					: /\bMac OS X\b|\bMacintosh\b/.test(ua)
						? 'macOS'
						: /\bLinux\b/.test(ua)
							? 'Linux'
							: null;
	if (!browser && !system) return 'Outro navegador';
	return [browser ?? 'Navegador', system].filter(Boolean).join(' · ');
}

/**
 * The cookie value for `staffId` after a successful sign-in: the device of `previous` (a cookie
 * `readDevice` accepted) is renewed; otherwise a new device is made, and the member's devices
 * beyond MAX_DEVICES (least recently used first) are dropped. `agent`: the browser's User-Agent.
 * @example await issueDevice(db, 7, now) //=> 'v1.7.mjx2k3.q9….Zk…'
 */
export async function issueDevice(
	db: Db,
	staffId: number,
	now: Date = new Date(),
	previous?: Device | null,
	agent?: string | null
): Promise<string> {
	const label = deviceLabel(agent);
	let deviceId = previous?.staffId === staffId ? previous.deviceId : null;
	if (deviceId) {
		const renewed = await db
			.updateTable('staff_device')
			.set({ last_used_at: iso(now), ...(label ? { agent: label } : {}) })
			.where('device_id', '=', deviceId)
			.where('staff_id', '=', staffId)
			.where('revoked_at', 'is', null)
			.executeTakeFirst();
		if (Number(renewed.numUpdatedRows) === 0) deviceId = null;
	}
	if (!deviceId) {
		deviceId = randomBytes(12).toString('base64url');
		await db.transaction().execute(async (trx) => {
			await trx
				.insertInto('staff_device')
				.values({
					staff_id: staffId,
					device_id: deviceId!,
					created_at: iso(now),
					last_used_at: iso(now),
					agent: label
				})
				.execute();
			await dropExtraDevices(trx, staffId, now);
		});
	}
	const payload = `v1.${staffId}.${now.getTime().toString(36)}.${deviceId}`;
	return `${payload}.${sign(await serverSecret(db, SECRET), payload)}`;
}

/**
 * Keeps the member's MAX_DEVICES most recently used devices, and forgets rows nobody can use any
 * more: expired ones, and revoked ones once their cookie would have expired anyway.
 */
async function dropExtraDevices(db: Db, staffId: number, now: Date): Promise<void> {
	const kept = await db
		.selectFrom('staff_device')
		.select('id')
		.where('staff_id', '=', staffId)
		.where('revoked_at', 'is', null)
		.where('last_used_at', '>', expiredBefore(now))
		.orderBy('last_used_at', 'desc')
		.orderBy('id', 'desc')
		.limit(MAX_DEVICES)
		.execute();
	if (kept.length > 0)
		await db
			.deleteFrom('staff_device')
			.where('staff_id', '=', staffId)
			.where('revoked_at', 'is', null)
			.where(
				'id',
				'not in',
				kept.map((k) => k.id)
			)
			.execute();
	await db
		.deleteFrom('staff_device')
		.where((eb) =>
			eb.or([
				eb('last_used_at', '<=', expiredBefore(now)),
				eb('revoked_at', '<=', expiredBefore(now))
			])
		)
		.execute();
}

/**
 * The device a cookie names, when its signature holds, it is younger than DEVICE_DAYS and its
 * device is still one of that member's (not dropped, not revoked).
 */
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
	const staffId = Number(staff);
	const row = await db
		.selectFrom('staff_device')
		.select('id')
		.where('device_id', '=', deviceId)
		.where('staff_id', '=', staffId)
		.where('revoked_at', 'is', null)
		.where('last_used_at', '>', expiredBefore(now))
		.executeTakeFirst();
	return row ? { staffId, deviceId, issuedAt } : null;
}

/**
 * The field mode's view of a device cookie (/admin/campo): `enrolled` as `readDevice` accepts it,
 * `revoked` when its signature holds but a gestor revoked it (a lost phone: its autos are refused
 * with that reason, not as a stranger's), or null.
 */
export async function fieldDevice(
	db: Db,
	value: string | undefined,
	now: Date = new Date()
): Promise<{ status: 'enrolled' | 'revoked'; staffId: number; deviceId: string } | null> {
	const enrolled = await readDevice(db, value, now);
	if (enrolled)
		return { status: 'enrolled', staffId: enrolled.staffId, deviceId: enrolled.deviceId };
	const m = /^(v1\.(\d{1,12})\.[0-9a-z]{1,12}\.([A-Za-z0-9_-]{16}))\.([A-Za-z0-9_-]{43})$/.exec(
		value ?? ''
	);
	if (!m || (value?.length ?? 0) > 200) return null;
	const [, payload = '', staff = '', deviceId = '', signature = ''] = m;
	const expected = Buffer.from(sign(await serverSecret(db, SECRET), payload));
	const given = Buffer.from(signature);
	if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
	const staffId = Number(staff);
	const row = await db
		.selectFrom('staff_device')
		.select('revoked_at')
		.where('device_id', '=', deviceId)
		.where('staff_id', '=', staffId)
		.executeTakeFirst();
	return row?.revoked_at ? { status: 'revoked', staffId, deviceId } : null;
}

/** The random id of device row `id` (the field mode closes its number blocks on revocation). */
export async function deviceIdOf(db: Db, id: number): Promise<string | null> {
	const row = await db
		.selectFrom('staff_device')
		.select('device_id')
		.where('id', '=', id)
		.executeTakeFirst();
	return row?.device_id ?? null;
}

/** A device as the team page lists it. */
export interface DeviceRow {
	id: number;
	staffId: number;
	createdAt: string;
	lastUsedAt: string;
	/** deviceLabel's summary, or null when the browser sent none. */
	agent: string | null;
}

/** Devices whose cookie still counts: unrevoked, used within DEVICE_DAYS. */
const usable = (db: Db, now: Date) =>
	db
		.selectFrom('staff_device')
		.select(['id', 'staff_id', 'created_at', 'last_used_at', 'agent'])
		.where('revoked_at', 'is', null)
		.where('last_used_at', '>', expiredBefore(now));

const toDeviceRow = (r: {
	id: number;
	staff_id: number;
	created_at: string;
	last_used_at: string;
	agent: string | null;
}): DeviceRow => ({
	id: r.id,
	staffId: r.staff_id,
	createdAt: r.created_at,
	lastUsedAt: r.last_used_at,
	agent: r.agent
});

/** Every member's usable devices, most recently used first. */
export async function listDevices(db: Db, now: Date = new Date()): Promise<DeviceRow[]> {
	const rows = await usable(db, now)
		.orderBy('last_used_at', 'desc')
		.orderBy('id', 'desc')
		.execute();
	return rows.map(toDeviceRow);
}

/**
 * Revokes device `id`: its cookie gives no priority any more (a new sign-in from that browser
 * makes a new device). The device as it was, or null when it was not usable (already revoked,
 * dropped, expired, or never there).
 */
export async function revokeDevice(
	db: Db,
	id: number,
	now: Date = new Date()
): Promise<DeviceRow | null> {
	const row = await usable(db, now).where('id', '=', id).executeTakeFirst();
	if (!row) return null;
	await db
		.updateTable('staff_device')
		.set({ revoked_at: iso(now) })
		.where('id', '=', id)
		.where('revoked_at', 'is', null)
		.execute();
	return toDeviceRow(row);
}
