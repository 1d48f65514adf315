/**
 * The first lock of `/admin` (the second is `requireStaff()` in each load and action): loads the
 * session into `locals.staff`, sends anonymous visitors to the login page (pages) or answers 401
 * (actions, endpoints, data requests), and 403 to a member whose role the route or action does
 * not allow. Admin answers are never cached or indexed.
 */
import { redirect, type Handle, type RequestEvent } from '@sveltejs/kit';
import { roleAllows } from '$lib/domain/staff';
import { profile } from '$lib/profile';
import { db } from '$lib/server/db';
import { accessOf, ADMIN_PATH, roleNeeded } from './access';
import { FORBIDDEN, UNAUTHENTICATED } from './guard';
import { COOKIE_OPTIONS, readSession, SESSION_COOKIE } from './session';

const text = (status: number, message: string) =>
	new Response(message, {
		status,
		headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' }
	});

/** A plain page for a member who followed a link beyond their role (no app shell needed). */
const forbiddenPage = () =>
	new Response(
		`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
			`<meta name="viewport" content="width=device-width, initial-scale=1">` +
			`<title>Acesso restrito — ${profile.office.acronym} · Garupa</title></head><body>` +
			`<main style="font:1.1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">` +
			`<h1>Acesso restrito</h1><p>${FORBIDDEN}</p><p><a href="/admin">Voltar à área da ${profile.office.acronym}</a></p>` +
			`</main></body></html>`,
		{
			status: 403,
			headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' }
		}
	);

/**
 * Where the login sends the member back to: a same-site `/admin` path (not the login page), as
 * the URL parser writes it — percent-encoded, so any character the member's link held makes a
 * valid Location; anything else (another site, `//host`, `\\`, control characters) is `/admin`.
 */
export function safeReturn(value: string | null): string {
	if (!value || value.length > 2000 || !value.startsWith('/') || value.includes('\\'))
		return '/admin';
	// eslint-disable-next-line no-control-regex -- control characters are what is refused
	if (/[\u0000-\u001f\u007f]/.test(value)) return '/admin';
	let url: URL;
	try {
		url = new URL(value, 'http://garupa.invalid');
	} catch {
		return '/admin';
	}
	if (url.origin !== 'http://garupa.invalid') return '/admin';
	const path = url.pathname;
	if (!/^\/admin(?:\/|$)/.test(path) || /^\/admin\/login(?:\/|$)/.test(path)) return '/admin';
	const safe = path + url.search;
	return /^[\x21-\x7e]+$/.test(safe) ? safe : '/admin';
}

/**
 * Whether a request is for the staff area: by the route it matched (`event.route.id`), so no
 * encoding of the path (`/%61dmin/…`) can route to a staff page past this hook; an unmatched path
 * (a 404) by its decoded text.
 */
export function isAdminRequest(event: Pick<RequestEvent, 'route' | 'url'>): boolean {
	const id = event.route.id;
	if (id !== null) return id === '/admin' || id.startsWith('/admin/');
	let path = event.url.pathname;
	try {
		path = decodeURIComponent(path);
	} catch {
		// Broken percent-encoding: judged as written.
	}
	return ADMIN_PATH.test(path);
}

/**
 * Checks an admin request. Returns a Response to send instead (redirect, 401, 403), or null to go on.
 * Expects `event.locals.staff` already loaded.
 */
export function guardAdmin(event: RequestEvent): Response | null {
	const access = accessOf(event.route.id);
	const need = roleNeeded(access, event.request.method, event.url);
	if (need === 'public') return null;
	const staff = event.locals.staff;
	if (!staff) {
		const method = event.request.method;
		if ((method === 'GET' || method === 'HEAD') && !access.endpoint && !event.isDataRequest) {
			const volta = event.url.pathname + event.url.search;
			return new Response(null, {
				status: 303,
				headers: {
					location: `/admin/login?volta=${encodeURIComponent(volta)}`,
					'cache-control': 'private, no-store'
				}
			});
		}
		return text(401, UNAUTHENTICATED);
	}
	if (!roleAllows(staff.role, need)) {
		const page = event.request.method === 'GET' && !access.endpoint && !event.isDataRequest;
		return page ? forbiddenPage() : text(403, FORBIDDEN);
	}
	return null;
}

/** The `/admin` part of the server hook. */
export const handleAdmin: Handle = async ({ event, resolve }) => {
	const path = event.url.pathname;
	if (!isAdminRequest(event)) {
		event.locals.staff = null;
		return resolve(event);
	}
	// The workspace is pt-BR only: /es/admin/… and /en/admin/… go to the one URL.
	const plain = path.replace(/^\/(?:es|en)(?=\/admin)/, '');
	if (plain !== path) redirect(308, plain + event.url.search);

	const token = event.cookies.get(SESSION_COOKIE);
	event.locals.staff = null;
	if (token) {
		const session = await readSession(db(), token);
		event.locals.staff = session.staff;
		if (!session.staff) event.cookies.delete(SESSION_COOKIE, COOKIE_OPTIONS);
	}
	const refused = guardAdmin(event);
	if (refused) return refused;
	const response = await resolve(event);
	try {
		response.headers.set('cache-control', 'private, no-store');
		response.headers.set('x-robots-tag', 'noindex, nofollow');
	} catch {
		// A Response with immutable headers (Response.redirect): nothing cacheable in it anyway.
	}
	return response;
};
