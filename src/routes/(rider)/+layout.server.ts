import { decreeAt } from '$lib/domain/tariff';
import { profile } from '$lib/profile';
import { effectiveRules } from '$lib/server/calendar';
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
	const { decrees } = await effectiveRules();
	return {
		sampleFares: decreeAt(new Date(), decrees, profile.timeZone)?.sample !== false,
		site: {
			city: profile.name,
			state: profile.state,
			utc: profile.utcLabel,
			office: profile.office.acronym,
			law: profile.laws.at(-1)?.title ?? ''
		}
	};
};
