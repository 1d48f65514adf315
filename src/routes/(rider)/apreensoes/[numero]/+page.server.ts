/**
 * The driver's copy of an impound (/admin/campo/apreensoes): opened with the token of the link and
 * QR the agent showed (only its hash is stored), never without it. Shows the impound and the law's
 * terms to get the vehicle back. Never cached (token URLs: src/lib/offline/pages.ts).
 */
import { error } from '@sveltejs/kit';
import { impoundTermsView } from '$lib/domain/field-acts';
import { profile } from '$lib/profile';
import { regimeOf } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { impoundByToken } from '$lib/server/field';
import type { PageServerLoad } from './$types';

const NOT_FOUND =
	'Apreensão não encontrada: confira o endereço ou o QR da via que o agente entregou.';

export const load: PageServerLoad = async ({ params, url, setHeaders }) => {
	setHeaders({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
	const found = await impoundByToken(db(), params.numero, url.searchParams.get('token') ?? '');
	if (!found) error(404, { message: NOT_FOUND, code: 'not_found' });
	const regime = regimeOf(found.impoundedOn);
	const rule = regime?.fieldActs?.impound;
	return {
		// The driver's copy: no observations (staff notes), the rest as recorded.
		impound: { ...found, observations: '' },
		law: regime?.short ?? '',
		terms: rule ? impoundTermsView(rule, found.impoundedOn) : [],
		office: profile.office.acronym,
		timeZone: profile.timeZone
	};
};
