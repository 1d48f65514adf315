import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations';
import { createDb, migrate, type Db } from './connection';
import { keyId, openToken } from './receipt-seal';

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

/** Every migration, in the order they run: the one list a new migration is added to. */
const MIGRATIONS = [
	'001_registry',
	'002_stands',
	'003_complaints',
	'004_staff',
	'005_triage',
	'006_registry_admin',
	'007_rules',
	'008_rate_limit',
	'009_certidoes',
	'010_distance',
	'011_server_secret',
	'012_idempotency_sealed',
	'013_sample_entries',
	'014_office_closures',
	'015_suspension_days',
	'016_complaint_audio',
	'017_staff_devices',
	'018_erasures',
	'019_auto_records',
	'020_procedure',
	'021_field_mode',
	'022_revoked_cards',
	'024_auxiliary_person',
	'025_field_acts',
	'026_cautelar_suspension'
] as const;

/** The migrations from `first` on: what `migrate` runs on a database migrated up to the one before. */
const from = (first: (typeof MIGRATIONS)[number]) => MIGRATIONS.slice(MIGRATIONS.indexOf(first));

describe('SQLite connection', () => {
	test('creates the folder and sets WAL, synchronous FULL, foreign keys, busy timeout', async () => {
		expect(await pragma('journal_mode')).toBe('wal');
		expect(await pragma('synchronous')).toBe(2); // FULL
		expect(await pragma('foreign_keys')).toBe(1);
		// LGPD: deleted content is zeroed in the file, not left in its free space.
		expect(await pragma('secure_delete')).toBe(1);
		// better-sqlite3 reports it as `timeout`.
		expect((await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0]).toEqual({
			timeout: 5000
		});
	});
});

