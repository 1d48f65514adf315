import { decreeAt } from '$lib/domain/tariff';
import { profile } from '$lib/profile';
import { effectiveRules } from '$lib/server/calendar';
import type { LayoutServerLoad } from './$types';

/** Whether the fares shown today are sample values (no real decree in force yet, Art. 17). */
export const load: LayoutServerLoad = async () => {
	const { decrees } = await effectiveRules();
	return { sampleFares: decreeAt(new Date(), decrees, profile.timeZone)?.sample !== false };
};
