/**
 * Secrets the server keeps for itself (a random key per name, made on first use, the same for
 * every instance on the database): the key that signs staff device cookies (auth/device.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('server_secret')
		.addColumn('name', 'text', (c) => c.primaryKey())
		// 32 random bytes, base64url.
		.addColumn('value', 'text', (c) => c.notNull())
		.addColumn('created_at', 'text', (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('server_secret').execute();
}
