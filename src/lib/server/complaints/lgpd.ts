/**
 * The rider's contact under the LGPD (Lei 13.709/2018): shown to staff only on demand, each view
 * audited (art. 37: record of processing); erased once its purpose ends — a configurable number of
 * days after the complaint closes (art. 15 I, 16) — or sooner by a gestor on the rider's request
 * (art. 18 VI), with the reason. A recording of the rider's voice is personal data too: it goes
 * with the contact, by the same rule and at the same moment.
 *
 * The audit rows say that a contact was seen or erased, never what it was.
 *
 * An erasure takes every copy: the contact fields, the recording, the staff's transcript of it
 * (a history note, whole), and the contact wherever someone typed it — the complaint's history,
 * its audit rows, the rider's own description — replaced by `[apagado]`. All in one transaction,
 * recorded in the erasure ledger (`lgpd_erasure`: the protocol and when, no personal data) that
 * `npm run restore` re-applies. Then the freed bytes go from the files: SQLite runs with
 * `secure_delete` (freed space is zeroed) and the write-ahead log is checkpointed and truncated
 * after each erasure; on PostgreSQL the tables are vacuumed (docs/operations.md).
 */
import { sql } from 'kysely';
import { redactContact, redactContactJson, type ContactToRedact } from '$lib/domain/redact-contact';
import { type Db, audit, writeTransaction } from '$lib/server/db';
import type { AdminResult, Staff } from './complaint-admin';
import { addNote } from './complaint-admin';
import { recordingExists } from './media';
import { log } from '$lib/server/runtime';

export interface Contact {
	name: string | null;
	phone: string | null;
	email: string | null;
}

export type ContactView =
	{ kind: 'contact'; contact: Contact } | { kind: 'none' } | { kind: 'erased'; at: string };

/** The contact of a complaint for a staff member, audited as `contact.view`; null if unknown. */
export async function revealContact(
	db: Db,
	staff: Staff,
	protocol: string,
	now: Date
): Promise<ContactView | null> {
	return writeTransaction(db, async (trx) => {
		const row = await trx
			.selectFrom('complaint')
			.select(['contact_name', 'contact_phone', 'contact_email', 'contact_erased_at'])
			.where('protocol', '=', protocol)
			.executeTakeFirst();
		if (!row) return null;
		const contact = { name: row.contact_name, phone: row.contact_phone, email: row.contact_email };
		const view: ContactView =
			row.contact_erased_at !== null
				? { kind: 'erased', at: row.contact_erased_at }
				: contact.name || contact.phone || contact.email
					? { kind: 'contact', contact }
					: { kind: 'none' };
		if (view.kind === 'contact')
			await audit(
				trx,
				{ staff, action: 'contact.view', entity: 'complaint', entityId: protocol },
				now
			);
		return view;
	});
}

/** How a transcript of the rider's recording begins in the history, apart from other notes. */
export const TRANSCRIPT_PREFIX = 'Transcrição da gravação: ';

/** What an erased transcript reads as afterwards: that there was one, not what it said. */
export const TRANSCRIPT_ERASED = `${TRANSCRIPT_PREFIX}[apagada (LGPD)]`;

/**
 * What the rider said in the recording, typed by staff: an internal note in the history. The audit
 * row says a transcript was written, not what it says (it is the rider's personal data).
 */
export function addTranscript(
	db: Db,
	staff: Staff,
	input: { protocol: string; text: string },
	now: Date
): Promise<AdminResult> {
	return addNote(
		db,
		staff,
		{ protocol: input.protocol, note: `${TRANSCRIPT_PREFIX}${input.text}`, public: false },
		now,
		'Transcrição da gravação registrada.'
	);
}

const isTranscript = (note: string | null) => note?.startsWith(TRANSCRIPT_PREFIX) === true;

/** A JSON column's text with the contact redacted; the same text when it holds none. */
function redactJsonText(text: string | null, contact: ContactToRedact): string | null {
	if (text === null) return null;
	try {
		return JSON.stringify(redactContactJson(JSON.parse(text), contact));
	} catch {
		return redactContact(text, contact);
	}
}

