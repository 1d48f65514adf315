/**
 * An auto the office found (/admin/campo) as staff see it: the auto, its evidence (photo hashes,
 * place, clock, driver, signature), and its procedure — the same steps as a complaint-born auto
 * (src/lib/server/complaints/auto-steps.ts), with no complaint.
 */
import { error, fail } from '@sveltejs/kit';
import { parseLocalDate } from '$lib/domain/clock';
import { inForceOn } from '$lib/domain/profile';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import {
	AUTO_STEPS,
	autoByNumber,
	isAutoStep,
	isDefenseOutcome,
	isReconsiderationOutcome,
	localDate,
	recordAutoStep
} from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { fieldPhotoHashes, type FieldEvidence } from '$lib/server/field';
import { autoSuspension } from '$lib/server/registry';
import { formOrError } from '$lib/server/http';
import type { Actions, PageServerLoad } from './$types';

const NOT_FOUND = { message: 'Auto de fiscalização não encontrado.', code: 'not_found' };

export const load: PageServerLoad = async ({ params }) => {
	requireStaff('fiscal');
	const now = new Date();
	const auto = await autoByNumber(db(), params.numero, now);
	if (!auto || auto.protocol !== null) error(404, NOT_FOUND);
	const row = await db()
		.selectFrom('auto_infracao')
		.select(['evidence', 'agent_matricula', 'occurred_at', 'record_of'])
		.where('number', '=', auto.number)
		.executeTakeFirstOrThrow();
	const evidence = JSON.parse(row.evidence ?? '{}') as FieldEvidence;
	return {
		auto,
		evidence,
		matricula: row.agent_matricula,
		occurredAt: row.occurred_at,
		photos: await fieldPhotoHashes(db(), auto.number),
		suspension: await autoSuspension(db(), auto.number),
		// Whose record it goes on: the holder's (by name) or the auxiliary's (keyed by the CNH, which
		// this page never shows).
		record: row.record_of
			? row.record_of.startsWith('auxiliar:')
				? { auxiliary: true, name: null }
				: { auxiliary: false, name: row.record_of.slice('titular:'.length) }
			: null,
		procedure: inForceOn(localDate(new Date(row.occurred_at ?? auto.issuedAt)), profile.procedures),
		today: localDate(now),
		steps: Object.entries(AUTO_STEPS).map(([id, s]) => ({ id, label: s.label, date: s.date }))
	};
};

export const actions = {
	etapa: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const data = await formOrError(request);
		const step = data.get('etapa');
		const on = data.get('data');
		if (!isAutoStep(step)) return fail(400, { message: 'Escolha a etapa.' });
		if (typeof on !== 'string' || !parseLocalDate(on))
			return fail(400, { message: 'Informe a data (aaaa-mm-dd).' });
		const note =
			String(data.get('nota') ?? '')
				.trim()
				.slice(0, 2000) || null;
		const defense = data.get('defesa');
		const reconsideration = data.get('reconsideracao');
		// As on a complaint-born auto: the suspension's days, where the law has the office fix them,
		// and the review's days the notice of the penalty states, where the law leaves them to it —
		// read as whole numbers here, checked against the law by recordAutoStep.
		const rawDays = data.get('dias_suspensao');
		const days =
			typeof rawDays === 'string' && /^\d{1,3}$/.test(rawDays.trim()) ? Number(rawDays) : null;
		const rawAppeal = data.get('prazo_recurso');
		const appealDays =
			typeof rawAppeal === 'string' && rawAppeal.trim() !== '' ? Number(rawAppeal.trim()) : null;
		const result = await recordAutoStep(
			db(),
			staff,
			{
				number: params.numero,
				protocol: null,
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
		if (!result.ok) return fail(result.status, { message: result.message });
		return { done: `${AUTO_STEPS[step].label}: registrado.` };
	}
} satisfies Actions;
