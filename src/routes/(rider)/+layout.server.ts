import { decreeAt } from '$lib/domain/tariff';
import { profile } from '$lib/profile';
import { effectiveRules } from '$lib/server/rules';
import { databaseUnavailable } from '$lib/server/db';
import type { LayoutServerLoad } from './$types';

/**
 * No rider page renders in the browser: the framework's client runtime would take most of a first
 * visit's download budget, so every page's live part is an island. Said once, here: every rider
 * page takes it from this layout, and so do the rider error pages (/verificar/<bad code> → 400),
 * since SvelteKit takes an error page's options from its layouts only.
 */
export const csr = false;

/**
 * Whether the fares shown today are sample values (no real decree in force yet, Art. 17), and the
 * profile's few names rider pages print (footer, /pontos): sent as data, so the browser does not
 * load the profile module for them (/pontos's first-visit budget).
 */
export const load: LayoutServerLoad = async () => {
	return {
		sampleFares: await sampleFares(),
		site: {
			city: profile.name,
			state: profile.state,
			utc: profile.utcLabel,
			office: profile.office.acronym,
			law: profile.laws.at(-1)?.title ?? ''
		}
	};
};

/**
 * Whether today's fares are sample values; null when the database cannot say (it is down): the
 * frame still renders, so the page's error says "temporarily unavailable" within the rider's tabs
 * (./+error.svelte) rather than on a bare page.
 */
async function sampleFares(): Promise<boolean | null> {
	try {
		const { decrees } = await effectiveRules();
		return decreeAt(new Date(), decrees, profile.timeZone)?.sample !== false;
	} catch (error) {
		if (databaseUnavailable(error)) return null;
		throw error;
	}
}
