/**
 * The LGPD erasure ledger (src/lib/server/complaints/lgpd.ts): one row per complaint whose
 * contact, recording and typed copies were erased — the protocol, when, on whose request or by
 * the retention; never the data erased. `npm run restore` carries the replaced database's ledger
 * over the restored one and erases again what it lists: an older backup does not bring an erased
 * contact back.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('lgpd_erasure')
		.addColumn('protocol', 'text', (c) => c.primaryKey())
		.addColumn('erased_at', 'text', (c) => c.notNull())
		.addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pedido', 'prazo')`))
		.addColumn('staff_email', 'text')
		.execute();
	// The erasures the audit log already records, so a restore knows them too.
	await sql`
		insert into lgpd_erasure (protocol, erased_at, kind, staff_email)
		select entity_id, min(at), case when max(staff_email) is null then 'prazo' else 'pedido' end,
			max(staff_email)
		from audit_log
		where action = 'contact.erase' and entity = 'complaint' and entity_id is not null
		group by entity_id
	`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('lgpd_erasure').execute();
}
