/**
 * The browsers a member signed in from (the device cookie, src/lib/server/auth/device.ts): a
 * cookie is honoured only while its row is here and not revoked, a member keeps a few at most
 * (the oldest dropped when a new one is made), and a gestor lists and revokes them on the team
 * page. `device_id` is the random id the signed cookie carries; `agent` a short summary of the
 * browser ("Chrome · Android"), never the whole User-Agent.
 */
import { sql, type Kysely } from 'kysely';

/** PostgreSQL numbers its parameters ($1), SQLite does not (?): public API, no driver sniffing. */
function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

export async function up(db: Kysely<unknown>): Promise<void> {
	const postgres = isPostgres(db);
	await db.schema
		.createTable('staff_device')
		.addColumn('id', 'integer', (c) =>
			postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()
		)
		.addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
		.addColumn('device_id', 'text', (c) => c.notNull().unique())
		.addColumn('created_at', 'text', (c) => c.notNull())
		.addColumn('last_used_at', 'text', (c) => c.notNull())
		.addColumn('agent', 'text')
		.addColumn('revoked_at', 'text')
		.execute();
	await db.schema
		.createIndex('staff_device_staff')
		.on('staff_device')
		.columns(['staff_id', 'last_used_at'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('staff_device').execute();
}
