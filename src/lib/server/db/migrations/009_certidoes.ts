/**
 * Art. 4 IV asks for the certidão negativa criminal of both the Justiça Estadual and the Justiça
 * Federal: the registry (published snapshots and the draft) now holds each one's validity. A row
 * written before held one date for "the" certidão; it is copied into both, as the CSV import reads
 * a file with the single `certidao_validade` column. Portable (SQLite ≥ 3.35 and PostgreSQL): add
 * the columns, copy, drop the old one.
 */
import { sql, type Kysely } from 'kysely';

const TABLES = ['registry_entry', 'registry_draft_entry'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
	for (const table of TABLES) {
		await db.schema
			.alterTable(table)
			.addColumn('certidao_estadual_validade', 'text', (c) => c.notNull().defaultTo(''))
			.execute();
		await db.schema
			.alterTable(table)
			.addColumn('certidao_federal_validade', 'text', (c) => c.notNull().defaultTo(''))
			.execute();
		await sql`update ${sql.table(table)} set certidao_estadual_validade = certidao_validade, certidao_federal_validade = certidao_validade`.execute(
			db
		);
		await db.schema.alterTable(table).dropColumn('certidao_validade').execute();
	}
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of TABLES) {
		await db.schema
			.alterTable(table)
			.addColumn('certidao_validade', 'text', (c) => c.notNull().defaultTo(''))
			.execute();
		// The earlier of the two: the date by which both had to be renewed.
		await sql`update ${sql.table(table)} set certidao_validade = case when certidao_estadual_validade <= certidao_federal_validade then certidao_estadual_validade else certidao_federal_validade end`.execute(
			db
		);
		await db.schema.alterTable(table).dropColumn('certidao_estadual_validade').execute();
		await db.schema.alterTable(table).dropColumn('certidao_federal_validade').execute();
	}
}
