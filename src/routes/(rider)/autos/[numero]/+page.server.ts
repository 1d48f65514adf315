/**
 * The driver's copy of an auto the office found (/admin/campo): opened with the token the agent's
 * phone put in the link and QR (only its hash is stored), never without it. Shows the auto, the
 * defence deadline the law gives and how to defend. Never cached (token URLs: src/lib/offline/pages.ts).
 */
import { error } from '@sveltejs/kit';
import { citeOf } from '$lib/domain/offenses';
import { inForceOn } from '$lib/domain/profile';
import { citeFor } from '$lib/domain/regime';
import { profile } from '$lib/profile';
import { autoByNumber, localDate, regimeOf } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { fieldAutoByToken } from '$lib/server/field';
import type { PageServerLoad } from './$types';

const NOT_FOUND = 'Auto não encontrado: confira o endereço ou o QR da via que o agente entregou.';

export const load: PageServerLoad = async ({ params, url, setHeaders }) => {
	setHeaders({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
	const token = url.searchParams.get('token') ?? '';
	const found = await fieldAutoByToken(db(), token);
	if (!found || found.number !== params.numero)
		error(404, { message: NOT_FOUND, code: 'not_found' });
	const now = new Date();
	const auto = await autoByNumber(db(), found.number, now);
	if (!auto) error(404, { message: NOT_FOUND, code: 'not_found' });
	const day = localDate(new Date(found.occurred_at ?? found.issued_at));
	const regime = regimeOf(day);
	const procedure = inForceOn(day, profile.procedures);
	return {
		number: auto.number,
		prefixo: auto.prefixo,
		placa: auto.placa,
		cite: citeOf(auto.provision),
		penalty: auto.penalty,
		penaltyCite: auto.penaltyCite,
		agent: auto.agentName,
		matricula: found.agent_matricula,
		occurredAt: found.occurred_at,
		decision: auto.decision,
		defence: procedure
			? {
					days: procedure.defence.days,
					business: procedure.defence.counting === 'business',
					cite: citeFor(regime, 'defence'),
					due: auto.deadlines.defense?.due ?? null
				}
			: null,
		office: profile.office.acronym,
		timeZone: profile.timeZone,
		law: regime?.short ?? ''
	};
};
