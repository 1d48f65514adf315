/**
 * The published registry kept on the phone, so a rider can verify a mototáxi with no signal at the
 * stand. Stored in the Cache API (one small JSON, revalidated by ETag: a 304 costs a few bytes of
 * the rider's data plan) and refreshed on every visit while online.
 */
import { readPublishedSnapshot, type RegistrySnapshot } from '$lib/domain/registry';

const CACHE = 'garupa-data-v1';
const URL_ = '/api/registry';

/** Days after which the kept copy carries a warning. */
export const STALE_AFTER_DAYS = 7;

export async function cachedRegistry(): Promise<RegistrySnapshot | null> {
	if (!('caches' in globalThis)) return null;
	const hit = await (await caches.open(CACHE)).match(URL_);
	return hit ? readPublishedSnapshot((await hit.json()) as RegistrySnapshot) : null;
}

/**
 * The kept copy exactly as served (its `signature` and `revokedCards` untouched), for checking the
 * snapshot's signature; null when the phone holds none.
 */
export async function keptSnapshotJson(): Promise<Record<string, unknown> | null> {
	if (!('caches' in globalThis)) return null;
	const hit = await (await caches.open(CACHE)).match(URL_);
	return hit ? ((await hit.json()) as Record<string, unknown>) : null;
}

/** Fetch the latest snapshot (or confirm the kept one) and keep it; the kept copy when offline. */
export async function refreshRegistry(): Promise<RegistrySnapshot | null> {
	if (!('caches' in globalThis)) return null;
	const cache = await caches.open(CACHE);
	const kept = await cache.match(URL_);
	try {
		const headers: HeadersInit = {};
		const etag = kept?.headers.get('etag');
		if (etag) headers['if-none-match'] = etag;
		const res = await fetch(URL_, { headers, cache: 'no-store' });
		if (res.status === 200) {
			await cache.put(URL_, res.clone());
			return readPublishedSnapshot((await res.json()) as RegistrySnapshot);
		}
	} catch {
		// Offline: the kept copy answers.
	}
	return kept ? readPublishedSnapshot((await kept.json()) as RegistrySnapshot) : null;
}

/** Whether a snapshot published at `publishedAt` is older than the warning threshold at `now`. */
export function isStale(publishedAt: string, now: Date): boolean {
	return now.getTime() - Date.parse(publishedAt) > STALE_AFTER_DAYS * 86_400_000;
}
