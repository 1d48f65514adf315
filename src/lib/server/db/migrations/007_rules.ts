/**
 * Tariff decrees (Lei 2.059/2011, Art. 15–17) and decreed days (Art. 16 §1º) entered by a gestor,
 * plus a one-row version counter that every change bumps in the same transaction, so each app
 * instance learns of a change made elsewhere with one cheap read (see src/lib/server/rules/rules-store.ts).
 *
 * Portable SQL as in 003/004: identity column per dialect, ISO text instants and dates, money in
 * integer centavos, surcharges as JSON text.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

export async function up(db: Kysely<unknown>): Promise<void> {
	const postgres = isPostgres(db);
	const id = (name: string) =>
		db.schema
			.createTable(name)
			.addColumn('id', 'integer', (c) =>
				postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()
			);

	await id('tariff_decree')
		// `Decreto nº 123/2027`: the act the fare comes from (Art. 15).
		.addColumn('reference', 'text', (c) => c.notNull())
		// `YYYY-MM-DD` on the municipality's calendar; one decree per date.
		.addColumn('valid_from', 'text', (c) => c.notNull().unique())
		// The bandeirada of each bandeira, in centavos (Art. 16).
		.addColumn('flagfall_1', 'integer', (c) => c.notNull().check(sql`flagfall_1 >= 0`))
		.addColumn('flagfall_2', 'integer', (c) => c.notNull().check(sql`flagfall_2 >= 0`))
		.addColumn('per_km_1', 'integer')
		.addColumn('per_km_2', 'integer')
		// JSON array of `Surcharge` (src/lib/domain/tariff.ts).
		.addColumn('surcharges', 'text', (c) => c.notNull())
		.addColumn('note', 'text')
		.addColumn('entered_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
		.addColumn('entered_by_email', 'text')
		.addColumn('entered_at', 'text', (c) => c.notNull())
		.execute();

	await id('decreed_day')
		.addColumn('date', 'text', (c) => c.notNull().unique())
		.addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('add', 'remove')`))
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('reference', 'text', (c) => c.notNull())
		.addColumn('entered_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
		.addColumn('entered_by_email', 'text')
		.addColumn('entered_at', 'text', (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('rules_version')
		.addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
		.addColumn('version', 'integer', (c) => c.notNull())
		.execute();
	await sql`insert into rules_version (id, version) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('rules_version').execute();
	await db.schema.dropTable('decreed_day').execute();
	await db.schema.dropTable('tariff_decree').execute();
}
