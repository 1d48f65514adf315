import { situationsAt } from '$lib/profile/offenses';
import { profile } from '$lib/profile';
import { inForceOn } from '$lib/domain/profile';
import { error, fail } from '@sveltejs/kit';
import { readForm } from '$lib/server/http';
import { parseLocalDate } from '$lib/domain/clock';
import { COMPLAINT_STATES } from '$lib/domain/complaint';
import { noticeDeadline, reviewSetAtImposition } from '$lib/domain/auto-procedure';
import { bandeiraConflictNote, unlicensedCase, unlicensedText } from '$lib/domain/complaint-notes';
import { citeFor, localText } from '$lib/domain/regime';
import { STATE_LABEL, isComplaintState } from '$lib/domain/triage';

import { requireStaff } from '$lib/server/auth';
import {
	AUTO_STEPS,
	regimeOf,
	stepLabel,
	type AutoStep,
	isDefenseOutcome,
	isReconsiderationOutcome,
	autosOfComplaint,
	isAutoStep,
	recordAutoStep,
	addNote,
	extendAnswer,
	MAX_NOTE,
	MAX_REASON,
	moderate,
	requiredText,
	transition,
	type AdminResult,
	getComplaintForStaff,
	eraseContact,
	erasedWords,
	revealContact,
	localDate,
	addTranscript,
	TRANSCRIPT_PREFIX
} from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { Actions, PageServerLoad } from './$types';

const NOT_FOUND = { message: 'Reclamação não encontrada.', code: 'not_found' };

/** Everything an auto de infração needs (Art. 26), the history, the deadlines and the autos. */
export const load: PageServerLoad = async ({ params }) => {
	const staff = requireStaff('fiscal');
	const now = new Date();
	const complaint = await getComplaintForStaff(db(), params.protocolo, now);
	if (!complaint) error(404, NOT_FOUND);
	const autos = await autosOfComplaint(db(), complaint.protocol, now);
	const conductDay = localDate(complaint.occurredAt);
	const regime = regimeOf(conductDay);
	const procedure = inForceOn(conductDay, profile.procedures);
	const unlicensed = unlicensedCase(complaint.vehicle, complaint.registry !== null, regime);
	const conflict = bandeiraConflictNote(
		new Date(complaint.occurredAt),
		complaint.situations,
		profile.timeZone,
		regime
	);
	return {
		complaint,
		autos,
		isGestor: staff.role === 'gestor',
		today: localDate(now),
		// The law of the conduct's day: its citations, its procedure, its catalog's wording.
		regime,
		procedure,
		// From triage on, the last day the notice of an auto may go (where the law sets one).
		noticeDue: complaint.status === 'recebida' ? null : noticeDeadline(conductDay, procedure),
		// The review's days the notice of the penalty states, asked at imposition.
		askAppealDays: reviewSetAtImposition(procedure),
		// The law applied may have been revoked: the same notice /lei shows.
		lawNotice: regime?.notice ? localText(regime.notice, 'pt-BR') : null,
		bandeiraConflict: conflict ? localText(conflict, 'pt-BR') : null,
		unlicensed: unlicensed ? unlicensedText(unlicensed, citeFor(regime, 'infraction')) : null,
		situations: situationsAt(complaint.situations, new Date(complaint.occurredAt)).map((s) => ({
			code: s.code,
			wording: s.wording['pt-BR']
		})),
		next: COMPLAINT_STATES[complaint.status].next.map((id) => ({ id, label: STATE_LABEL[id] })),
		steps: Object.entries(AUTO_STEPS).map(([id, s]) => ({
			id,
			label: stepLabel(id as AutoStep, regimeOf(localDate(complaint.occurredAt))),
			date: s.date,
			from: [...s.from] as string[]
		}))
	};
};

/** The request's form, or null when it cannot be read (a 400, never a 500). */
async function formOf(request: Request): Promise<FormData | null> {
	const body = await readForm(request);
	return body.ok ? body.value : null;
}

const BAD_FORM = fail(400, {
	form: 'geral',
	field: 'geral',
	message: 'Não foi possível ler o formulário. Recarregue a página e tente de novo.'
});

/** A refusal as the page shows it: beside the form (`form`) and its field. */
function answer(form: string, result: AdminResult, done: string) {
	if (result.ok) return { form, done };
	return fail(result.status, { form, field: result.field, message: result.message });
}

const visibility = (data: FormData) => data.get('visibilidade') === 'publica';

/** The form's `motivo`, required (`asked`: what its error asks for). */
const reasonOf = (data: FormData, asked: string) =>
	requiredText(data.get('motivo'), 'motivo', MAX_REASON, asked);

