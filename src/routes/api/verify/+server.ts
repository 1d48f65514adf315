import { m } from '$lib/paraglide/messages';
import { apiError, apiLocale, atParam, ok, preflight } from '$lib/server/http';
import { verifyQuery } from '$lib/server/registry';
import type { RequestHandler } from './$types';

/**
 * GET /api/verify?q=<prefixo ou placa>&at=<ISO instant> — the verdict at the Porto_Velho date of
 * `at` (default now), each check citing its article. Unknown vehicle: 200 `nao_encontrado`.
 */
export const GET: RequestHandler = async ({ url, request }) => {
	const locale = apiLocale(request);
	const q = url.searchParams.get('q') ?? '';
	const instant = atParam(url, locale);
	if (!instant.ok) return instant.response;
	const { at } = instant;
	const found = q.length <= 40 ? await verifyQuery(q, at) : null;
	if (!found) {
		const message = m.api_bad_query({}, { locale });
		return apiError(400, 'invalid_query', message, { q: message });
	}
	return ok(
		{
			query: q,
			normalized:
				found.code.kind === 'prefixo'
					? { kind: 'prefixo', value: found.code.prefixo }
					: { kind: 'placa', value: found.code.placa, key: found.code.key },
			verdict: found.verdict,
			...(found.entry ? { entry: found.entry } : {}),
			checks: found.checks.map(({ id, article, ok, detail }) => ({ id, article, ok, detail })),
			registry: found.snapshot
				? {
						version: found.snapshot.version,
						publishedAt: found.snapshot.publishedAt,
						sample: found.snapshot.sample
					}
				: null
		},
		{ 'cache-control': 'no-store' }
	);
};

export const OPTIONS: RequestHandler = preflight;
