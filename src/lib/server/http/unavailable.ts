/**
 * The database down is not the rider's fault nor a bug: the answer is 503 "temporarily
 * unavailable" in the rider's language (never a stack), with Retry-After. A rider's phone that kept
 * the page answers from its copy instead (the service worker treats a 5xx like a network failure).
 *
 * SvelteKit answers an unexpected error with 500 and lets `handleError` choose only the message;
 * `handleError` marks the request here and {@link handleUnavailable} turns its 500 into a 503.
 */
import type { Handle, RequestEvent } from '@sveltejs/kit';
import { databaseUnavailable } from '$lib/server/db';

/** Seconds a client (or a proxy's health check) should wait before asking again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * Requests marked, by their `locals`: the one object SvelteKit shares between the hooks' event and
 * the copies of it that loads get (and that `handleError` receives).
 */
const unavailable = new WeakSet<App.Locals>();

/** For `handleError`: whether `error` is the database being unavailable (then the request is marked). */
export function markIfUnavailable(event: RequestEvent, error: unknown): boolean {
	if (!databaseUnavailable(error)) return false;
	unavailable.add(event.locals);
	return true;
}

export const handleUnavailable: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	if (response.status !== 500 || !unavailable.has(event.locals)) return response;
	const headers = new Headers(response.headers);
	headers.set('retry-after', String(RETRY_AFTER_SECONDS));
	headers.set('cache-control', 'no-store');
	return new Response(response.body, {
		status: 503,
		statusText: 'Service Unavailable',
		headers
	});
};
