import { createHash } from 'node:crypto';
import { toFeatureCollection } from '$lib/domain/stands';
import { CORS, preflight } from '$lib/server/http';
import { db } from '$lib/server/db';
import { listStands, standsAreSample } from '$lib/server/registry';
import type { RequestHandler } from './$types';

/**
 * GET /api/stands — the official stands (pontos, Lei 2.059/2011 Art. 13) as an RFC 7946 GeoJSON
 * FeatureCollection: Point features in [longitude, latitude], `id, name, address, vagas, note,
 * prefixes` (as painted, '007') in properties, and the foreign member `sample` (fictional data).
 * No stands yet is an empty collection, not an error: a map still draws it.
 * Revalidated by ETag, a hash of the body: a phone's kept copy costs a 304 until SEMAM changes a
 * stand, and then the change shows at once.
 */
export const GET: RequestHandler = async ({ request }) => {
	const [stands, sample] = await Promise.all([listStands(db()), standsAreSample(db())]);
	const body = JSON.stringify(toFeatureCollection(stands, { sample }));
	const etag = `"stands-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
	const headers = { ...CORS, etag, 'cache-control': 'no-cache' };
	const match = request.headers.get('if-none-match');
	if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
		return new Response(null, { status: 304, headers });
	}
	// RFC 7946 §12: the media type of GeoJSON (always UTF-8, so no charset parameter).
	return new Response(body, { headers: { ...headers, 'content-type': 'application/geo+json' } });
};

export const OPTIONS: RequestHandler = preflight;
