import { error } from '@sveltejs/kit';
import { requireStaff } from '$lib/server/auth/guard';
import { recordingResponse } from '$lib/server/audio-response';
import { PROTOCOL } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { complaintRecording } from '$lib/server/complaint-staff';
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
