/**
 * The fiscal's field mode (/admin/campo): autos the office finds itself, drawn up on an enrolled
 * phone, numbered there from a block of the yearly auto sequence the phone reserved.
 *
 * - (`staff.matricula` and the auto's `agent_matricula`, printed on every auto an agent issues, come
 *   from 020_procedure; a law may require it: the regime's `agentRegistration` role.)
 * - `auto_block`: a run of numbers of `auto_sequence` one device reserved (`first_seq`–`last_seq`,
 *   the counter moved past it in the same transaction); closed when the device signs out, is
 *   revoked or the year ends: its unused numbers are then returned (`returned_from`, when the
 *   block is still the top of the sequence) or voided one by one in `auto_number_void`.
 * - `auto_infracao`: an auto now either comes from a complaint (`complaint_id`) or was found by
 *   the office (`origin` = 'campo', no complaint, no rider): the conduct's instant, the phone's
 *   idempotency key, the evidence (photo hashes, place, clock, driver, signature) as JSON, and the
 *   hash of the driver's copy token.
 * - `field_photo`: the photos of an office-found auto, each with its SHA-256.
 *
 * SQLite cannot drop a NOT NULL: its `auto_infracao` is rebuilt from its own definition (whatever
 * columns other migrations added), PostgreSQL alters the column.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

const AUTO_COLUMNS = [
	['origin', 'text'],
	['occurred_at', 'text'],
	['block_id', 'integer'],
	['idempotency_key', 'text'],
	['evidence', 'text'],
	['copy_token_hash', 'text']
] as const;

async function complaintOptional(db: Kysely<unknown>, postgres: boolean): Promise<void> {
	if (postgres) {
		await sql`alter table auto_infracao alter column complaint_id drop not null`.execute(db);
		return;
	}
	const { rows } = await sql<{
		type: string;
		sql: string | null;
	}>`select type, sql from sqlite_master where tbl_name = 'auto_infracao'`.execute(db);
	const table = rows.find((r) => r.type === 'table')?.sql ?? '';
	const optional = table.replace(/("complaint_id"\s+integer)\s+not null/i, '$1');
	if (optional === table) throw new Error('021: auto_infracao.complaint_id not found');
	const indexes = rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql as string);
	await sql
		.raw(optional.replace(/^create table\s+"?auto_infracao"?/i, 'create table "auto_infracao_021"'))
		.execute(db);
	await sql`insert into auto_infracao_021 select * from auto_infracao`.execute(db);
	await sql`drop table auto_infracao`.execute(db);
	await sql`alter table auto_infracao_021 rename to auto_infracao`.execute(db);
	for (const index of indexes) await sql.raw(index).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
	const postgres = isPostgres(db);
	const id = (c: ColumnDefinitionBuilder) =>
		postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();

	await db.schema
		.createTable('auto_block')
		.addColumn('id', 'integer', id)
		.addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
		// The device's random id (staff_device.device_id): the row may be dropped, the block stays.
		.addColumn('device_id', 'text', (c) => c.notNull())
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('first_seq', 'integer', (c) => c.notNull())
		.addColumn('last_seq', 'integer', (c) => c.notNull())
		.addColumn('reserved_at', 'text', (c) => c.notNull())
		.addColumn('closed_at', 'text')
		.addColumn('closed_reason', 'text', (c) =>
			c.check(sql`closed_reason is null or closed_reason in ('saida', 'revogado', 'ano')`)
		)
		// The first number given back to the sequence (the block was still its top), or null.
		.addColumn('returned_from', 'integer')
		.addUniqueConstraint('auto_block_year_first', ['year', 'first_seq'])
		.addCheckConstraint('auto_block_range', sql`first_seq >= 1 and last_seq >= first_seq`)
		.execute();
	await db.schema
		.createIndex('auto_block_device')
		.on('auto_block')
		.columns(['device_id', 'closed_at'])
		.execute();

	await db.schema
		.createTable('auto_number_void')
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('seq', 'integer', (c) => c.notNull())
		.addColumn('block_id', 'integer', (c) => c.notNull().references('auto_block.id'))
		.addColumn('reason', 'text', (c) => c.notNull())
		.addColumn('voided_at', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('auto_number_void_pk', ['year', 'seq'])
		.execute();

	await complaintOptional(db, postgres);
	for (const [column, type] of AUTO_COLUMNS)
		await db.schema.alterTable('auto_infracao').addColumn(column, type).execute();
	await db.schema
		.createIndex('auto_infracao_idempotency')
		.on('auto_infracao')
		.column('idempotency_key')
		.unique()
		.execute();
	await db.schema
		.createIndex('auto_infracao_copy_token')
		.on('auto_infracao')
		.column('copy_token_hash')
		.unique()
		.execute();

	await db.schema
		.createTable('field_photo')
		.addColumn('id', 'integer', id)
		.addColumn('auto_number', 'text', (c) => c.notNull())
		.addColumn('position', 'integer', (c) => c.notNull())
		.addColumn('sha256', 'text', (c) => c.notNull())
		.addColumn('mime', 'text', (c) => c.notNull())
		.addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
		.addUniqueConstraint('field_photo_auto_position', ['auto_number', 'position'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('field_photo').execute();
	await db.schema.dropIndex('auto_infracao_copy_token').execute();
	await db.schema.dropIndex('auto_infracao_idempotency').execute();
	for (const [column] of [...AUTO_COLUMNS].reverse())
		await db.schema.alterTable('auto_infracao').dropColumn(column).execute();
	await db.schema.dropTable('auto_number_void').execute();
	await db.schema.dropTable('auto_block').execute();
}
