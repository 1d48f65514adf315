/**
 * A complaint's recording in the rider's own voice: at most one per complaint (the primary key is
 * the complaint), its type as checked from the bytes (src/lib/server/complaints/audio/index.ts), the bytes and the
 * duration read from the container. Personal data (the rider's voice): erased with the contact
 * (src/lib/server/complaints/lgpd.ts), deleted with its complaint.
 *
 * The same two dialect words as 003: `blob` / `bytea` for the bytes.
 */
import { sql, type Kysely } from 'kysely';

/** PostgreSQL numbers its parameters ($1), SQLite does not (?): public API, no driver sniffing. */
function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('complaint_audio')
		.addColumn('complaint_id', 'integer', (c) =>
			c.primaryKey().references('complaint.id').onDelete('cascade')
		)
		.addColumn('mime', 'text', (c) => c.notNull())
		.addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
		.addColumn('duration_ms', 'integer', (c) => c.notNull().check(sql`duration_ms >= 0`))
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('complaint_audio').execute();
}
