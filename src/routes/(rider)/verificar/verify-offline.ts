/**
 * A verification made on the phone, from the registry kept on it (offline, or a scan offline):
 * the same verdict the server gives (Art. 4, 6, 8, 11; src/lib/domain/registry.ts). Loaded by
 * ./Verify.island.svelte only when the rider asks without a signal, so a first visit does not
 * download every check's code (riders pay for every kilobyte).
 */
import { buildIndex, notFound, verifyAt, type RegistryRules } from '$lib/domain/registry';
import { cachedRegistry, isStale } from '$lib/offline/registry';

/** The kept copy's verdict for `query`, or null when the phone holds no copy. */
export async function verifyOnPhone(query: string, rules: RegistryRules | null, timeZone: string) {
	const snapshot = (await cachedRegistry()) ?? null;
	if (!snapshot) return null;
	const now = new Date();
	const entry = buildIndex(snapshot.entries).find(query);
	const result = entry ? verifyAt(entry, now, rules, timeZone) : notFound();
	return { query, snapshot, result, entry, stale: isStale(snapshot.publishedAt, now) };
}

export type PhoneVerdict = NonNullable<Awaited<ReturnType<typeof verifyOnPhone>>>;
