import { error } from '@sveltejs/kit';
import { parseLocalDate, wallClock } from '$lib/domain/clock';
import { zoneOffsetsOfYears } from '$lib/domain/zone-offsets';
import { inForceOn } from '$lib/domain/profile';
import { m } from '$lib/paraglide/messages';
import { profile } from '$lib/profile';
import type { PageServerLoad } from './$types';

// No client-side routing (`csr = false`, set once by the rider layout): the law's text is complete
// on the server and never shipped as JavaScript; the note and the laws by date are a small island,
// ./ByDate.island.svelte.

/**
 * The law in force on a date: today on the municipality's calendar, or `?data=2011-11-01` for an
 * earlier (or later) one. Offline, the page kept on the phone says which date it shows (the island).
 */
export const load: PageServerLoad = ({ url }) => {
	const asked = url.searchParams.get('data');
	if (asked !== null && !parseLocalDate(asked.trim())) error(400, m.lei_bad_date());
	const now = wallClock(new Date(), profile.timeZone);
	const date = asked?.trim() || now.date;
	return {
		date,
		asked: asked !== null,
		lawId: inForceOn(date, profile.laws)?.id ?? null,
		/** The zone's offsets around now: the island reads today's date without Intl. */
		zone: zoneOffsetsOfYears(profile.timeZone, now.year - 1, now.year + 1)
	};
};
