/**
 * Penalties are entered in a person's record, not a vehicle's: who drove (the holder or the
 * auxiliary driver) and whose record the auto goes on (the holder's, or — for a personal offence
 * of the auxiliary, where the law says so — the auxiliary's), by the name the registry held when
 * the auto was issued. An authorization that passes to another holder (a transfer on the holder's
 * death) does not take the earlier holder's record. Null on the earlier autos: they count for the
 * vehicle's holder, as before.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('auto_infracao')
		.addColumn('driver', 'text', (c) =>
			c.check(sql`driver is null or driver in ('titular', 'auxiliar')`)
		)
		.execute();
	await db.schema.alterTable('auto_infracao').addColumn('record_of', 'text').execute();
	await db.schema
		.createIndex('auto_infracao_record_of')
		.on('auto_infracao')
		.column('record_of')
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('auto_infracao_record_of').execute();
	await db.schema.alterTable('auto_infracao').dropColumn('record_of').execute();
	await db.schema.alterTable('auto_infracao').dropColumn('driver').execute();
}