export const actions = {
	transicao: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const data = await formOf(request);
		if (!data) return BAD_FORM;
		const to = data.get('para');
		if (!isComplaintState(to))
			return fail(400, { form: 'transicao', field: 'para', message: 'Escolha a nova situação.' });
		const note = requiredText(data.get('nota'), 'nota', MAX_NOTE, 'uma nota explicando a decisão');
		if (typeof note !== 'string') return answer('transicao', note, '');
		const duplicateOf = data.get('duplicada_de');
		const result = await transition(
			db(),
			staff,
			{
				protocol: params.protocolo,
				to,
				note,
				public: visibility(data),
				duplicateOf: typeof duplicateOf === 'string' ? duplicateOf : null
			},
			new Date()
		);
		return answer('transicao', result, `Situação alterada para "${STATE_LABEL[to]}".`);
	},

	nota: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const data = await formOf(request);
		if (!data) return BAD_FORM;
		const note = requiredText(data.get('nota'), 'nota', MAX_NOTE, 'a nota');
		if (typeof note !== 'string') return answer('nota', note, '');
		const input = { protocol: params.protocolo, note, public: visibility(data) };
		return answer('nota', await addNote(db(), staff, input, new Date()), 'Nota registrada.');
	},

	/** What the rider said in the recording, typed by staff: an internal note in the history. */
	transcricao: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const data = await formOf(request);
		if (!data) return BAD_FORM;
		const text = requiredText(
			data.get('transcricao'),
			'transcricao',
			MAX_NOTE - TRANSCRIPT_PREFIX.length,
			'a transcrição'
		);
		if (typeof text !== 'string') return answer('transcricao', text, '');
		const input = { protocol: params.protocolo, text };
		return answer(
			'transcricao',
			await addTranscript(db(), staff, input, new Date()),
			'Transcrição registrada no histórico.'
		);
	},

	moderar: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const data = await formOf(request);
		if (!data) return BAD_FORM;
		const text = requiredText(data.get('texto'), 'texto', 2000, 'o texto moderado');
		if (typeof text !== 'string') return answer('moderar', text, '');
		const reason = reasonOf(data, 'o motivo da moderação');
		if (typeof reason !== 'string') return answer('moderar', reason, '');
		const input = { protocol: params.protocolo, text, reason };
		return answer('moderar', await moderate(db(), staff, input, new Date()), 'Relato moderado.');
	},

	prorrogar: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const data = await formOf(request);
		if (!data) return BAD_FORM;
		const reason = reasonOf(data, 'o motivo da prorrogação');
		if (typeof reason !== 'string') return answer('prorrogar', reason, '');
		const input = { protocol: params.protocolo, reason };
		const result = await extendAnswer(db(), staff, input, new Date());
		return answer('prorrogar', result, 'Prazo de resposta prorrogado por 30 dias.');
	},

	/** LGPD: the contact only on demand, each view audited. */
	verContato: async ({ params }) => {
		const staff = requireStaff('fiscal');
		const view = await revealContact(db(), staff, params.protocolo, new Date());
		if (!view) error(404, NOT_FOUND);
		return { form: 'contato', contact: view };
	},

	/** LGPD: a gestor erases the contact before its time, on request, with the reason. */
	apagarContato: async ({ request, params }) => {
		const staff = requireStaff('gestor');
		const data = await formOf(request);
		if (!data) return BAD_FORM;
		const reason = reasonOf(data, 'o motivo (ex.: pedido do passageiro)');
		if (typeof reason !== 'string') return answer('apagar', reason, '');
		const input = { protocol: params.protocolo, reason };
		const result = await eraseContact(db(), staff, input, new Date());
		return answer('apagar', result, result.ok ? erasedWords(result.erased) : '');
	},

	etapaAuto: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const data = await formOf(request);
		if (!data) return BAD_FORM;
		const number = data.get('auto');
		const step = data.get('etapa');
		const on = data.get('data');
		const form = `etapa-${typeof number === 'string' ? number : ''}`;
		if (typeof number !== 'string' || !isAutoStep(step))
			return fail(400, { form, field: 'etapa', message: 'Escolha a etapa.' });
		if (typeof on !== 'string' || !parseLocalDate(on))
			return fail(400, { form, field: 'data', message: 'Informe a data (dd/mm/aaaa).' });
		const rawNote = data.get('nota');
		const note =
			typeof rawNote === 'string' && rawNote.trim() ? rawNote.trim().slice(0, MAX_NOTE) : null;
		const defense = data.get('defesa');
		const reconsideration = data.get('reconsideracao');
		// Checked against the law's range by recordAutoStep; here only read as a whole number.
		const rawDays = data.get('dias_suspensao');
		const days =
			typeof rawDays === 'string' && /^\d{1,3}$/.test(rawDays.trim()) ? Number(rawDays) : null;
		// The review's days the notice of the penalty states: read as a whole number, checked by
		// recordAutoStep (a bad value is refused there, with its reason).
		const rawAppeal = data.get('prazo_recurso');
		const appealDays =
			typeof rawAppeal === 'string' && rawAppeal.trim() !== '' ? Number(rawAppeal.trim()) : null;
		const result = await recordAutoStep(
			db(),
			staff,
			{
				number,
				protocol: params.protocolo,
				step,
				on,
				note,
				...(isDefenseOutcome(defense) ? { defense } : {}),
				...(isReconsiderationOutcome(reconsideration) ? { reconsideration } : {}),
				...(days !== null ? { suspensionDays: days } : {}),
				...(appealDays !== null ? { appealDays } : {})
			},
			new Date()
		);
		return answer(form, result, `${AUTO_STEPS[step].label}: registrado.`);
	}
} satisfies Actions;
