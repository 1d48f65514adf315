import { json } from '@sveltejs/kit';
import { readiness } from '$lib/server/app';
import type { RequestHandler } from './$types';

/**
 * Readiness: the database answers and its schema is at this version's latest migration. 200 with
 * `{ "status": "ready" }`, else 503 with which check failed — never a message from the database
 * (it could name a host or a user).
 */
export const GET: RequestHandler = async () => {
	const r = await readiness();
	return json(r, {
		status: r.status === 'ready' ? 200 : 503,
		headers: { 'cache-control': 'no-store' }
	});
};
