/**
 * Whether an entry is fictitious belongs to the entry, not to the snapshot: a gestor who edits one
 * sample vehicle and publishes must not turn 59 invented ones into "official" data. Each entry
 * (published and in the draft) carries its own flag; existing entries of a sample snapshot, and a
 * draft seeded from one, are marked.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	for (const table of ['registry_entry', 'registry_draft_entry'])
		await db.schema
			.alterTable(table)
			.addColumn('sample', 'integer', (c) => c.notNull().defaultTo(0))
			.execute();
	await sql`update registry_entry set sample = 1 where snapshot_version in
		(select version from registry_snapshot where sample = 1)`.execute(db);
	// A draft opened from a sample snapshot holds its entries: those not changed since are samples.
	await sql`update registry_draft_entry set sample = 1 where exists (
		select 1 from registry_draft d join registry_snapshot s on s.version = d.base_version
		where s.sample = 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of ['registry_entry', 'registry_draft_entry'])
		await db.schema.alterTable(table).dropColumn('sample').execute();
}
