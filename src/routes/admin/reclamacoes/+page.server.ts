import { COMPLAINT_STATE_IDS } from '$lib/domain/complaint';
import { articleOptions, filterParams, parseQueueFilter, STATE_LABEL } from '$lib/domain/triage';
import { penaltyArticles } from '$lib/domain/offenses';
import { offenseCatalogs } from '$lib/profile/offenses';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { EXPORT_LIMIT, listQueue } from '$lib/server/complaints';
import type { PageServerLoad } from './$types';

// Every catalog's articles: the queue holds complaints filed under any of them.
const ARTICLES = articleOptions(
	offenseCatalogs.flatMap((c) => c.situations.flatMap((s) => s.articles)),
	offenseCatalogs.flatMap((c) => penaltyArticles(c))
);

/** The triage queue: a GET form of filters, open complaints first, oldest first. */
/** The queue form's fields, as typed: only these names (a `__proto__` parameter can't reach the
 * page data, which devalue refuses to serialize — a 500). */
const FORM_FIELDS = ['status', 'de', 'ate', 'veiculo', 'artigo', 'busca', 'atrasadas'] as const;
const formValues = (
	params: URLSearchParams
): Partial<Record<(typeof FORM_FIELDS)[number], string>> =>
	Object.fromEntries(
		FORM_FIELDS.flatMap((name) => {
			const value = params.get(name);
			return value === null ? [] : [[name, value]];
		})
	);

export const load: PageServerLoad = async ({ url }) => {
	requireStaff('fiscal');
	const { filter, errors } = parseQueueFilter(url.searchParams);
	const page = await listQueue(db(), filter, new Date());
	const params = filterParams(filter);
	return {
		page,
		errors,
		query: params.toString(),
		values: formValues(url.searchParams),
		states: COMPLAINT_STATE_IDS.map((id) => ({ id, label: STATE_LABEL[id] })),
		articles: ARTICLES,
		exportLimit: EXPORT_LIMIT
	};
};
