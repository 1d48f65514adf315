/**
 * What SEMAM's staff do to a complaint: move it through its states with a note (public notes reach
 * the rider's status page, internal ones never do), add a note, moderate the rider's text (the
 * original kept, as FixMyStreet does) and extend the answer deadline once, with its reason
 * (Lei 13.460/2017, art. 16).
 *
 * Each change and its audit row are one transaction. A refused change is a result with a pt-BR
 * message, never an exception: the form shows it beside the field.
 */
import { canTransition, COMPLAINT_STATES, type ComplaintState } from '$lib/domain/complaint';
import type { StaffMember } from '$lib/domain/staff';
import { STATE_LABEL } from '$lib/domain/triage';
import { audit, type Db, writeTransaction } from '$lib/server/db';
import { PROTOCOL, PROTOCOL_PREFIX } from './receipt';
import { status } from './triage';

export type Staff = Pick<StaffMember, 'id' | 'email'>;

export type AdminResult =
	{ ok: true } | { ok: false; status: 400 | 404 | 409; field: string; message: string };

const refuse = (
	field: string,
	message: string,
	code: 400 | 404 | 409 = 400
): AdminResult & { ok: false } => ({ ok: false, status: code, field, message });

const NOT_FOUND = refuse('protocolo', 'Reclamação não encontrada.', 404);

export const MAX_NOTE = 2000;
export const MAX_REASON = 500;

/** A required text, trimmed, with its limit: the text or a refusal for `field`. */
export function requiredText(
	value: FormDataEntryValue | null,
	field: string,
	max: number,
	what: string
): string | (AdminResult & { ok: false }) {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') return refuse(field, `Escreva ${what}.`);
	if (text.length > max) return refuse(field, `Use no máximo ${max} caracteres.`);
	return text;
}

async function complaintRow(trx: Db, protocol: string) {
	return trx
		.selectFrom('complaint')
		.select(['id', 'status', 'description', 'description_original', 'answer_extended_at'])
		.where('protocol', '=', protocol)
		.executeTakeFirst();
}

async function addEvent(
	trx: Db,
	complaintId: number,
	event: { at: Date; status: ComplaintState; note: string; public: boolean }
): Promise<void> {
	const last = await trx
		.selectFrom('complaint_event')
		.select((eb) => eb.fn.max('idx').as('idx'))
		.where('complaint_id', '=', complaintId)
		.executeTakeFirst();
	await trx
		.insertInto('complaint_event')
		.values({
			complaint_id: complaintId,
			idx: Number(last?.idx ?? -1) + 1,
			at: event.at.toISOString(),
			status: event.status,
			note: event.note,
			public: event.public ? 1 : 0
		})
		.execute();
}

export interface TransitionInput {
	protocol: string;
	to: ComplaintState;
	/** Required: every move says why. */
	note: string;
	/** Shown to the rider on their status page. */
	public: boolean;
	/** The complaint a `duplicada` one repeats. */
	duplicateOf?: string | null;
}

/**
 * Moves a complaint to another state (src/lib/domain/complaint.ts says which moves exist).
 * @example await transition(db, staff, { protocol, to: 'em_analise', note: 'Vamos apurar.', public: true }, now) //=> { ok: true }
 */
