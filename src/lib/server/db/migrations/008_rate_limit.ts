/**
 * The complaint rate limit's counters, shared by every app instance on one database (PostgreSQL
 * with several processes; see src/lib/server/http/rate-limit.ts). One row per client and fixed window;
 * the client is a sha256 of its address, never the address itself (LGPD), and rows older than two
 * windows are deleted as new ones come.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('rate_limit')
		.addColumn('bucket', 'text', (c) => c.notNull())
		.addColumn('client', 'text', (c) => c.notNull())
		// Index of the fixed window (time / window length).
		.addColumn('window', 'integer', (c) => c.notNull())
		.addColumn('count', 'integer', (c) => c.notNull())
		.addPrimaryKeyConstraint('rate_limit_pk', ['bucket', 'client', 'window'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('rate_limit').execute();
}
