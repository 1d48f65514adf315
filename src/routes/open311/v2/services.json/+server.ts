import { catalogAt } from '$lib/profile/offenses';
import { toService } from '$lib/domain/open311';
import { preflight } from '$lib/server/http';
import { langOf, open311Json } from '$lib/server/complaints';
import type { RequestHandler } from './$types';

/** GET /open311/v2/services.json — what a rider can report, with the provisions it breaches. */
export const GET: RequestHandler = ({ request }) => {
	const catalog = catalogAt(new Date());
	const lang = langOf(request);
	return open311Json(catalog.situations.map((s) => toService(s, catalog, lang)));
};

export const OPTIONS: RequestHandler = preflight;
