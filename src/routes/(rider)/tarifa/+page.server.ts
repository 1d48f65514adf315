import { error } from '@sveltejs/kit';
import { localISO, parseLocalDate, wallClock, zonedInstant } from '$lib/domain/clock';
import { parseKm } from '$lib/domain/tariff';
import { localText } from '$lib/domain/regime';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { profile } from '$lib/profile';
import { effectiveRules, rulesBundle } from '$lib/server/rules';
import { bundleZone } from '$lib/rules';
import { YEAR_MAX, YEAR_MIN } from '$lib/domain/holiday-source';
import type { PageServerLoad } from './$types';

/**
 * Plan a ride: `?data=YYYY-MM-DD&hora=HH:MM[&km=<distance>][&adicional=<id>]` (a GET form, works
 * without JS). `km` is optional; where the decree sets a rate per km the total adds it.
 */
export const load: PageServerLoad = async ({ url }) => {
	const instant = new Date();
	const now = wallClock(instant, profile.timeZone);
	const date = url.searchParams.get('data') || now.date;
	const time =
		url.searchParams.get('hora') ||
		`${String(now.hour).padStart(2, '0')}:${String(now.minute).padStart(2, '0')}`;
	const surcharges = url.searchParams.getAll('adicional');
	const km = (url.searchParams.get('km') ?? '').trim();

	const day = parseLocalDate(date);
	if (!day || day.year < YEAR_MIN || day.year > YEAR_MAX) {
		error(400, { message: m.tarifa_bad_date({ min: YEAR_MIN, max: YEAR_MAX }), code: 'data' });
	}
	const t = /^(\d{2}):(\d{2})$/.exec(time);
	if (!t || Number(t[1]) > 23 || Number(t[2]) > 59) {
		error(400, { message: m.tarifa_bad_time(), code: 'hora' });
	}
	// An empty field is no distance; anything else must be one (0 < km ≤ 100, `.` or `,`).
	if (km && !parseKm(km)) error(400, { message: m.tarifa_bad_km(), code: 'km' });
	const at = zonedInstant(date, Number(t[1]) * 60 + Number(t[2]), profile.timeZone);
	const bundle = await rulesBundle(at, [now.year]);
	return {
		query: { date, time, km, surcharges },
		/** A planned ride (the form was sent, or a shared link): the answer comes first. */
		asked: url.searchParams.has('data'),
		at: at.getTime(),
		/** The server's now: "amanhã" in the answer is relative to it, never to the planned day. */
		today: instant.getTime(),
		local: localISO(at, profile.timeZone),
		bundle,
		/** The zone's offsets over the bundle's years: the island reads the clock without Intl. */
		zone: bundleZone(bundle),
		stateTransfers: profile.stateTransfers,
		decreedDays: (await effectiveRules()).decreedDays,
		// What the answer cites of each law (its roles, its dates, its note on the bandeira): not the
		// notes /lei shows, which would travel in the island's props for nothing.
		// How the fares are set and readjusted, in the law's words: the rider's language only.
		laws: profile.laws.map(({ id, cites, hasText, validFrom, validTo, bandeiraNote, texts }) => ({
			id,
			cites,
			hasText,
			validFrom,
			validTo,
			bandeiraNote,
			...(texts.fareReadjust ? { fareReadjust: localText(texts.fareReadjust, getLocale()) } : {})
		}))
	};
};
