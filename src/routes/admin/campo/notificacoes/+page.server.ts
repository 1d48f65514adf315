/**
 * Preliminary notices (the law's field act, from the regime in force: `fieldActs.preliminaryNotice`):
 * the form to give one (the vehicle, the provision among those the law lists, the place) and the
 * open notices. Under a law without it the page does not exist (404). For a fiscal or gestor; an
 * act needs an enrolled device. Never cached.
 */
import { error, fail, redirect } from '@sveltejs/kit';
import { findProvision } from '$lib/law';
import { citeOf } from '$lib/domain/offenses';
import { matriculaCite, requireStaff } from '$lib/server/auth';
import { localDate } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import {
	actsOn,
	deviceState,
	fieldActor,
	listNotices,
	parseNotice,
	recordNotice
} from '$lib/server/field';
import { readForm } from '$lib/server/http';
import type { Actions, PageServerLoad } from './$types';

const NO_LAW = { message: 'A lei em vigor não prevê notificação preliminar.', code: 'not_found' };

export const load: PageServerLoad = async ({ cookies, setHeaders, url }) => {
	const me = requireStaff('fiscal');
	setHeaders({ 'cache-control': 'no-store' });
	const now = new Date();
	const { acts, lawId, law } = actsOn(localDate(now));
	const rule = acts.preliminaryNotice;
	if (!rule) error(404, NO_LAW);
	const veiculo = (url.searchParams.get('veiculo') ?? '').slice(0, 20);
	return {
		law,
		rule: {
			cite: rule.cite,
			days: rule.days,
			provisionsCite: rule.provisionsCite,
			reading: rule.reading?.['pt-BR'] ?? null,
			provisions: rule.provisions.map((article) => {
				const p = findProvision(article, lawId);
				return {
					article,
					cite: citeOf(article),
					text: p?.inciso?.text ?? p?.paragraph?.text ?? ''
				};
			})
		},
		device: await deviceState(cookies, me.id, now),
		matriculaCite: matriculaCite(now),
		veiculo,
		notices: await listNotices(db(), { open: true })
	};
};

export const actions: Actions = {
	default: async ({ request, cookies }) => {
		const now = new Date();
		const actor = await fieldActor(cookies, now);
		if (!actor.ok) return fail(actor.status, { message: actor.message });
		const body = await readForm(request);
		if (!body.ok) return fail(body.status, { message: body.message });
		const input = parseNotice(body.value);
		if ('ok' in input) return fail(input.status, { message: input.message });
		const result = await recordNotice(db(), actor.agent, input, now);
		if (!result.ok) return fail(result.status, { message: result.message });
		redirect(303, `/admin/campo/notificacoes/${result.number}`);
	}
};