/**
 * Every typed copy of the complaint's contact and transcript: history notes (a transcript whole,
 * the contact wherever quoted), its audit rows (notes, before/after), the rider's description.
 */
async function eraseTypedCopies(
	trx: Db,
	id: number,
	protocol: string,
	contact: ContactToRedact
): Promise<void> {
	const scrub = (note: string | null) =>
		note === null ? null : isTranscript(note) ? TRANSCRIPT_ERASED : redactContact(note, contact);
	const events = await trx
		.selectFrom('complaint_event')
		.select(['idx', 'note'])
		.where('complaint_id', '=', id)
		.execute();
	for (const e of events) {
		const note = scrub(e.note);
		if (note !== e.note)
			await trx
				.updateTable('complaint_event')
				.set({ note })
				.where('complaint_id', '=', id)
				.where('idx', '=', e.idx)
				.execute();
	}
	const rows = await trx
		.selectFrom('audit_log')
		.select(['id', 'note', 'before', 'after'])
		.where('entity', '=', 'complaint')
		.where('entity_id', '=', protocol)
		.execute();
	for (const r of rows) {
		const next = {
			note: scrub(r.note),
			before: redactJsonText(r.before, contact),
			after: redactJsonText(r.after, contact)
		};
		if (next.note !== r.note || next.before !== r.before || next.after !== r.after)
			await trx.updateTable('audit_log').set(next).where('id', '=', r.id).execute();
	}
	const text = await trx
		.selectFrom('complaint')
		.select(['description', 'description_original'])
		.where('id', '=', id)
		.executeTakeFirstOrThrow();
	const description = text.description === null ? null : redactContact(text.description, contact);
	const original =
		text.description_original === null ? null : redactContact(text.description_original, contact);
	if (description !== text.description || original !== text.description_original)
		await trx
			.updateTable('complaint')
			.set({ description, description_original: original })
			.where('id', '=', id)
			.execute();
}

/**
 * Erases one complaint's contact, recording and their typed copies, audits it (`staff` null: the
 * retention job) and records it in the ledger.
 */
async function erase(
	trx: Db,
	id: number,
	protocol: string,
	staff: { id: number | null; email: string } | null,
	note: string,
	now: Date
): Promise<void> {
	const contact = await trx
		.selectFrom('complaint')
		.select(['contact_name as name', 'contact_phone as phone', 'contact_email as email'])
		.where('id', '=', id)
		.executeTakeFirstOrThrow();
	const recording = await trx
		.deleteFrom('complaint_audio')
		.where('complaint_id', '=', id)
		.executeTakeFirst();
	const hadRecording = Number(recording.numDeletedRows) > 0;
	await eraseTypedCopies(trx, id, protocol, contact);
	await trx
		.updateTable('complaint')
		.set({
			contact_name: null,
			contact_phone: null,
			contact_email: null,
			contact_erased_at: now.toISOString()
		})
		.where('id', '=', id)
		.execute();
	await audit(
		trx,
		{
			staff,
			action: 'contact.erase',
			entity: 'complaint',
			entityId: protocol,
			before: hadRecording
				? { contact: 'presente', gravacao: 'presente' }
				: { contact: 'presente' },
			after: hadRecording ? { contact: 'apagado', gravacao: 'apagada' } : { contact: 'apagado' },
			note
		},
		now
	);
	await trx
		.insertInto('lgpd_erasure')
		.values({
			protocol,
			erased_at: now.toISOString(),
			kind: staff ? 'pedido' : 'prazo',
			staff_email: staff?.email ?? null
		})
		.onConflict((oc) => oc.column('protocol').doUpdateSet({ erased_at: now.toISOString() }))
		.execute();
}

/** PostgreSQL numbers its parameters ($1), SQLite does not (?). */
const isPostgres = (db: Db) => sql`select ${1}`.compile(db).sql.includes('$1');

/**
 * After an erasure's commit, the erased bytes leave the database files. SQLite (`secure_delete`
 * on, connection.ts) has zeroed the freed space, but the write-ahead log still holds the pages as
 * they were: a TRUNCATE checkpoint copies them into the database and empties the log (busy under
 * a reader of another process: the next erasure, at most an hour later, tries again). PostgreSQL
 * keeps the old row versions until a VACUUM: it runs on the tables the erasure wrote.
 * Never throws: the erasure stands; a failure is logged without data.
 */