export async function transition(
	db: Db,
	staff: Staff,
	input: TransitionInput,
	now: Date
): Promise<AdminResult> {
	const duplicateOf = input.duplicateOf?.trim().toUpperCase() || null;
	if (input.to === 'duplicada' && (!duplicateOf || !PROTOCOL.test(duplicateOf)))
		return refuse(
			'duplicada_de',
			`Diga o protocolo repetido (ex.: ${PROTOCOL_PREFIX}-2026-000123).`
		);
	if (duplicateOf === input.protocol)
		return refuse('duplicada_de', 'Uma reclamação não duplica a si mesma.');
	return writeTransaction(db, async (trx): Promise<AdminResult> => {
		const row = await complaintRow(trx, input.protocol);
		if (!row) return NOT_FOUND;
		const from = status(row.status);
		if (!canTransition(from, input.to))
			return refuse(
				'para',
				`De "${STATE_LABEL[from]}" não se passa a "${STATE_LABEL[input.to]}".`,
				409
			);
		if (input.to === 'duplicada' && duplicateOf) {
			const original = await trx
				.selectFrom('complaint')
				.select('id')
				.where('protocol', '=', duplicateOf)
				.executeTakeFirst();
			if (!original) return refuse('duplicada_de', `O protocolo ${duplicateOf} não existe.`);
		}
		const closed = COMPLAINT_STATES[input.to].type === 'closed';
		await trx
			.updateTable('complaint')
			.set({
				status: input.to,
				// The LGPD retention counts from the close; reopening stops it.
				closed_at: closed ? now.toISOString() : null,
				duplicate_of: input.to === 'duplicada' ? duplicateOf : null
			})
			.where('id', '=', row.id)
			.execute();
		await addEvent(trx, row.id, {
			at: now,
			status: input.to,
			note: input.note,
			public: input.public
		});
		await audit(
			trx,
			{
				staff,
				action: 'complaint.transition',
				entity: 'complaint',
				entityId: input.protocol,
				before: { status: from },
				after: {
					status: input.to,
					public: input.public,
					...(input.to === 'duplicada' ? { duplicateOf } : {})
				},
				note: input.note
			},
			now
		);
		return { ok: true };
	});
}

/**
 * A note without a change of state: public (the rider sees it) or internal. `auditNote`: what the
 * audit row says instead of the note (a transcript's words are the rider's personal data).
 */
export async function addNote(
	db: Db,
	staff: Staff,
	input: { protocol: string; note: string; public: boolean },
	now: Date,
	auditNote: string = input.note
): Promise<AdminResult> {
	return writeTransaction(db, async (trx): Promise<AdminResult> => {
		const row = await complaintRow(trx, input.protocol);
		if (!row) return NOT_FOUND;
		const current = status(row.status);
		await addEvent(trx, row.id, {
			at: now,
			status: current,
			note: input.note,
			public: input.public
		});
		await audit(
			trx,
			{
				staff,
				action: 'complaint.note',
				entity: 'complaint',
				entityId: input.protocol,
				after: { status: current, public: input.public },
				note: auditNote
			},
			now
		);
		return { ok: true };
	});
}

/**
 * Replaces the description shown (to the rider, in public data) with a moderated one. The rider's
 * words as received are kept and stay visible to staff; moderating again keeps that first original.
 */
export async function moderate(
	db: Db,
	staff: Staff,
	input: { protocol: string; text: string; reason: string },
	now: Date
): Promise<AdminResult> {
	return writeTransaction(db, async (trx): Promise<AdminResult> => {
		const row = await complaintRow(trx, input.protocol);
		if (!row) return NOT_FOUND;
		if (input.text === row.description)
			return refuse('texto', 'O texto moderado é igual ao atual.');
		await trx
			.updateTable('complaint')
			.set({
				description: input.text,
				description_original: row.description_original ?? row.description,
				moderated_at: now.toISOString()
			})
			.where('id', '=', row.id)
			.execute();
		await audit(
			trx,
			{
				staff,
				action: 'complaint.moderate',
				entity: 'complaint',
				entityId: input.protocol,
				before: { description: row.description },
				after: { description: input.text },
				note: input.reason
			},
			now
		);
		return { ok: true };
	});
}

/** The one extension of the answer deadline, by 30 days, with its reason (Lei 13.460, art. 16). */
export async function extendAnswer(
	db: Db,
	staff: Staff,
	input: { protocol: string; reason: string },
	now: Date
): Promise<AdminResult> {
	return writeTransaction(db, async (trx): Promise<AdminResult> => {
		const row = await complaintRow(trx, input.protocol);
		if (!row) return NOT_FOUND;
		if (row.answer_extended_at !== null)
			return refuse('motivo', 'O prazo já foi prorrogado uma vez: a lei não permite outra.', 409);
		if (COMPLAINT_STATES[status(row.status)].type === 'closed')
			return refuse('motivo', 'A reclamação já foi respondida (está encerrada).', 409);
		await trx
			.updateTable('complaint')
			.set({ answer_extended_at: now.toISOString(), answer_extension_reason: input.reason })
			.where('id', '=', row.id)
			.execute();
		await audit(
			trx,
			{
				staff,
				action: 'complaint.extend',
				entity: 'complaint',
				entityId: input.protocol,
				before: { extended: false },
				after: { extended: true },
				note: input.reason
			},
			now
		);
		return { ok: true };
	});
}
