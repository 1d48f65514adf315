/**
 * The auxiliary driver as a person of the registry: their CNH number (which keys their own record)
 * and their own authorization's validity, where the law gives one. Staff only (LGPD): stored
 * beside the entry, never read into a published snapshot.
 */
import type { Kysely } from 'kysely';

const TABLES = ['registry_entry', 'registry_draft_entry'];

export async function up(db: Kysely<unknown>): Promise<void> {
	for (const table of TABLES) {
		await db.schema.alterTable(table).addColumn('auxiliar_cnh', 'text').execute();
		await db.schema.alterTable(table).addColumn('auxiliar_validade', 'text').execute();
	}
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of TABLES) {
		await db.schema.alterTable(table).dropColumn('auxiliar_validade').execute();
		await db.schema.alterTable(table).dropColumn('auxiliar_cnh').execute();
	}
}