export async function purgeErasedBytes(db: Db): Promise<void> {
	try {
		if (isPostgres(db))
			await sql`vacuum complaint, complaint_event, complaint_audio, audit_log`.execute(db);
		else await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
	} catch (error) {
		log('error', 'LGPD: falha ao limpar os bytes apagados', { error: (error as Error).message });
	}
}

/** What an early erasure took away: the contact, the recording of the rider's voice, or both. */
export interface Erased {
	contact: boolean;
	recording: boolean;
}

/**
 * The staff page's words for an early erasure, naming what went.
 * @example erasedWords({ contact: false, recording: true }) //=> 'Gravação apagada.'
 */
export function erasedWords(erased: Erased): string {
	if (erased.contact && erased.recording) return 'Contato e gravação apagados.';
	return erased.recording ? 'Gravação apagada.' : 'Contato apagado.';
}

/**
 * A gestor erases a complaint's contact and recording before their time, on the rider's request,
 * with a reason.
 */
export async function eraseContact(
	db: Db,
	staff: Staff,
	input: { protocol: string; reason: string },
	now: Date
): Promise<(AdminResult & { ok: false }) | { ok: true; erased: Erased }> {
	type Outcome = (AdminResult & { ok: false }) | { ok: true; erased: Erased };
	const result = await writeTransaction(db, async (trx): Promise<Outcome> => {
		const row = await trx
			.selectFrom('complaint')
			.select(['id', 'contact_name', 'contact_phone', 'contact_email', 'contact_erased_at'])
			.select((eb) => recordingExists(eb).as('has_recording'))
			.where('protocol', '=', input.protocol)
			.executeTakeFirst();
		if (!row)
			return { ok: false, status: 404, field: 'protocolo', message: 'Reclamação não encontrada.' };
		const hasContact =
			row.contact_erased_at === null &&
			!!(row.contact_name || row.contact_phone || row.contact_email);
		// PostgreSQL answers `exists` as a boolean, SQLite as 0/1.
		const hasRecording = !!Number(row.has_recording);
		if (!hasContact && !hasRecording)
			return {
				ok: false,
				status: 409,
				field: 'motivo',
				message: 'Não há contato nem gravação a apagar.'
			} as const;
		await erase(trx, row.id, input.protocol, staff, input.reason, now);
		return { ok: true, erased: { contact: hasContact, recording: hasRecording } } as const;
	});
	if (result.ok) await purgeErasedBytes(db);
	return result;
}

/** At most this many erasures per transaction, so the job never holds the write lock for long. */
const BATCH = 200;

/**
 * Erases the contact and the recording of every complaint closed more than `retentionDays` days
 * before `now` (a recording without a contact too: the voice identifies the rider).
 * Returns how many were erased. Safe to run any time, from any instance: an erased contact is
 * not selected again.
 * @example await eraseExpiredContacts(db, new Date(), 180) //=> 3
 */
export async function eraseExpiredContacts(
	db: Db,
	now: Date,
	retentionDays: number
): Promise<number> {
	const limit = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
	const note = `Prazo de guarda de ${retentionDays} dias após o encerramento (LGPD, art. 16).`;
	let total = 0;
	for (;;) {
		const erased = await writeTransaction(db, async (trx) => {
			const rows = await trx
				.selectFrom('complaint')
				.select(['id', 'protocol'])
				.where('closed_at', 'is not', null)
				.where('closed_at', '<', limit)
				.where((eb) =>
					eb.or([
						eb.and([
							eb('contact_erased_at', 'is', null),
							eb.or([
								eb('contact_name', 'is not', null),
								eb('contact_phone', 'is not', null),
								eb('contact_email', 'is not', null)
							])
						]),
						recordingExists(eb)
					])
				)
				.limit(BATCH)
				.execute();
			for (const row of rows) await erase(trx, row.id, row.protocol, null, note, now);
			return rows.length;
		});
		total += erased;
		if (erased < BATCH) break;
	}
	if (total > 0) await purgeErasedBytes(db);
	return total;
}

