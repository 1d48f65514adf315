import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { entry } from '$lib/domain/registry.fixtures';
import { createDb, migrate, type Db } from '$lib/server/db';
import {
	publishSnapshot,
	snapshotHistory,
	listStands,
	replaceStands,
	standsAreSample
} from '$lib/server/registry';
// Not part of the registry's public face: only this spec reads the version number alone.
import { latestVersion } from '$lib/server/registry/registry';
import { initDatabase } from './startup';

const realEntry = entry('1');

let db: Db;
beforeEach(() => {
	db = createDb({ kind: 'sqlite', path: ':memory:' });
	vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(async () => {
	vi.restoreAllMocks();
	await db.destroy();
});

test('a fresh database is migrated and gets the sample registry, once', async () => {
	await initDatabase(db);
	await initDatabase(db);
	expect(await snapshotHistory(db)).toMatchObject([{ version: 1, sample: true }]);
});

test('a later start leaves published data alone', async () => {
	await initDatabase(db);
	await publishSnapshot(db, {
		entries: [realEntry],
		source: 'real.csv',
		sample: false
	});
	await initDatabase(db);
	expect(await latestVersion(db)).toBe(2);
	expect((await snapshotHistory(db))[0]).toMatchObject({ version: 2, sample: false });
});

test('a fresh database gets the sample stands, with the sample registry’s prefixes', async () => {
	await initDatabase(db);
	const stands = await listStands(db);
	expect(stands).toHaveLength(8);
	expect(await standsAreSample(db)).toBe(true);
	expect(stands.flatMap((s) => s.prefixes).length).toBeGreaterThan(8);
});

test('the sample stands name no prefix of a real registry', async () => {
	await migrate(db);
	await publishSnapshot(db, {
		entries: [{ ...realEntry, prefixo: '7' }],
		source: 'real.csv',
		sample: false
	});
	await initDatabase(db);
	const stands = await listStands(db);
	expect(stands).toHaveLength(8);
	expect(stands.flatMap((s) => s.prefixes)).toEqual([]);
});

test('a later start leaves published stands alone', async () => {
	await initDatabase(db);
	const [first] = await listStands(db);
	if (!first) throw new Error('no sample stand');
	await replaceStands(db, [{ ...first, id: 'real', name: 'Ponto real' }], { sample: false });
	await initDatabase(db);
	expect((await listStands(db)).map((s) => s.id)).toEqual(['real']);
	expect(await standsAreSample(db)).toBe(false);
});
