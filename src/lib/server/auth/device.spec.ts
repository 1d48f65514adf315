import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import {
	DEVICE_DAYS,
	deviceLabel,
	issueDevice,
	listDevices,
	MAX_DEVICES,
	readDevice,
	revokeDevice
} from './device';

let db: Db;
/** Members 7 and 8, as the cookies below name them. */
async function addMembers(to: Db) {
	for (const id of [7, 8])
		await to
			.insertInto('staff')
			.values({
				id,
				email: `m${id}@b.co`,
				name: `M${id}`,
				role: 'fiscal',
				password_hash: 'scrypt$x',
				created_at: T0.toISOString()
			})
			.execute();
}
beforeEach(async () => {
	db = await memoryDb();
	await addMembers(db);
});
afterEach(() => db.destroy());

const T0 = new Date('2026-12-02T10:00:00-04:00');
const days = (n: number) => new Date(T0.getTime() + n * 24 * 60 * 60_000);

describe('device cookie: signed, long-lived, bound to one member', () => {
	test('a cookie we issued reads back as its member and device', async () => {
		const value = await issueDevice(db, 7, T0);
		expect(value).toMatch(/^v1\.7\.[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
		expect(await readDevice(db, value, days(1))).toMatchObject({ staffId: 7, issuedAt: T0 });
	});

	test(`valid for ${DEVICE_DAYS} days, then not`, async () => {
		const value = await issueDevice(db, 7, T0);
		expect(await readDevice(db, value, days(DEVICE_DAYS - 1))).not.toBeNull();
		expect(await readDevice(db, value, days(DEVICE_DAYS + 1))).toBeNull();
	});

	test('renewed at a sign-in: a new date, the same device', async () => {
		const first = await readDevice(db, await issueDevice(db, 7, T0), T0);
		const again = await readDevice(db, await issueDevice(db, 7, days(100), first), days(100));
		expect(again?.deviceId).toBe(first?.deviceId);
		expect(again?.issuedAt).toEqual(days(100));
	});

	test.each([
		['another member written in', (v: string) => v.replace(/^v1\.7\./, 'v1.8.')],
		['an older date written in', (v: string) => v.replace(/^(v1\.7\.)[0-9a-z]+/, '$1a')],
		['a changed signature', (v: string) => `${v.slice(0, -1)}${v.endsWith('A') ? 'B' : 'A'}`],
		['no signature', (v: string) => v.slice(0, v.lastIndexOf('.'))],
		['garbage', () => 'não é um cookie'],
		['empty', () => '']
	])('refused: %s', async (_, change) => {
		const value = await issueDevice(db, 7, T0);
		expect(await readDevice(db, change(value), days(1))).toBeNull();
	});

	test("another server's key (another database) does not accept it", async () => {
		const value = await issueDevice(db, 7, T0);
		const other = await memoryDb();
		// Even with the same device row there: only the key differs.
		await addMembers(other);
		await other
			.insertInto('staff_device')
			.values(
				await db
					.selectFrom('staff_device')
					.select(['staff_id', 'device_id', 'created_at', 'last_used_at'])
					.executeTakeFirstOrThrow()
			)
			.execute();
		try {
			expect(await readDevice(other, value, days(1))).toBeNull();
		} finally {
			await other.destroy();
		}
	});

	test('the key is made once and kept in the database (every instance reads the same)', async () => {
		await issueDevice(db, 7, T0);
		const rows = await db.selectFrom('server_secret').selectAll().execute();
		expect(rows.map((r) => r.name)).toEqual(['device-cookie']);
		expect(Buffer.from(rows[0]?.value ?? '', 'base64url')).toHaveLength(32);
	});
});

describe('devices are rows: capped per member, listed, revoked', () => {
	test(`a member keeps ${MAX_DEVICES}: the ${MAX_DEVICES + 1}th sign-in from a new browser drops the one used least recently`, async () => {
		const cookies: string[] = [];
		for (let i = 0; i < MAX_DEVICES; i++) cookies.push(await issueDevice(db, 7, days(i)));
		// The first device is used again: now the second is the least recently used.
		const first = await readDevice(db, cookies[0], days(MAX_DEVICES));
		cookies[0] = await issueDevice(db, 7, days(MAX_DEVICES), first);
		const newest = await issueDevice(db, 7, days(MAX_DEVICES + 1));
		const at = days(MAX_DEVICES + 1);
		expect(await readDevice(db, cookies[1], at)).toBeNull();
		for (const cookie of [cookies[0], ...cookies.slice(2), newest])
			expect(await readDevice(db, cookie, at)).not.toBeNull();
		const listed = await listDevices(db, at);
		expect(listed).toHaveLength(MAX_DEVICES);
		expect(listed.every((d) => d.staffId === 7)).toBe(true);
	});

	test('20 sign-ins from 20 browsers leave 5 devices, and 5 rows', async () => {
		const cookies: string[] = [];
		for (let i = 0; i < 20; i++) cookies.push(await issueDevice(db, 7, T0));
		const honoured = await Promise.all(cookies.map((c) => readDevice(db, c, T0)));
		expect(honoured.filter(Boolean)).toHaveLength(MAX_DEVICES);
		// The last ones made are the ones kept.
		expect(honoured.slice(-MAX_DEVICES).every(Boolean)).toBe(true);
		const rows = await db.selectFrom('staff_device').select('id').execute();
		expect(rows).toHaveLength(MAX_DEVICES);
	});

	test("one member's devices do not push out another's", async () => {
		const mine = await issueDevice(db, 8, T0);
		for (let i = 0; i < 10; i++) await issueDevice(db, 7, T0);
		expect(await readDevice(db, mine, T0)).toMatchObject({ staffId: 8 });
	});

	test('a revoked device is no longer honoured, nor listed; renewing it makes a new one', async () => {
		const cookie = await issueDevice(
			db,
			7,
			T0,
			null,
			'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36'
		);
		const [listed] = await listDevices(db, T0);
		expect(listed).toMatchObject({
			staffId: 7,
			agent: 'Chrome · Android',
			createdAt: T0.toISOString()
		});
		const device = await readDevice(db, cookie, T0);
		expect(await revokeDevice(db, listed!.id, days(1))).toMatchObject({ id: listed!.id });
		expect(await revokeDevice(db, listed!.id, days(1))).toBeNull();
		expect(await readDevice(db, cookie, days(1))).toBeNull();
		expect(await listDevices(db, days(1))).toEqual([]);
		// A sign-in from that browser (its cookie no longer read) gets a new device.
		const again = await readDevice(db, await issueDevice(db, 7, days(2), device), days(2));
		expect(again?.deviceId).not.toBe(device?.deviceId);
	});

	test('a device unused for DEVICE_DAYS is neither honoured nor listed', async () => {
		const cookie = await issueDevice(db, 7, T0);
		expect(await listDevices(db, days(DEVICE_DAYS + 1))).toEqual([]);
		expect(await readDevice(db, cookie, days(DEVICE_DAYS + 1))).toBeNull();
	});

	test('revoking an id that is not there answers null', async () => {
		expect(await revokeDevice(db, 2147483647, T0)).toBeNull();
	});
});

describe('deviceLabel: browser and system, nothing more', () => {
	test.each([
		[
			'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
			'Chrome · Android'
		],
		[
			'Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
			'Samsung Internet · Android'
		],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
			'Safari · iOS'
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
			'Edge · Windows'
		],
		['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox · Linux'],
		[
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
			'Chrome · Linux'
		],
		['curl/8.5.0', 'Outro navegador'],
		['', null],
		[null, null]
	])('%s → %s', (ua, label) => expect(deviceLabel(ua)).toBe(label));
});
