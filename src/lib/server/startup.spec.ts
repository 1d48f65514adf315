import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createDb, type Db } from './db';
import { latestVersion, publishSnapshot, snapshotHistory } from './registry';
import { initDatabase } from './startup';

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
		entries: [
			{
				prefixo: '1',
				placa: 'ABC1234',
				titular: 'Titular',
				condutorAuxiliar: null,
				marcaModelo: 'Honda CG 160',
				cor: 'Preta',
				anoFabricacao: 2024,
				cilindradas: 160,
				situacao: 'ativa',
				autorizacaoValidade: '2027-12-31',
				ultimaVistoria: '2026-06-01',
				certidaoValidade: '2027-06-30',
				seguroValidade: '2027-03-31'
			}
		],
		source: 'real.csv',
		sample: false
	});
	await initDatabase(db);
	expect(await latestVersion(db)).toBe(2);
	expect((await snapshotHistory(db))[0]).toMatchObject({ version: 2, sample: false });
});
