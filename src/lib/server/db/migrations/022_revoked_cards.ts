/**
 * The revoked vehicle cards (docs/api.md, "Revoked cards"): one row per card serial a gestor
 * cancelled — the serial, the prefix it was printed for, when. Published in every registry
 * snapshot as a status list; never deleted (a printed card stays cancelled).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('revoked_card')
		.addColumn('serial', 'integer', (c) => c.primaryKey())
		.addColumn('prefixo', 'text', (c) => c.notNull())
		.addColumn('revoked_at', 'text', (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('revoked_card').execute();
}
