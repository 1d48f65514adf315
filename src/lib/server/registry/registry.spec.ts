import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RegistryEntry } from '$lib/domain/registry';
import { entry } from '$lib/domain/registry.fixtures';
import { rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import type { Db } from '$lib/server/db';
import { closeTempDb, openTempDb, otherConnection } from '$lib/server/db/db.fixtures';
import {
	REGISTRY_RECHECK_MS,
	SAMPLE_SOURCE,
	currentRegistry,
	ensureSampleRegistry,
	latestSnapshot,
	latestVersion,
	publishSnapshot,
	snapshotAt,
	snapshotHistory
} from './registry';
const sample = rolimDeMouraFiles.registrySample;

let db: Db;

beforeEach(async () => {
	db = await openTempDb('registry');
});
afterEach(() => closeTempDb(db));

describe('publishing snapshots', () => {
	test('an empty database has no snapshot', async () => {
		expect(await latestVersion(db)).toBeNull();
		expect(await latestSnapshot(db)).toBeNull();
		expect(await snapshotHistory(db)).toEqual([]);
	});

	test('publish → latest: every field round-trips, entries ordered by prefixo as a number', async () => {
		const entries = [
			entry('10', { placa: 'QRE8I58', condutorAuxiliar: 'Jonas Ferreira', situacao: 'suspensa' }),
			entry('2', { situacao: 'cassada', cilindradas: 125, anoFabricacao: 2019 }),
			entry('1')
		];
		const published = await publishSnapshot(db, {
			entries,
			source: 'cadastro-2026-12.csv',
			sample: false,
			publishedAt: '2026-12-02T14:00:00.000Z'
		});
		expect(published).toEqual({ version: 1, publishedAt: '2026-12-02T14:00:00.000Z' });
		expect(await latestSnapshot(db)).toEqual({
			version: 1,
			publishedAt: '2026-12-02T14:00:00.000Z',
			sample: false,
			entries: [entries[2], entries[1], entries[0]]
		});
	});

	test('each publication is a new version; older versions stay as they were', async () => {
		await publishSnapshot(db, { entries: [entry('1'), entry('2')], source: 'a.csv', sample: true });
		const v1 = await snapshotAt(db, 1);
		const second = await publishSnapshot(db, {
			entries: [entry('1', { situacao: 'suspensa' }), entry('3')],
			source: 'b.csv',
			sample: false
		});
		expect(second.version).toBe(2);
		expect(await latestVersion(db)).toBe(2);
		expect(await snapshotAt(db, 1)).toEqual(v1);
		expect((await snapshotAt(db, 1))?.entries.map((e) => [e.prefixo, e.situacao])).toEqual([
			['1', 'ativa'],
			['2', 'ativa']
		]);
		expect((await latestSnapshot(db))?.entries.map((e) => [e.prefixo, e.situacao])).toEqual([
			['1', 'suspensa'],
			['3', 'ativa']
		]);
		expect(
			(await snapshotHistory(db)).map(({ version, source, sample, entryCount }) => ({
				version,
				source,
				sample,
				entryCount
			}))
		).toEqual([
			{ version: 2, source: 'b.csv', sample: false, entryCount: 2 },
			{ version: 1, source: 'a.csv', sample: true, entryCount: 2 }
		]);
	});

	test('all or nothing: a failing entry leaves no snapshot and no stray rows', async () => {
		await publishSnapshot(db, { entries: [entry('1')], source: 'a.csv', sample: false });
		await expect(
			publishSnapshot(db, { entries: [entry('5'), entry('5')], source: 'dup.csv', sample: false })
		).rejects.toThrow(/UNIQUE/);
		expect(await latestVersion(db)).toBe(1);
		const rows = await db.selectFrom('registry_entry').select('snapshot_version').execute();
		expect(rows).toEqual([{ snapshot_version: 1 }]);
	});

	test('an empty registry is refused', async () => {
		await expect(
			publishSnapshot(db, { entries: [], source: 'vazio.csv', sample: false })
		).rejects.toThrow(/sem nenhum veículo/);
		expect(await latestVersion(db)).toBeNull();
	});

	test('only the public fields are stored, whatever else the objects carry (LGPD)', async () => {
		const withCpf = { ...entry('1'), cpf: '123.456.789-09', telefone: '69 99999-0000' };
		const entries: RegistryEntry[] = [withCpf];
		await publishSnapshot(db, { entries, source: 'a.csv', sample: false });
		expect((await latestSnapshot(db))?.entries).toEqual([entry('1')]);
	});
});

describe('ensureSampleRegistry', () => {
	test('publishes the profile sample on an empty database, marked as sample', async () => {
		const published = await ensureSampleRegistry(db, sample, '2026-12-02');
		expect(published?.version).toBe(1);
		const [summary] = await snapshotHistory(db);
		expect(summary).toMatchObject({ version: 1, sample: true, source: SAMPLE_SOURCE });
		expect(summary?.entryCount).toBeGreaterThan(10);
		expect((await latestSnapshot(db))?.sample).toBe(true);
	});

	test('is a no-op once any snapshot exists', async () => {
		await publishSnapshot(db, { entries: [entry('1')], source: 'real.csv', sample: false });
		expect(await ensureSampleRegistry(db, sample, '2026-12-02')).toBeNull();
		expect(await latestVersion(db)).toBe(1);
		expect((await latestSnapshot(db))?.sample).toBe(false);
	});

	test('a sample with errors is a bug: it throws and publishes nothing', async () => {
		await expect(ensureSampleRegistry(db, 'prefixo;placa\n1;X\n', '2026-12-02')).rejects.toThrow(
			/linha 1/
		);
		expect(await latestVersion(db)).toBeNull();
	});
});

describe('currentRegistry (per-request cache)', () => {
	test('re-reads only after the recheck interval, and only when the version moved', async () => {
		// Published by another process (a CLI import): a second connection to the same file.
		const other = otherConnection(db);
		try {
			const t0 = 1_000_000;
			expect(await currentRegistry(db, t0)).toBeNull();
			await publishSnapshot(other, { entries: [entry('1')], source: 'a.csv', sample: false });
			expect(await currentRegistry(db, t0 + 10)).toBeNull(); // still trusted
			const v1 = await currentRegistry(db, t0 + REGISTRY_RECHECK_MS);
			expect(v1?.version).toBe(1);
			// Same version: the very same object, no reload.
			expect(await currentRegistry(db, t0 + 3 * REGISTRY_RECHECK_MS)).toBe(v1);
			await publishSnapshot(other, { entries: [entry('2')], source: 'b.csv', sample: false });
			expect(await currentRegistry(db, t0 + 3 * REGISTRY_RECHECK_MS + 1)).toBe(v1);
			expect((await currentRegistry(db, t0 + 4 * REGISTRY_RECHECK_MS))?.version).toBe(2);
		} finally {
			await other.destroy();
		}
	});

	test('a publish through the same connection (the admin) is seen at once', async () => {
		const t0 = 1_000_000;
		await publishSnapshot(db, { entries: [entry('1')], source: 'a.csv', sample: false });
		expect((await currentRegistry(db, t0))?.version).toBe(1);
		await publishSnapshot(db, { entries: [entry('2')], source: 'b.csv', sample: false });
		expect((await currentRegistry(db, t0 + 1))?.version).toBe(2);
	});

	test('inTransaction runs in the publish transaction: if it throws, nothing is published', async () => {
		await expect(
			publishSnapshot(db, {
				entries: [entry('1')],
				source: 'a.csv',
				sample: false,
				inTransaction: async (trx, { version }) => {
					expect(await latestVersion(trx)).toBe(version);
					throw new Error('audit failed');
				}
			})
		).rejects.toThrow('audit failed');
		expect(await latestVersion(db)).toBeNull();
	});

	test('concurrent callers share one read', async () => {
		await publishSnapshot(db, { entries: [entry('1')], source: 'a.csv', sample: false });
		const [a, b] = await Promise.all([currentRegistry(db), currentRegistry(db)]);
		expect(a).not.toBeNull();
		expect(a).toBe(b);
	});
});
