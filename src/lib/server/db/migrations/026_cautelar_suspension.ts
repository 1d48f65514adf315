/**
 * Cautelar suspensions (the regime's `registry.cautelar`): one row per office-found auto whose
 * offence the law suspends the authorization for in flagrante, for as long as the auto's procedure
 * lasts. Written with the auto; ended (`ended_on`, `ended_by`: the step that ended it) when the
 * auto is decided — in the same transaction as the step. Published with every registry snapshot
 * while in force (`suspensions` in /api/registry), never deleted (the audit and staff keep it).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('cautelar_suspension')
		.addColumn('auto_number', 'text', (c) => c.primaryKey())
		.addColumn('prefixo', 'text', (c) => c.notNull())
		.addColumn('provision', 'text', (c) => c.notNull())
		.addColumn('cite', 'text', (c) => c.notNull())
		// The conduct's day on the municipality's calendar (`YYYY-MM-DD`).
		.addColumn('since', 'text', (c) => c.notNull())
		.addColumn('started_at', 'text', (c) => c.notNull())
		.addColumn('ended_on', 'text')
		.addColumn('ended_by', 'text')
		.execute();
	await db.schema
		.createIndex('cautelar_suspension_prefixo')
		.on('cautelar_suspension')
		.columns(['prefixo', 'ended_on'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('cautelar_suspension').execute();
}
