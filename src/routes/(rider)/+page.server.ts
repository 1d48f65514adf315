import { rulesBundle } from '$lib/server/rules';
import type { PageServerLoad } from './$types';

// No client-side routing (`csr = false`, set once by the rider layout): the answer is complete in
// the HTML, and the framework's client runtime alone (~36 KiB gzip) would not fit the page's 40 KiB
// budget. The live parts — the ticking clock, the switch at 20:00 and 05:00, the zone and clock
// notes, "Ouvir" — are an island (./Home.island.svelte); the islands' script registers the worker
// and keeps the offline pages, as on every rider page. A link from here is a full page load (the
// worker answers it offline), as from every rider page.

/** The answer is in the first response: rendered with the server's clock, correct without JavaScript. */
export const load: PageServerLoad = async ({ setHeaders }) => {
	const now = new Date();
	// The answer changes with time: always revalidate, and never let a shared cache keep it.
	setHeaders({ 'cache-control': 'private, no-cache' });
	return { serverNow: now.getTime(), bundle: await rulesBundle(now) };
};
