/**
 * Conventions of the public JSON API: CORS open for GET, errors as
 * `{"error": {"code", "message", "fields"?}}` with a 4xx, messages in the caller's language
 * (Accept-Language: pt-BR by default, es, en).
 */
import { json } from '@sveltejs/kit';
import { parseInstant } from '$lib/domain/clock';
import { m } from '$lib/paraglide/messages';
import { locales, baseLocale } from '$lib/paraglide/runtime';

export type ApiLocale = (typeof locales)[number];

export const CORS = {
	'access-control-allow-origin': '*',
	'access-control-allow-methods': 'GET, HEAD, OPTIONS',
	'access-control-allow-headers': 'Content-Type, If-None-Match',
	'access-control-max-age': '86400'
} as const;

/** The best of our locales for an Accept-Language header. */
export function apiLocale(request: Request): ApiLocale {
	const header = request.headers.get('accept-language') ?? '';
	const wanted = header
		.split(',')
		.map((part) => {
			const [tag = '', q = 'q=1'] = part.trim().split(';');
			return { tag: tag.toLowerCase(), q: Number(q.replace(/^q=/, '')) || 0 };
		})
		.filter((x) => x.tag && x.q > 0)
		.sort((a, b) => b.q - a.q);
	for (const { tag } of wanted) {
		const exact = locales.find((l) => l.toLowerCase() === tag);
		if (exact) return exact;
		const lang = locales.find((l) => l.toLowerCase().split('-')[0] === tag.split('-')[0]);
		if (lang) return lang;
	}
	return baseLocale;
}

export function ok(body: unknown, headers: Record<string, string> = {}): Response {
	return json(body, { headers: { ...CORS, ...headers } });
}

/**
 * The API's one error answer, never cached. Open to every origin (CORS) unless `cors` is false:
 * the complaint POST is for the app's own pages only.
 */
export function apiError(
	status: number,
	code: string,
	message: string,
	fields?: Record<string, string>,
	{ cors = true, headers = {} }: { cors?: boolean; headers?: Record<string, string> } = {}
): Response {
	return json(
		{ error: fields ? { code, message, fields } : { code, message } },
		{ status, headers: { ...(cors ? CORS : {}), 'cache-control': 'no-store', ...headers } }
	);
}

export function preflight(): Response {
	return new Response(null, { status: 204, headers: CORS });
}

/**
 * The optional `at` query parameter: an ISO 8601 instant with its offset (default: now), or the
 * 400 that explains what is wrong with it.
 */
export function atParam(
	url: URL,
	locale: ApiLocale
): { ok: true; at: Date; given: boolean } | { ok: false; response: Response } {
	const text = url.searchParams.get('at');
	if (text === null) return { ok: true, at: new Date(), given: false };
	const parsed = parseInstant(text);
	if (parsed.ok) return { ok: true, at: parsed.at, given: true };
	const offset = parsed.reason === 'offset';
	const message = offset ? m.api_at_offset({}, { locale }) : m.api_at_invalid({}, { locale });
	return {
		ok: false,
		response: apiError(400, offset ? 'missing_offset' : 'invalid_instant', message, { at: message })
	};
}
