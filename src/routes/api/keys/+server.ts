import { CORS, ok, preflight } from '$lib/server/http';
import { keySet } from '$lib/server/registry';
import type { RequestHandler } from './$types';

/**
 * GET /api/keys — the municipality's public keys for the signed vehicle cards, as a JSON Web Key
 * Set (RFC 7517): `kid`, `kty` EC, `crv` P-256, `x`, `y`, and each key's validity. The same keys
 * the profile gives the app; anyone may verify a card with them (docs/api.md).
 */
export const GET: RequestHandler = () =>
	ok(keySet(), { 'cache-control': 'public, max-age=3600', ...CORS });

export const OPTIONS: RequestHandler = preflight;