/** One erasure as the ledger keeps it. */
export interface LedgerEntry {
	protocol: string;
	erased_at: string;
	kind: 'pedido' | 'prazo';
	staff_email: string | null;
}

/** Ledger rows per INSERT: 4 parameters each, far below SQLite's and PostgreSQL's limits. */
const LEDGER_CHUNK = 500;

/** The erasure ledger, oldest first. */
export function erasureLedger(db: Db): Promise<LedgerEntry[]> {
	return db
		.selectFrom('lgpd_erasure')
		.selectAll()
		.orderBy('erased_at')
		.orderBy('protocol')
		.execute();
}

/**
 * After a restore: every erasure of `ledger` (the replaced database's) is kept in this database's
 * ledger, and a complaint it lists that holds a contact, a recording or a transcript again is
 * erased again — at the instant of the original erasure, its audit row written anew. Returns how
 * many complaints were erased again.
 */
export async function reapplyErasures(db: Db, ledger: LedgerEntry[]): Promise<number> {
	// The ledger first, all of it in one transaction: from here this database knows every erasure.
	await writeTransaction(db, async (trx) => {
		for (let i = 0; i < ledger.length; i += LEDGER_CHUNK)
			await trx
				.insertInto('lgpd_erasure')
				.values(ledger.slice(i, i + LEDGER_CHUNK))
				.onConflict((oc) => oc.doNothing())
				.execute();
	});
	// Then, in one query, the complaints it lists that hold something erased again.
	const rows = await db
		.selectFrom('complaint as c')
		.innerJoin('lgpd_erasure as e', 'e.protocol', 'c.protocol')
		.select(['c.id', 'c.protocol', 'e.erased_at', 'e.staff_email'])
		.where((eb) =>
			eb.or([
				eb('c.contact_erased_at', 'is', null),
				eb('c.contact_name', 'is not', null),
				eb('c.contact_phone', 'is not', null),
				eb('c.contact_email', 'is not', null),
				eb.exists(
					eb
						.selectFrom('complaint_audio as a')
						.select('a.complaint_id')
						.whereRef('a.complaint_id', '=', 'c.id')
				),
				eb.exists(
					eb
						.selectFrom('complaint_event as ev')
						.select('ev.idx')
						.whereRef('ev.complaint_id', '=', 'c.id')
						.where('ev.note', 'like', `${TRANSCRIPT_PREFIX}%`)
						.where('ev.note', '!=', TRANSCRIPT_ERASED)
				)
			])
		)
		.orderBy('e.erased_at')
		.execute();
	for (const row of rows)
		await writeTransaction(db, async (trx) => {
			const known = row.staff_email
				? await trx
						.selectFrom('staff')
						.select('id')
						.where('email', '=', row.staff_email)
						.executeTakeFirst()
				: undefined;
			const staff = row.staff_email ? { id: known?.id ?? null, email: row.staff_email } : null;
			await erase(
				trx,
				row.id,
				row.protocol,
				staff,
				'Apagamento reaplicado após a restauração de um backup anterior a ele (LGPD).',
				new Date(row.erased_at)
			);
		});
	if (rows.length > 0) await purgeErasedBytes(db);
	return rows.length;
}

/** Once an hour: a contact outlives its limit by an hour at most. */
export const ERASURE_INTERVAL_MS = 3_600_000;

/**
 * Runs the erasure every `intervalMs` (startup runs the first), without keeping the process alive. Errors are
 * logged (never the data) and the next run tries again. Returns a stop function.
 */
export function scheduleContactErasure(
	db: () => Db,
	retentionDays: number,
	intervalMs: number = ERASURE_INTERVAL_MS
): () => void {
	const run = () =>
		eraseExpiredContacts(db(), new Date(), retentionDays).then(
			(n) => {
				if (n > 0) log('info', `LGPD: contato apagado em ${n} reclamações encerradas.`);
			},
			(error: unknown) =>
				log('error', 'LGPD: falha ao apagar contatos vencidos', { error: (error as Error).message })
		);
	const timer = setInterval(run, intervalMs);
	timer.unref();
	return () => clearInterval(timer);
}
