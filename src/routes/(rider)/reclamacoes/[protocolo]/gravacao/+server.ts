import { error } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { recordingResponse, recordingForRider } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { RequestHandler } from './$types';

/**
 * The rider's own recording, by the receipt's token (`?token=`), as the receipt itself: a wrong
 * token, an unknown protocol and a complaint without a recording all answer the same 404.
 */
export const GET: RequestHandler = async ({ params, request, url }) => {
	const recording = await recordingForRider(
		db(),
		params.protocolo,
		url.searchParams.get('token') ?? ''
	);
	if (!recording) error(404, { message: m.status_not_found(), code: 'not_found' });
	return recordingResponse(recording, request.headers.get('range'));
};
