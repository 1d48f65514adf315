import { error } from '@sveltejs/kit';
import { requireStaff } from '$lib/server/auth';
import { PROTOCOL, complaintPhoto } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { RequestHandler } from './$types';

/** A complaint's photo (metadata stripped at reception), to staff only, never cached. */
export const GET: RequestHandler = async ({ params }) => {
	requireStaff('fiscal');
	const n = Number(params.n);
	const photo =
		PROTOCOL.test(params.protocolo) && Number.isInteger(n) && n >= 1 && n <= 20
			? await complaintPhoto(db(), params.protocolo, n - 1)
			: null;
	if (!photo) error(404, { message: 'Foto não encontrada.', code: 'not_found' });
	return new Response(Buffer.from(photo.bytes), {
		headers: {
			'content-type': photo.mime,
			'cache-control': 'private, no-store',
			'x-content-type-options': 'nosniff',
			'content-disposition': 'inline'
		}
	});
};
