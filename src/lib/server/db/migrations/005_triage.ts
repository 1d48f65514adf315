/**
 * SEMAM's complaint triage: what staff add to a complaint (moderation that keeps the rider's
 * original text, the one extension of the answer deadline, the protocol a duplicate repeats, when
 * it closed, when its contact was erased) and the autos de infração drafted from founded
 * complaints (Art. 26), with their notice (Art. 27) and decision (Art. 28).
 *
 * Portable SQL as in 003: ISO 8601 text instants, `YYYY-MM-DD` text dates, identity by dialect.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

const COMPLAINT_COLUMNS = [
	// The rider's words as received, kept when SEMAM moderates `description` (FixMyStreet's way).
	'description_original',
	'moderated_at',
	// Lei 13.460/2017, art. 16: the answer deadline may be extended once, "mediante justificativa".
	'answer_extended_at',
	'answer_extension_reason',
	// The protocol a `duplicada` complaint repeats.
	'duplicate_of',
	// When it entered a closed state; the LGPD erasure counts from here. Null while open.
	'closed_at',
	// LGPD (Lei 13.709/2018, art. 15–16): the contact fields are nulled, this says when.
	'contact_erased_at'
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
	const postgres = isPostgres(db);
	for (const column of COMPLAINT_COLUMNS)
		await db.schema.alterTable('complaint').addColumn(column, 'text').execute();
	// The erasure job: closed complaints whose contact is still there.
	await db.schema
		.createIndex('complaint_closed_at')
		.on('complaint')
		.columns(['closed_at', 'contact_erased_at'])
		.execute();

	await db.schema
		.createTable('auto_infracao')
		.addColumn('id', 'integer', (c) =>
			postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()
		)
		// `AI-2026-000001`: sequential per year, like the protocols.
		.addColumn('number', 'text', (c) => c.notNull().unique())
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('seq', 'integer', (c) => c.notNull())
		.addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaint.id'))
		// Canonical prefixo of the registry: the vehicle's record and its reincidence hang on it.
		.addColumn('prefixo', 'text', (c) => c.notNull())
		.addColumn('placa', 'text')
		// Art. 26, V: the provision infringed, as a /lei anchor id (`art20-VII`).
		.addColumn('provision', 'text', (c) => c.notNull())
		// The penalty the law gives with the vehicle's history (Art. 19–25) and where it comes from.
		.addColumn('penalty', 'text')
		.addColumn('penalty_cite', 'text', (c) => c.notNull())
		.addColumn('penalty_detail', 'text', (c) => c.notNull())
		// Art. 26, II: the agent who drafts it (their name is printed).
		.addColumn('agent_staff_id', 'integer', (c) => c.notNull().references('staff.id'))
		.addColumn('agent_name', 'text', (c) => c.notNull())
		.addColumn('issued_at', 'text', (c) => c.notNull())
		// Art. 27: the 15 days of defense count from the notice.
		.addColumn('notified_on', 'text')
		// Art. 28: `pendente` → `imposta` (defense refused or absent) or `cancelada`;
		// `imposta` → `definitiva` when reconsideration is refused or not asked (§2º).
		.addColumn('decision', 'text', (c) =>
			c
				.notNull()
				.defaultTo('pendente')
				.check(sql`decision in ('pendente', 'imposta', 'cancelada', 'definitiva')`)
		)
		// Art. 28 §1º: the 5 business days of reconsideration count from the infractor's knowledge.
		.addColumn('decided_on', 'text')
		// Art. 28 §2º: the decision is final; from here the offense counts for reincidence.
		.addColumn('confirmed_on', 'text')
		.addUniqueConstraint('auto_infracao_year_seq', ['year', 'seq'])
		.execute();
	await db.schema
		.createIndex('auto_infracao_prefixo')
		.on('auto_infracao')
		.column('prefixo')
		.execute();
	await db.schema
		.createIndex('auto_infracao_complaint')
		.on('auto_infracao')
		.column('complaint_id')
		.execute();

	await db.schema
		.createTable('auto_sequence')
		.addColumn('year', 'integer', (c) => c.primaryKey())
		.addColumn('last', 'integer', (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('auto_sequence').execute();
	await db.schema.dropTable('auto_infracao').execute();
	await db.schema.dropIndex('complaint_closed_at').execute();
	for (const column of [...COMPLAINT_COLUMNS].reverse())
		await db.schema.alterTable('complaint').dropColumn(column).execute();
}
