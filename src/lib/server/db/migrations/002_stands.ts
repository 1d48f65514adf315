/**
 * The official stands (pontos, Lei 2.059/2011 Art. 13) and the prefixos authorized at each. Unlike
 * the registry these are not versioned: SEMAM replaces the whole set at once, in one transaction.
 * `double precision` is float8 on PostgreSQL (`real` would be float4, about a metre off) and REAL
 * on SQLite; both drivers return it as a JS number.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('stand')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('address', 'text', (c) => c.notNull())
		.addColumn('lat', 'double precision', (c) => c.notNull())
		.addColumn('lng', 'double precision', (c) => c.notNull())
		.addColumn('vagas', 'integer', (c) => c.notNull().check(sql`vagas > 0`))
		.addColumn('note', 'text')
		// integer 0/1 rather than boolean: SQLite has no boolean, and one schema serves both.
		.addColumn('sample', 'integer', (c) => c.notNull().check(sql`sample in (0, 1)`))
		.addColumn('updated_at', 'text', (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('stand_prefix')
		.addColumn('stand_id', 'text', (c) => c.notNull().references('stand.id').onDelete('cascade'))
		.addColumn('prefixo', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('stand_prefix_pk', ['stand_id', 'prefixo'])
		.execute();

	// "Where does prefixo 007 work?" (the stand is already the primary key's first column).
	await db.schema
		.createIndex('stand_prefix_prefixo')
		.on('stand_prefix')
		.column('prefixo')
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('stand_prefix').execute();
	await db.schema.dropTable('stand').execute();
}
