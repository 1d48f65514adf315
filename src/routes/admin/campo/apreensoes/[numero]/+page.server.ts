/** One impound as staff see it: where, when, why, the deposit, the agent, and the law's terms. */
import { error } from '@sveltejs/kit';
import { impoundTermsView } from '$lib/domain/field-acts';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { regimeOf } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { impoundByNumber } from '$lib/server/field';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ params, setHeaders }) => {
	requireStaff('fiscal');
	setHeaders({ 'cache-control': 'no-store' });
	const impound = await impoundByNumber(db(), params.numero);
	if (!impound) error(404, { message: 'Apreensão não encontrada.', code: 'not_found' });
	const regime = regimeOf(impound.impoundedOn);
	const rule = regime?.fieldActs?.impound;
	return {
		impound,
		law: regime?.short ?? '',
		terms: rule ? impoundTermsView(rule, impound.impoundedOn) : [],
		office: profile.office.acronym,
		timeZone: profile.timeZone
	};
};
