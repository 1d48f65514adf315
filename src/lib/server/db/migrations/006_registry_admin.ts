/**
 * The registry SEMAM is editing before it publishes (Art. 8–11): a working copy of the public
 * fields, seeded from the latest snapshot on the first edit, accumulating edits and imports, and
 * emptied by the publish that turns it into the next immutable snapshot. Same portable types as
 * 001_registry (text dates, integer numbers).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	// One row while a draft exists; none when the registry being edited is the published one.
	await db.schema
		.createTable('registry_draft')
		.addColumn('id', 'integer', (c) => c.primaryKey())
		// The snapshot the draft was seeded from (null: none existed), to spot a publish in between.
		.addColumn('base_version', 'integer')
		.addColumn('created_at', 'text', (c) => c.notNull())
		.addColumn('updated_at', 'text', (c) => c.notNull())
		.addColumn('updated_by', 'text', (c) => c.notNull())
		// The last CSV imported into the draft, for the snapshot's source; null after form edits only.
		.addColumn('imported_file', 'text')
		.execute();

	await db.schema
		.createTable('registry_draft_entry')
		.addColumn('prefixo', 'text', (c) => c.primaryKey())
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
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('registry_draft_entry').execute();
	await db.schema.dropTable('registry_draft').execute();
}
