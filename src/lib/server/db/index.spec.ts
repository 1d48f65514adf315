import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createDb, migrate, type Db } from '.';

let dir: string;
let db: Db;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'garupa-db-'));
	db = createDb({ kind: 'sqlite', path: join(dir, 'nested', 'garupa.db') });
});
afterEach(async () => {
	await db.destroy();
	rmSync(dir, { recursive: true, force: true });
});

const pragma = async (name: string) =>
	(await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(db)).rows[0]?.[name];

describe('SQLite connection', () => {
	test('creates the folder and sets WAL, synchronous FULL, foreign keys, busy timeout', async () => {
		expect(await pragma('journal_mode')).toBe('wal');
		expect(await pragma('synchronous')).toBe(2); // FULL
		expect(await pragma('foreign_keys')).toBe(1);
		// better-sqlite3 reports it as `timeout`.
		expect((await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0]).toEqual({
			timeout: 5000
		});
	});
});

describe('migrations', () => {
	test('create every table, in order, and running again is a no-op', async () => {
		expect(await migrate(db)).toEqual([
			'001_registry',
			'002_stands',
			'003_complaints',
			'004_staff',
			'005_triage',
			'006_registry_admin',
			'007_rules',
			'008_rate_limit'
		]);
		expect(await migrate(db)).toEqual([]);
		const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
		expect(tables).toEqual([
			'audit_log',
			'auto_infracao',
			'auto_sequence',
			'complaint',
			'complaint_event',
			'complaint_photo',
			'decreed_day',
			'idempotency',
			'login_failure',
			'protocol_sequence',
			'rate_limit',
			'registry_draft',
			'registry_draft_entry',
			'registry_entry',
			'registry_snapshot',
			'rules_version',
			'staff',
			'staff_known_address',
			'staff_session',
			'stand',
			'stand_prefix',
			'tariff_decree'
		]);
		const entry = (await db.introspection.getTables()).find((t) => t.name === 'registry_entry');
		expect(entry?.columns.find((c) => c.name === 'condutor_auxiliar')?.isNullable).toBe(true);
		expect(entry?.columns.find((c) => c.name === 'placa')?.isNullable).toBe(false);
	});

	test('an entry must belong to a snapshot (foreign key enforced)', async () => {
		await migrate(db);
		await expect(
			db
				.insertInto('registry_entry')
				.values({
					snapshot_version: 99,
					prefixo: '1',
					placa: 'ABC1234',
					titular: 'Fulano',
					condutor_auxiliar: null,
					marca_modelo: 'Honda CG 160',
					cor: 'Vermelha',
					ano_fabricacao: 2020,
					cilindradas: 160,
					situacao: 'ativa',
					autorizacao_validade: '2027-01-01',
					ultima_vistoria: '2026-01-01',
					certidao_validade: '2027-01-01',
					seguro_validade: '2027-01-01'
				})
				.execute()
		).rejects.toThrow(/FOREIGN KEY/);
	});

	test('deleting a stand deletes its prefixes (on delete cascade)', async () => {
		await migrate(db);
		await db
			.insertInto('stand')
			.values({
				id: 'praca-central',
				name: 'Ponto da Praça Central',
				address: 'Praça central',
				lat: -11.7271,
				lng: -61.7714,
				vagas: 6,
				note: null,
				sample: 0,
				updated_at: '2026-12-02T14:00:00.000Z'
			})
			.execute();
		await db
			.insertInto('stand_prefix')
			.values({ stand_id: 'praca-central', prefixo: '7' })
			.execute();
		const stand = await db.selectFrom('stand').selectAll().executeTakeFirstOrThrow();
		expect(stand.lat).toBe(-11.7271);
		await db.deleteFrom('stand').execute();
		expect(await db.selectFrom('stand_prefix').selectAll().execute()).toEqual([]);
	});
});
