import { parseRequestFilters, toServiceRequest } from '$lib/domain/open311';
import { profile } from '$lib/profile';
import { offenseCatalogs } from '$lib/profile/offenses';
import { preflight } from '$lib/server/http';
import { db } from '$lib/server/db';
import {
	catalogAt,
	langOf,
	listPublicRequests,
	open311Error,
	open311Json
} from '$lib/server/complaints';
import type { RequestHandler } from './$types';

const codes = new Set(offenseCatalogs.flatMap((c) => c.situations.map((s) => s.code)));

/**
 * GET /open311/v2/requests.json — public complaints: `status`, `start_date`, `end_date` (≤ 90
 * days; default the last 90), `service_code`, `service_request_id`; at most 1,000, newest first.
 */
export const GET: RequestHandler = async ({ url, request }) => {
	const parsed = parseRequestFilters(url.searchParams, new Date(), codes, profile.timeZone);
	if (!parsed.ok) return open311Error(parsed.error);
	const lang = langOf(request);
	const found = await listPublicRequests(db(), parsed.filters);
	return open311Json(
		found.map((c) => toServiceRequest(c, catalogAt(c.createdAt), lang, profile.timeZone))
	);
};

export const OPTIONS: RequestHandler = preflight;
