import { m } from '$lib/paraglide/messages';
import { apiError, apiLocale, preflight } from '$lib/server/http';
import type { RequestHandler } from './$types';

/** Unknown API paths answer in JSON too, not with the HTML error page. */
const notFound: RequestHandler = ({ request }) =>
	apiError(404, 'not_found', m.api_not_found({}, { locale: apiLocale(request) }));

export const GET = notFound;
export const POST = notFound;
export const OPTIONS: RequestHandler = preflight;
