/**
 * The published registry: immutable, numbered snapshots and their vehicles. Types are the common
 * ground of SQLite and PostgreSQL (`integer`, `text`), so one migration serves both.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('registry_snapshot')
		.addColumn('version', 'integer', (c) => c.primaryKey())
		.addColumn('published_at', 'text', (c) => c.notNull())
		.addColumn('source', 'text', (c) => c.notNull())
		// integer 0/1 rather than boolean: SQLite has no boolean, and one schema serves both.
		.addColumn('sample', 'integer', (c) => c.notNull().check(sql`sample in (0, 1)`))
		.addColumn('entry_count', 'integer', (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('registry_entry')
		.addColumn('snapshot_version', 'integer', (c) =>
			c.notNull().references('registry_snapshot.version')
		)
		.addColumn('prefixo', 'text', (c) => c.notNull())
		.addColumn('placa', 'text', (c) => c.notNull())
		.addColumn('titular', 'text', (c) => c.notNull())
		.addColumn('condutor_auxiliar', 'text')
		.addColumn('marca_modelo', 'text', (c) => c.notNull())
		.addColumn('cor', 'text', (c) => c.notNull())
		.addColumn('ano_fabricacao', 'integer', (c) => c.notNull())
		.addColumn('cilindradas', 'integer', (c) => c.notNull())
		.addColumn('situacao', 'text', (c) => c.notNull())
		.addColumn('autorizacao_validade', 'text', (c) => c.notNull())
		.addColumn('ultima_vistoria', 'text', (c) => c.notNull())
		.addColumn('certidao_validade', 'text', (c) => c.notNull())
		.addColumn('seguro_validade', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('registry_entry_pk', ['snapshot_version', 'prefixo'])
		.execute();

	// Look-ups by plate within a snapshot (the prefix is already covered by the primary key).
	await db.schema
		.createIndex('registry_entry_placa')
		.on('registry_entry')
		.columns(['snapshot_version', 'placa'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('registry_entry').execute();
	await db.schema.dropTable('registry_snapshot').execute();
}
