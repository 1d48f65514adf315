/**
 * The cross-site check on form posts: a form (urlencoded, multipart or text/plain body) posted,
 * put, patched or deleted from a page of another origin is refused with 403, as SvelteKit's own
 * `csrf` check does — here, because SvelteKit fixes its list of trusted origins when the app is
 * built, and which origins a server answers for is the operator's choice at start: the app's own
 * (adapter-node's `ORIGIN`) and `TRUSTED_ORIGINS` (config.ts). `npm start` on a developer's
 * machine trusts http://127.0.0.1:<port> beside http://localhost:<port>; a production server
 * trusts its public address only, so another site's form can never post to it.
 */
import { json, text, type Handle } from '@sveltejs/kit';
import { config } from '$lib/server/runtime';

/** The body types a plain HTML form can send (what a cross-site page can post without CORS). */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether `request` is a form sent from a page of another origin than `appOrigin` and the
 * `trusted` ones (a request with no Origin header counts as another's).
 * @example isCrossSiteForm(new Request('http://localhost:3000/reclamar', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' } }), 'http://localhost:3000', []) //=> true
 */
export function isCrossSiteForm(
	request: Request,
	appOrigin: string,
	trusted: readonly string[]
): boolean {
	if (!CHANGES.has(request.method)) return false;
	const type = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
	if (!FORM_TYPES.includes(type)) return false;
	const origin = request.headers.get('origin');
	return origin !== appOrigin && (origin === null || !trusted.includes(origin));
}

/** Refuses cross-site form posts before anything reads them (SvelteKit's answer, word for word). */
export const handleOrigin: Handle = ({ event, resolve }) => {
	const { request } = event;
	if (!isCrossSiteForm(request, event.url.origin, config.trustedOrigins)) return resolve(event);
	const message = `Cross-site ${request.method} form submissions are forbidden`;
	return request.headers.get('accept') === 'application/json'
		? json({ message }, { status: 403 })
		: text(message, { status: 403 });
};
