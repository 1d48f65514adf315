import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';

/**
 * Liveness: the process answers. No database, no secrets — for a supervisor or a load balancer
 * deciding whether to restart this process (readiness is /readyz).
 */
export const GET: RequestHandler = () =>
	json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
