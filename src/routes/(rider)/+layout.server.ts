import { decreeAt } from '$lib/domain/tariff';
import { profile } from '$lib/profile';
import { effectiveRules } from '$lib/server/calendar';
import { databaseUnavailable } from '$lib/server/db/unavailable';
import type { LayoutServerLoad } from './$types';

/**
 * No rider page renders in the browser (issue 12, item 2: each says `csr = false` and brings an
 * island). Said here too for the rider error pages (/verificar/<bad code> → 400): SvelteKit takes
 * an error page's options from its layouts, so without this they booted the framework's client.
 */
export const csr = false;

/**
 * Whether the fares shown today are sample values (no real decree in force yet, Art. 17), and the
 * profile's few names rider pages print (footer, /pontos): sent as data, so the browser does not
 * load the profile module for them (issue 12: /pontos's first-visit budget).
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