describe('migrations', () => {
	test('create every table, in order, and running again is a no-op', async () => {
		expect(await migrate(db)).toEqual(MIGRATIONS);
		expect(await migrate(db)).toEqual([]);
		const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
		expect(tables).toEqual([
			'audit_log',
			'auto_block',
			'auto_infracao',
			'auto_number_void',
			'auto_sequence',
			'cautelar_suspension',
			'complaint',
			'complaint_audio',
			'complaint_event',
			'complaint_photo',
			'decreed_day',
			'field_photo',
			'idempotency',
			'impound',
			'impound_sequence',
			'lgpd_erasure',
			'login_failure',
			'notice_sequence',
			'preliminary_notice',
			'protocol_sequence',
			'rate_limit',
			'registry_draft',
			'registry_draft_entry',
			'registry_entry',
			'registry_snapshot',
			'revoked_card',
			'rules_version',
			'server_secret',
			'staff',
			'staff_device',
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

	test('013 marks each entry of a sample snapshot as a sample, and none of a real one', async () => {
		const migrator = new Migrator({
			db: db as unknown as Kysely<unknown>,
			provider: { getMigrations: async () => ({ ...migrations }) }
		});
		expect((await migrator.migrateTo('012_idempotency_sealed')).error).toBeUndefined();
		const columns =
			'snapshot_version, prefixo, placa, titular, condutor_auxiliar, marca_modelo, cor, ' +
			'ano_fabricacao, cilindradas, situacao, autorizacao_validade, ultima_vistoria, ' +
			'certidao_estadual_validade, certidao_federal_validade, seguro_validade';
		for (const [version, sample] of [
			[1, 1],
			[2, 0]
		] as const) {
			await sql`insert into registry_snapshot (version, published_at, source, sample, entry_count) values (${version}, '2026-12-01T00:00:00Z', 'x', ${sample}, 1)`.execute(
				db
			);
			await sql`insert into registry_entry (${sql.raw(columns)}) values (${version}, '7', 'NDJ8041', 'Fulano', null, 'Honda', 'Azul', 2024, 162, 'ativa', '2027-01-01', '2026-01-01', '2027-01-01', '2027-01-01', '2027-01-01')`.execute(
				db
			);
		}
		expect(await migrate(db)).toEqual(from('013_sample_entries'));
		const rows = await db
			.selectFrom('registry_entry')
			.select(['snapshot_version', 'sample'])
			.orderBy('snapshot_version')
			.execute();
		expect(rows).toEqual([
			{ snapshot_version: 1, sample: 1 },
			{ snapshot_version: 2, sample: 0 }
		]);
	});

	test('014 lets a decreed day close the office, and keeps the days entered before, ids and all', async () => {
		const migrator = new Migrator({
			db: db as unknown as Kysely<unknown>,
			provider: { getMigrations: async () => ({ ...migrations }) }
		});
		expect((await migrator.migrateTo('013_sample_entries')).error).toBeUndefined();
		const day = (id: number, date: string, action: string) =>
			sql`insert into decreed_day (id, date, action, name, reference, entered_at) values (${id}, ${date}, ${action}, 'Dia', 'Decreto nº 1/2027', '2026-12-01T00:00:00Z')`.execute(
				db
			);
		await day(3, '2027-02-08', 'add');
		await day(7, '2027-02-09', 'remove');
		await expect(day(8, '2027-02-10', 'close')).rejects.toThrow(/CHECK/i);
		expect(await migrate(db)).toEqual(from('014_office_closures'));
		await day(9, '2027-02-10', 'close');
		await expect(day(10, '2027-02-11', 'fechar')).rejects.toThrow(/CHECK/i);
		await expect(day(11, '2027-02-10', 'add')).rejects.toThrow(/UNIQUE/i);
		const rows = await db
			.selectFrom('decreed_day')
			.select(['id', 'date', 'action'])
			.orderBy('id')
			.execute();
		expect(rows).toEqual([
			{ id: 3, date: '2027-02-08', action: 'add' },
			{ id: 7, date: '2027-02-09', action: 'remove' },
			{ id: 9, date: '2027-02-10', action: 'close' }
		]);
	});

	test('018 fills the erasure ledger from the erasures the audit log records, no personal data', async () => {
		const migrator = new Migrator({
			db: db as unknown as Kysely<unknown>,
			provider: { getMigrations: async () => ({ ...migrations }) }
		});
		expect((await migrator.migrateTo('016_complaint_audio')).error).toBeUndefined();
		const erased = (at: string, entityId: string, staffEmail: string | null) =>
			db
				.insertInto('audit_log')
				.values({
					at,
					staff_id: null,
					staff_email: staffEmail,
					action: 'contact.erase',
					entity: 'complaint',
					entity_id: entityId,
					before: null,
					after: null,
					note: 'x'
				})
				.execute();
		await erased('2026-05-01T10:00:00.000Z', 'RM-2026-000001', 'gestor@garupa.test');
		await erased('2026-06-01T10:00:00.000Z', 'RM-2026-000001', null);
		await erased('2026-07-01T10:00:00.000Z', 'RM-2026-000002', null);
		expect(await migrate(db)).toEqual(from('017_staff_devices'));
		const ledger = await db.selectFrom('lgpd_erasure').selectAll().orderBy('protocol').execute();
		expect(ledger).toEqual([
			{
				protocol: 'RM-2026-000001',
				erased_at: '2026-05-01T10:00:00.000Z',
				kind: 'pedido',
				staff_email: 'gestor@garupa.test'
			},
			{
				protocol: 'RM-2026-000002',
				erased_at: '2026-07-01T10:00:00.000Z',
				kind: 'prazo',
				staff_email: null
			}
		]);
	});

	test('021 keeps every auto, its columns and indexes, and lets an auto have no complaint', async () => {
		const migrator = new Migrator({
			db: db as unknown as Kysely<unknown>,
			provider: { getMigrations: async () => ({ ...migrations }) }
		});
		expect((await migrator.migrateTo('018_erasures')).error).toBeUndefined();
		// An auto as 005–015 left it (the complaint and the agent are not the point here: their rows
		// are left out, so the keys stay off while it migrates).
		await sql`pragma foreign_keys = off`.execute(db);
		await sql`insert into auto_infracao (number, year, seq, complaint_id, prefixo, placa, provision, penalty, penalty_cite, penalty_detail, agent_staff_id, agent_name, issued_at, decision, suspension_days) values ('AI-2026-000001', 2026, 1, 9, '7', 'NDJ8041', 'art20-VII', 'multa', 'Art. 21, I', 'x', 3, 'Ana', '2026-12-01T00:00:00Z', 'imposta', 5)`.execute(
			db
		);
		expect(await migrate(db)).toEqual(from('019_auto_records'));
		await sql`pragma foreign_keys = on`.execute(db);
		const row = await db.selectFrom('auto_infracao').selectAll().executeTakeFirstOrThrow();
		expect(row).toMatchObject({
			number: 'AI-2026-000001',
			complaint_id: 9,
			decision: 'imposta',
			suspension_days: 5,
			origin: null,
			idempotency_key: null
		});
		const auto = (await db.introspection.getTables()).find((t) => t.name === 'auto_infracao');
		expect(auto?.columns.find((c) => c.name === 'complaint_id')?.isNullable).toBe(true);
		const indexes = (
			await sql<{
				name: string;
			}>`select name from sqlite_master where type = 'index' and tbl_name = 'auto_infracao' and sql is not null`.execute(
				db
			)
		).rows.map((r) => r.name);
		expect(indexes.sort()).toEqual([
			'auto_infracao_complaint',
			'auto_infracao_copy_token',
			'auto_infracao_idempotency',
			'auto_infracao_prefixo',
			'auto_infracao_record_of'
		]);
		// The year/number uniqueness and the decision check survived the rebuild.
		await expect(
			sql`insert into auto_infracao (number, year, seq, prefixo, provision, penalty_cite, penalty_detail, agent_staff_id, agent_name, issued_at) values ('AI-2026-000001', 2026, 1, '7', 'x', 'x', 'x', 3, 'Ana', 'x')`.execute(
				db
			)
		).rejects.toThrow(/UNIQUE/);
	});

	test('012 renames each key row by its hash and seals its token; a replay gets the same receipt', async () => {
		const migrator = new Migrator({
			db: db as unknown as Kysely<unknown>,
			provider: { getMigrations: async () => ({ ...migrations }) }
		});
		expect((await migrator.migrateTo('011_server_secret')).error).toBeUndefined();
		const old = {
			protocol: 'RM-2026-000001',
			token: 'AAAAAAAAAAAAAAAAAAAAAAAA',
			status: 'recebida',
			offenses: [],
			statusUrl: '/reclamacoes/RM-2026-000001?token=AAAAAAAAAAAAAAAAAAAAAAAA'
		};
		await sql`insert into idempotency (key, request_hash, status, response, created_at) values ('chave-1', 'h1', 'done', ${JSON.stringify(old)}, '2026-12-01T00:00:00Z'), ('chave-2', 'h2', 'processing', null, '2026-12-01T00:00:00Z')`.execute(
			db
		);
		expect(await migrate(db)).toEqual(from('012_idempotency_sealed'));
		const rows = await db.selectFrom('idempotency').selectAll().orderBy('created_at').execute();
		expect(rows.map((r) => r.key).sort()).toEqual([keyId('chave-1'), keyId('chave-2')].sort());
		const sealed = rows.find((r) => r.key === keyId('chave-1'));
		expect(sealed?.response).not.toContain(old.token);
		const stored = JSON.parse(sealed?.response ?? '{}') as { tokenSealed: string };
		expect(openToken(stored.tokenSealed, 'chave-1', 'h1')).toBe(old.token);
		expect(openToken(stored.tokenSealed, 'chave-2', 'h1')).toBeNull();
	});

	// Art. 4 IV: both certidões (Justiça Estadual and Federal); rows written before held one date.
	test('009_certidoes copies the single certidão into both, in snapshots and the draft', async () => {
		const migrator = new Migrator({
			db: db as unknown as Kysely<unknown>,
			provider: { getMigrations: async () => ({ ...migrations }) }
		});
		expect((await migrator.migrateTo('008_rate_limit')).error).toBeUndefined();
		const row = `'1', 'ABC1234', 'Fulano', null, 'Honda CG 160', 'Azul', 2020, 160, 'ativa', '2027-01-01', '2026-01-01', '2026-11-30', '2027-01-01'`;
		const columns =
			'prefixo, placa, titular, condutor_auxiliar, marca_modelo, cor, ano_fabricacao, cilindradas, situacao, autorizacao_validade, ultima_vistoria, certidao_validade, seguro_validade';
		await sql`insert into registry_snapshot (version, published_at, source, sample, entry_count) values (1, '2026-01-01T00:00:00Z', 'x', 0, 1)`.execute(
			db
		);
		await sql`insert into registry_entry (snapshot_version, ${sql.raw(columns)}) values (1, ${sql.raw(row)})`.execute(
			db
		);
		await sql`insert into registry_draft_entry (${sql.raw(columns)}) values (${sql.raw(row)})`.execute(
			db
		);
		expect((await migrate(db)).slice(0, 2)).toEqual(['009_certidoes', '010_distance']);
		for (const table of ['registry_entry', 'registry_draft_entry'] as const) {
			const rows = await db
				.selectFrom(table)
				.select(['certidao_estadual_validade', 'certidao_federal_validade'])
				.execute();
			expect(rows, table).toEqual([
				{ certidao_estadual_validade: '2026-11-30', certidao_federal_validade: '2026-11-30' }
			]);
			const names = (await db.introspection.getTables())
				.find((t) => t.name === table)
				?.columns.map((c) => c.name);
			expect(names, table).not.toContain('certidao_validade');
		}
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
					certidao_estadual_validade: '2027-01-01',
					certidao_federal_validade: '2027-01-01',
					seguro_validade: '2027-01-01',
					sample: 0
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

describe('the database files are private to the app’s user', () => {
	const mode = (path: string) => statSync(path).mode & 0o777;
	test('a new database: 0600 (and its -wal and -shm), its new folder 0700', async () => {
		const path = join(dir, 'nested', 'garupa.db');
		await migrate(db);
		expect(mode(join(dir, 'nested'))).toBe(0o700);
		expect(mode(path)).toBe(0o600);
		for (const side of ['-wal', '-shm'])
			if (existsSync(path + side)) expect(mode(path + side), side).toBe(0o600);
		expect(existsSync(`${path}-wal`)).toBe(true);
	});
	test('a database an older version left 0644 is narrowed to 0600 at open', async () => {
		const path = join(dir, 'antigo.db');
		writeFileSync(path, '');
		chmodSync(path, 0o644);
		const old = createDb({ kind: 'sqlite', path });
		try {
			await migrate(old);
			expect(mode(path)).toBe(0o600);
		} finally {
			await old.destroy();
		}
	});
});
