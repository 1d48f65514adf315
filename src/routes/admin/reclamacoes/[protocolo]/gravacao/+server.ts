import { error } from '@sveltejs/kit';
import { requireStaff } from '$lib/server/auth';
import { recordingResponse, PROTOCOL, complaintRecording } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { RequestHandler } from './$types';

/** A complaint's recording in the rider's voice, to staff only, never cached. */
export const GET: RequestHandler = async ({ params, request }) => {
	requireStaff('fiscal');
	const recording = PROTOCOL.test(params.protocolo)
		? await complaintRecording(db(), params.protocolo)
		: null;
	if (!recording) error(404, { message: 'Gravação não encontrada.', code: 'not_found' });
	return recordingResponse(recording, request.headers.get('range'));
};
