/**
 * The rider's contact under the LGPD (Lei 13.709/2018): shown to staff only on demand, each view
 * audited (art. 37: record of processing); erased once its purpose ends — a configurable number of
 * days after the complaint closes (art. 15 I, 16) — or sooner by a gestor on the rider's request
 * (art. 18 VI), with the reason. A recording of the rider's voice is personal data too: it goes
 * with the contact, by the same rule and at the same moment.
 *
 * The audit rows say that a contact was seen or erased, never what it was.
 */
import { type Db, audit, writeTransaction } from '$lib/server/db';
import type { AdminResult, Staff } from './complaint-admin';
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

/**
 * Nulls the contact fields of one complaint, deletes its recording and audits it (`staff` null:
 * the retention job).
 */
async function erase(
	trx: Db,
	id: number,
	protocol: string,
	staff: Staff | null,
	note: string,
	now: Date
): Promise<void> {
	const recording = await trx
		.deleteFrom('complaint_audio')
		.where('complaint_id', '=', id)
		.executeTakeFirst();
	const hadRecording = Number(recording.numDeletedRows) > 0;
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
	return writeTransaction(db, async (trx) => {
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
		if (erased < BATCH) return total;
	}
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
