/**
 * Copies every row of one Garupa database into another, empty one — how a municipality moves from
 * SQLite to PostgreSQL (`npm run db:copy`, docs/deploy.md). The target is migrated first, then
 * filled table by table in foreign-key order in ONE transaction: it ends with all the rows or none.
 * PostgreSQL's identity counters are then moved past the copied ids, so new rows do not collide,
 * and the protocol and auto counters past every number the source issued.
 *
 * Works in either direction (the schema is the same on both); both must be at the same migration.
 */
import { sql } from 'kysely';
import type { Db } from './connection';
import { migrate } from './migrate';
import { continueNumbers, issuedNumbers } from './numbering';

/** Every table, parents before children. A table missing here stops the copy (never a silent loss). */
export const COPY_ORDER = [
	'staff',
	'staff_session',
	'staff_known_address',
	'staff_device',
	'login_failure',
	'audit_log',
	'registry_snapshot',
	'registry_entry',
	'registry_draft',
	'registry_draft_entry',
	'stand',
	'stand_prefix',
	'protocol_sequence',
	'idempotency',
	'complaint',
	'complaint_event',
	'complaint_photo',
	'complaint_audio',
	'lgpd_erasure',
	'revoked_card',
	'auto_sequence',
	'auto_block',
	'auto_number_void',
	'auto_infracao',
	'field_photo',
	'notice_sequence',
	'preliminary_notice',
	'impound_sequence',
	'impound',
	'cautelar_suspension',
	'rules_version',
	'tariff_decree',
	'decreed_day',
	'rate_limit',
	'server_secret'
] as const;

const KYSELY = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Rows the migrations themselves insert (007: the rules' version counter), replaced by the copy. */
const SEEDED = new Set(['rules_version']);
const BATCH = 200;

export class CopyError extends Error {
	override name = 'CopyError';
}

const isPostgres = (db: Db) => sql`select ${1}`.compile(db).sql.includes('$1');

async function tablesOf(db: Db): Promise<string[]> {
	return (await db.introspection.getTables())
		.map((t) => t.name)
		.filter((name) => !KYSELY.has(name));
}

/** Rows in `db`'s Garupa tables (0: an empty database, as after the migrations alone). */
export async function countRows(db: Db): Promise<number> {
	let total = 0;
	for (const table of await tablesOf(db)) {
		if (SEEDED.has(table)) continue;
		const { n } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`
			.execute(db)
			.then((r) => r.rows[0] ?? { n: 0 });
		total += Number(n);
	}
	return total;
}

/** Copies `from` into `to` (migrated here, and refused unless empty); returns rows per table. */
export async function copyDatabase(from: Db, to: Db): Promise<Record<string, number>> {
	await migrate(to);
	const source = await tablesOf(from);
	const unknown = source.filter((t) => !(COPY_ORDER as readonly string[]).includes(t));
	if (unknown.length > 0)
		throw new CopyError(`Tabelas que esta versão não sabe copiar: ${unknown.join(', ')}.`);
	const target = new Set(await tablesOf(to));
	const missing = source.filter((t) => !target.has(t));
	if (missing.length > 0)
		throw new CopyError(`O destino não tem as tabelas ${missing.join(', ')}: versões diferentes?`);
	if ((await countRows(to)) > 0)
		throw new CopyError('O banco de destino já tem dados: a cópia só vai para um banco vazio.');

	const counts: Record<string, number> = {};
	// Read in one transaction too: one consistent view of the source, even if something writes.
	await from.transaction().execute(async (src) =>
		to.transaction().execute(async (trx) => {
			for (const table of COPY_ORDER) {
				if (!source.includes(table)) continue;
				if (SEEDED.has(table)) await trx.deleteFrom(table as (typeof COPY_ORDER)[number]).execute();
				let copied = 0;
				for (;;) {
					const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(
						table
					)} limit ${BATCH} offset ${copied}`.execute(src);
					if (rows.length === 0) break;
					await trx
						.insertInto(table as (typeof COPY_ORDER)[number])
						.values(rows as never)
						.execute();
					copied += rows.length;
					if (rows.length < BATCH) break;
				}
				counts[table] = copied;
			}
			// Numbers continue past every one the source issued (its protocol sequences on PostgreSQL,
			// which are no table): the copy's counters would otherwise issue some again.
			await continueNumbers(trx, await issuedNumbers(src));
			if (!isPostgres(to)) return;
			for (const table of COPY_ORDER) {
				const { rows } = await sql<{
					seq: string | null;
				}>`select pg_get_serial_sequence(${table}, 'id') as seq
					from information_schema.columns where table_name = ${table} and column_name = 'id'`.execute(trx);
				const seq = rows[0]?.seq;
				if (!seq) continue;
				await sql`select setval(${seq}, coalesce((select max(id) from ${sql.table(
					table
				)}), 0) + 1, false)`.execute(trx);
			}
		})
	);
	return counts;
}
