import { toServiceRequest } from '$lib/domain/open311';
import { profile } from '$lib/profile';
import { preflight } from '$lib/server/http';
import {
	PROTOCOL,
	catalogAt,
	getPublicRequest,
	langOf,
	open311Error,
	open311Json
} from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { RequestHandler } from './$types';

/** GET /open311/v2/requests/RM-2026-000123.json — one public complaint, as a one-element list. */
export const GET: RequestHandler = async ({ params, request }) => {
	const found = PROTOCOL.test(params.protocol)
		? await getPublicRequest(db(), params.protocol)
		: null;
	// An archived or duplicate complaint answers like an unknown one: its existence is not public.
	if (!found)
		return open311Error({
			code: 404,
			description: `Nenhuma solicitação pública com o protocolo ${params.protocol.slice(0, 40)}.`
		});
	return open311Json([
		toServiceRequest(found, catalogAt(found.createdAt), langOf(request), profile.timeZone)
	]);
};

export const OPTIONS: RequestHandler = preflight;
