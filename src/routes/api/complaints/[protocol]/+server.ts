import { m } from '$lib/paraglide/messages';
import { apiError, apiLocale, ok, preflight } from '$lib/server/http';
import { getComplaintForRider } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { RequestHandler } from './$types';

/**
 * GET /api/complaints/{protocol}?token=… — the rider's own complaint: what they reported (never
 * their contact), its status and public history. An unknown protocol and a wrong token get the
 * same 404, so the API does not tell which protocols exist.
 */
export const GET: RequestHandler = async ({ params, url, request }) => {
	const token = url.searchParams.get('token') ?? '';
	const complaint = await getComplaintForRider(db(), params.protocol, token);
	if (!complaint)
		return apiError(
			404,
			'not_found',
			m.api_complaint_not_found({}, { locale: apiLocale(request) })
		);
	// Personal: no shared cache keeps it, and the token in the URL goes to no other site.
	return ok(complaint, { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' });
};

export const OPTIONS: RequestHandler = preflight;
