/**
 * A law may sum the days of the suspensions a driver served (more than so many in a year: the
 * authorization is revoked). Each suspension's days are fixed by the office when the penalty is
 * imposed; the auto keeps them. Null for every auto without a suspension, and for the earlier ones.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('auto_infracao')
		.addColumn('suspension_days', 'integer', (c) =>
			c.check(sql`suspension_days is null or suspension_days > 0`)
		)
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('auto_infracao').dropColumn('suspension_days').execute();
}
