import { error, redirect } from '@sveltejs/kit';
import { wallClock } from '$lib/domain/clock';
import { parseVehicleCode } from '$lib/domain/plate';
import { authorizationCap, countActive, verdictRules } from '$lib/domain/registry';
import { registryRulesOn } from '$lib/domain/profile';
import { m } from '$lib/paraglide/messages';
import { localizeHref } from '$lib/paraglide/runtime';
import { profile } from '$lib/profile';
import { config } from '$lib/server/runtime';
import { publishedRegistry } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/** `/verificar?q=<prefixo ou placa>` is a GET form: a valid code goes to its verification page. */
// No client-side routing (`csr = false`, set once by the rider layout): the page is complete on the
// server, and its live part (offline verification, the QR scanner) is an island,
// ./Verify.island.svelte.

export const load: PageServerLoad = async ({ url }) => {
	const q = url.searchParams.get('q');
	if (q !== null) {
		if (!parseVehicleCode(q)) error(400, { message: m.verify_bad_query(), code: 'q' });
		// A signed card's digits (the worker's offline address, reloaded online): its own link.
		const card = url.searchParams.get('cartao') ?? '';
		if (/^[1-9]\d{0,299}$/.test(card))
			redirect(303, localizeHref(`/v/${encodeURIComponent(q.trim())}/${card}`));
		redirect(303, localizeHref(`/verificar/${encodeURIComponent(q.trim())}`));
	}
	const now = new Date();
	const today = wallClock(now, profile.timeZone).date;
	const rules = registryRulesOn(today, profile.registryRules);
	const snapshot = await publishedRegistry();
	return {
		// What the verdict reads (the cap's figures are counted here, below).
		rules: rules && verdictRules(rules),
		timeZone: profile.timeZone,
		// The printed cards' address (PUBLIC_BASE_URL) may differ from this page's: the scanner takes both.
		cardBase: config.publicBaseUrl ?? '',
		// The signed cards' public keys: the scanner checks a card with no network (docs/api.md).
		cardKeys: profile.cardKeys,
		snapshot: snapshot && {
			version: snapshot.version,
			publishedAt: snapshot.publishedAt,
			sample: snapshot.sample
		},
		// The law's cap: per so many inhabitants (IBGE population), or a fixed number.
		count: rules && {
			active: snapshot ? countActive(snapshot.entries, today) : 0,
			cap: authorizationCap(rules),
			inhabitants: rules.cap.kind === 'perInhabitants' ? rules.cap.inhabitants : null,
			population: rules.population
		}
	};
};
