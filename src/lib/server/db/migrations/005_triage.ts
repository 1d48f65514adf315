/** Placeholder: filled by the issue-6 work that owns it. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	void db;
}

export async function down(db: Kysely<unknown>): Promise<void> {
	void db;
}
