/**
 * The law's other field acts (/admin/campo): the preliminary notice and the impound, each numbered
 * in its own yearly sequence (`notice_sequence`, `impound_sequence`: `NP-2026-000001`,
 * `AP-2026-000001`).
 *
 * - `preliminary_notice`: the vehicle, the provision, the day given and the last day to adapt (the
 *   law's days, from the regime in force), the agent (name, matrícula), the place; `status`
 *   'aberta' until the agent records 'adequada' or turns it into an auto ('autuada', `auto_number`).
 * - `impound`: the vehicle (a registry prefix, or only a plate), the ground (provision), where and
 *   when, the deposit, the agent, and the hash of the driver's copy token.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

export async function up(db: Kysely<unknown>): Promise<void> {
	const postgres = isPostgres(db);
	const id = (c: ColumnDefinitionBuilder) =>
		postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
	for (const counter of ['notice_sequence', 'impound_sequence'])
		await db.schema
			.createTable(counter)
			.addColumn('year', 'integer', (c) => c.primaryKey())
			.addColumn('last', 'integer', (c) => c.notNull())
			.execute();

	await db.schema
		.createTable('preliminary_notice')
		.addColumn('id', 'integer', id)
		.addColumn('number', 'text', (c) => c.notNull().unique())
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('seq', 'integer', (c) => c.notNull())
		.addColumn('prefixo', 'text', (c) => c.notNull())
		.addColumn('placa', 'text', (c) => c.notNull())
		.addColumn('provision', 'text', (c) => c.notNull())
		.addColumn('law_id', 'text', (c) => c.notNull())
		.addColumn('issued_at', 'text', (c) => c.notNull())
		.addColumn('issued_on', 'text', (c) => c.notNull())
		.addColumn('deadline', 'text', (c) => c.notNull())
		.addColumn('place', 'text', (c) => c.notNull())
		.addColumn('observations', 'text', (c) => c.notNull())
		.addColumn('agent_staff_id', 'integer', (c) => c.notNull().references('staff.id'))
		.addColumn('agent_name', 'text', (c) => c.notNull())
		.addColumn('agent_matricula', 'text')
		.addColumn('status', 'text', (c) =>
			c.notNull().check(sql`status in ('aberta', 'adequada', 'autuada')`)
		)
		.addColumn('closed_at', 'text')
		.addColumn('closed_by', 'integer', (c) => c.references('staff.id'))
		.addColumn('auto_number', 'text')
		.addUniqueConstraint('preliminary_notice_year_seq', ['year', 'seq'])
		.execute();
	await db.schema
		.createIndex('preliminary_notice_prefixo')
		.on('preliminary_notice')
		.columns(['prefixo', 'status'])
		.execute();

	await db.schema
		.createTable('impound')
		.addColumn('id', 'integer', id)
		.addColumn('number', 'text', (c) => c.notNull().unique())
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('seq', 'integer', (c) => c.notNull())
		.addColumn('prefixo', 'text')
		.addColumn('placa', 'text', (c) => c.notNull())
		.addColumn('provision', 'text', (c) => c.notNull())
		.addColumn('law_id', 'text', (c) => c.notNull())
		.addColumn('impounded_at', 'text', (c) => c.notNull())
		.addColumn('impounded_on', 'text', (c) => c.notNull())
		.addColumn('place', 'text', (c) => c.notNull())
		.addColumn('deposit', 'text', (c) => c.notNull())
		.addColumn('observations', 'text', (c) => c.notNull())
		.addColumn('agent_staff_id', 'integer', (c) => c.notNull().references('staff.id'))
		.addColumn('agent_name', 'text', (c) => c.notNull())
		.addColumn('agent_matricula', 'text')
		.addColumn('copy_token_hash', 'text', (c) => c.notNull().unique())
		.addUniqueConstraint('impound_year_seq', ['year', 'seq'])
		.execute();
	await db.schema.createIndex('impound_placa').on('impound').column('placa').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('impound').execute();
	await db.schema.dropTable('preliminary_notice').execute();
	await db.schema.dropTable('impound_sequence').execute();
	await db.schema.dropTable('notice_sequence').execute();
}
