import { COMPLAINT_STATE_IDS } from '$lib/domain/complaint';
import { articleOptions, filterParams, parseQueueFilter, STATE_LABEL } from '$lib/domain/triage';
import { offenseCatalogs } from '$lib/profile/offenses';
import { requireStaff } from '$lib/server/auth/guard';
import { db } from '$lib/server/db';
import { EXPORT_LIMIT, listQueue } from '$lib/server/triage';
import type { PageServerLoad } from './$types';

// Every catalog's articles: the queue holds complaints filed under any of them.
const ARTICLES = articleOptions(
	offenseCatalogs.flatMap((c) => c.situations.flatMap((s) => s.articles))
);

/** The triage queue: a GET form of filters, open complaints first, oldest first. */
export const load: PageServerLoad = async ({ url }) => {
	requireStaff('fiscal');
	const { filter, errors } = parseQueueFilter(url.searchParams);
	const page = await listQueue(db(), filter, new Date());
	const params = filterParams(filter);
	return {
		page,
		errors,
		query: params.toString(),
		values: Object.fromEntries(url.searchParams),
		states: COMPLAINT_STATE_IDS.map((id) => ({ id, label: STATE_LABEL[id] })),
		articles: ARTICLES,
		exportLimit: EXPORT_LIMIT
	};
};
