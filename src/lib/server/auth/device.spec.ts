import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import { DEVICE_DAYS, issueDevice, readDevice } from './device';

let db: Db;
beforeEach(async () => {
	db = await memoryDb();
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
