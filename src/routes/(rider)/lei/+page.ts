import { error } from '@sveltejs/kit';
import { parseLocalDate, wallClock } from '$lib/domain/clock';
import { inForceOn } from '$lib/domain/profile';
import { m } from '$lib/paraglide/messages';
import { profile } from '$lib/profile';
import type { PageLoad } from './$types';

/**
 * The law in force on a date: today on the municipality's calendar, or `?data=2011-11-01` for an
 * earlier (or later) one. Universal, so a page kept offline answers any date too.
 */
export const load: PageLoad = ({ url }) => {
	const asked = url.searchParams.get('data');
	if (asked !== null && !parseLocalDate(asked.trim())) error(400, m.lei_bad_date());
	const date = asked?.trim() || wallClock(new Date(), profile.timeZone).date;
	return { date, asked: asked !== null, lawId: inForceOn(date, profile.laws)?.id ?? null };
};
