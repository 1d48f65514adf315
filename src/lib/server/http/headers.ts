/**
 * Headers on every answer (pages, endpoints, errors), and the refusal of form-action names that
 * only exist on Object.prototype (`?/constructor`, `?/toString`: SvelteKit looks an action up
 * with `actions[name]`, which would find them) or that SvelteKit reserves (`?/default`).
 */
import type { Handle } from '@sveltejs/kit';
import { VLIBRAS_SOURCES } from '$lib/vlibras.js';

/**
 * The app uses the camera (QR scanner, complaint photos), the microphone (a complaint told in the
 * rider's voice) and the position (complaint place, the nearest stand) — from its own origin only;
 * everything else is off.
 */
export const PERMISSIONS_POLICY = [
	'camera=(self)',
	'geolocation=(self)',
	'accelerometer=()',
	'autoplay=()',
	'browsing-topics=()',
	'display-capture=()',
	'encrypted-media=()',
	'fullscreen=()',
	'gyroscope=()',
	'hid=()',
	'magnetometer=()',
	'microphone=(self)',
	'midi=()',
	'payment=()',
	'picture-in-picture=()',
	'publickey-credentials-get=()',
	'screen-wake-lock=()',
	'serial=()',
	'usb=()',
	'xr-spatial-tracking=()'
].join(', ');

/**
 * The CSP of an answer that is neither a page nor a script (the manifest, icons, JSON, text): it
 * may run and load nothing, and no page may frame it, should anyone open it as a document.
 */
export const NOT_A_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Whether a URL carries a token (a complaint receipt's `?token=`): its Referer would leak it. */
export function carriesToken(url: URL): boolean {
	for (const key of url.searchParams.keys()) if (/token/i.test(key)) return true;
	return false;
}

/** The rider pages (the `(rider)` layout, whose footer has the Libras button): they alone may load VLibras. */
export function offersLibras(routeId: string | null | undefined): boolean {
	return routeId === '/(rider)' || routeId?.startsWith('/(rider)/') === true;
}

/** A Content Security Policy without VLibras's origins (every directive keeps the rest). */
export function withoutVLibras(csp: string): string {
	const vlibras = new Set<string>(VLIBRAS_SOURCES);
	return csp
		.split(';')
		.map((directive) =>
			directive
				.trim()
				.split(/\s+/)
				.filter((source) => !vlibras.has(source))
				.join(' ')
		)
		.filter(Boolean)
		.join('; ');
}

/** The headers for an answer to `url`. */
export function securityHeaders(url: URL): Record<string, string> {
	return {
		'x-content-type-options': 'nosniff',
		'referrer-policy': carriesToken(url) ? 'no-referrer' : 'strict-origin-when-cross-origin',
		'permissions-policy': PERMISSIONS_POLICY
	};
}

/** `?/name` of a form action, or null when the request names none. */
function actionName(url: URL): string | null {
	for (const key of url.searchParams.keys()) if (key.startsWith('/')) return key.slice(1);
	return null;
}

/**
 * An action name SvelteKit must never be asked for: `default` (reserved — SvelteKit throws, a
 * 500, on `?/default`) → 400; a name found only on Object.prototype → 404. Null: let it through.
 */
export function refusedAction(name: string | null): { status: 400 | 404; message: string } | null {
	if (name === null) return null;
	if (name === 'default') return { status: 400, message: 'Nome de ação reservado.' };
	if (name in Object.prototype) return { status: 404, message: 'Ação não encontrada.' };
	return null;
}

export const handleHeaders: Handle = async ({ event, resolve }) => {
	const refused = refusedAction(event.request.method === 'POST' ? actionName(event.url) : null);
	const response = refused
		? new Response(refused.message, {
				status: refused.status,
				headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
			})
		: await resolve(event);
	const headers = securityHeaders(event.url);
	// The page CSP (svelte.config.js) allows VLibras; only the pages that offer Libras keep it.
	const csp = response.headers.get('content-security-policy');
	if (csp && !offersLibras(event.route?.id))
		headers['content-security-policy'] = withoutVLibras(csp);
	try {
		for (const [key, value] of Object.entries(headers)) response.headers.set(key, value);
		return response;
	} catch {
		// Immutable headers (Response.redirect, a fetched response): the same answer, new headers.
		const copy = new Response(response.body, response);
		for (const [key, value] of Object.entries(headers)) copy.headers.set(key, value);
		return copy;
	}
};
