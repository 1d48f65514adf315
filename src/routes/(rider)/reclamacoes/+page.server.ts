import { offenseCatalogs } from '$lib/profile/offenses';
import type { PageServerLoad } from './$types';

// No client-side routing (`csr = false`, set once by the rider layout): the list is the phone's
// (IndexedDB), shown by an island, ./Mine.island.svelte.

/**
 * "Minhas reclamações" lives on the phone (IndexedDB); the server only gives the words of every
 * situation any catalog has, so any stored code reads back in the rider's language.
 */
export const load: PageServerLoad = () => {
	const seen = new Set<string>();
	const situations = [...offenseCatalogs]
		.sort((a, b) => b.validFrom.localeCompare(a.validFrom))
		.flatMap((c) => c.situations)
		.filter((s) => !seen.has(s.code) && !!seen.add(s.code))
		.map((s) => ({ code: s.code, wording: s.wording }));
	return { situations };
};
