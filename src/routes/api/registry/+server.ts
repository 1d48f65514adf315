import { m } from '$lib/paraglide/messages';
import { apiError, apiLocale, CORS, ok, preflight } from '$lib/server/http';
import { db } from '$lib/server/db';
import { createHash } from 'node:crypto';
import {
	activeSuspensions,
	publishedRegistry,
	revokedStatusList,
	signSnapshot
} from '$lib/server/registry';
import { certidaoValidade, publicEntry } from '$lib/domain/registry';
import type { RequestHandler } from './$types';

/**
 * GET /api/registry — the latest published snapshot: only what the law makes public (LGPD).
 * Revalidated by ETag (a phone's kept copy costs a 304), so a new version reaches riders at once.
 * It carries the revoked cards' status list (`revokedCards`) and the cautelar suspensions in force
 * (`suspensions`), and is signed with the card key (`signature`, docs/api.md): a revocation or a
 * suspension begun or ended changes the ETag, so phones take it on their next visit.
 */
export const GET: RequestHandler = async ({ request }) => {
	const snapshot = await publishedRegistry();
	if (!snapshot) {
		return apiError(404, 'no_registry', m.api_no_registry({}, { locale: apiLocale(request) }));
	}
	const revokedCards = await revokedStatusList(db());
	// The cautelar suspensions in force: listed in every snapshot, no new publication needed.
	const suspensions = await activeSuspensions(db());
	const listed = createHash('sha256').update(JSON.stringify(suspensions)).digest('base64url');
	const etag = `"registry-${snapshot.version}-${revokedCards.offset}-${revokedCards.bits}-${listed.slice(0, 16)}"`;
	const headers = { etag, 'cache-control': 'no-cache' };
	const match = request.headers.get('if-none-match');
	if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
		return new Response(null, { status: 304, headers: { ...CORS, ...headers } });
	}
	return ok(
		signSnapshot({
			version: snapshot.version,
			publishedAt: snapshot.publishedAt,
			sample: snapshot.sample,
			// Both certidões, and (kept for older clients) `certidaoValidade`: the earlier. Which
			// entries are invented is the office's bookkeeping; riders read the snapshot's `sample`.
			entries: snapshot.entries.map((entry) => {
				const e = { ...publicEntry(entry), certidaoValidade: certidaoValidade(entry) };
				delete e.sample;
				return e;
			}),
			revokedCards,
			suspensions
		}),
		headers
	);
};

export const OPTIONS: RequestHandler = preflight;
