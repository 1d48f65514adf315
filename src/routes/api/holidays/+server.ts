import { wallClock } from '$lib/domain/clock';
import { m } from '$lib/paraglide/messages';
import { inForceOn } from '$lib/domain/profile';
import { profile } from '$lib/profile';
import { apiError, apiLocale, ok, preflight } from '$lib/server/http';
import { effectiveRules } from '$lib/server/rules';
import { YEAR_MAX, YEAR_MIN } from '$lib/domain/holiday-source';
import type { RequestHandler } from './$types';

/** GET /api/holidays?year=YYYY — the holidays that count for bandeira II (Art. 16 §1º), and the
 * ponto-facultativo days that do not, listed apart. */
export const GET: RequestHandler = async ({ url, request }) => {
	const locale = apiLocale(request);
	const param = url.searchParams.get('year');
	const year = param === null ? wallClock(new Date(), profile.timeZone).year : Number(param);
	if (param !== null && (!/^\d{4}$/.test(param) || year < YEAR_MIN || year > YEAR_MAX)) {
		const message = m.api_year_invalid({ min: YEAR_MIN, max: YEAR_MAX }, { locale });
		return apiError(400, 'invalid_year', message, { year: message });
	}
	const cal = (await effectiveRules()).holidays.year(year);
	// The rule that makes holidays bandeira II, as in force on the year's first day (the latest
	// one before the first regime): Lei 2.059/2011, art. 16 §1º in Rolim de Moura; the fare
	// decree's own article where a decree sets it (Porto Velho).
	const rule =
		inForceOn(`${year}-01-01`, profile.bandeiraRules) ?? profile.bandeiraRules.at(-1) ?? null;
	const cite = rule ? (rule.holidays?.cite ?? rule.cite) : '';
	const basis = !rule
		? null
		: /^art\./i.test(cite)
			? `${rule.law}, ${cite.replace(/^Art\./, 'art.')}`
			: cite;
	return ok(
		{
			year,
			timeZone: profile.timeZone,
			basis,
			holidays: cal.holidays,
			pontosFacultativos: cal.facultativos,
			policy: {
				stateTransfersFollowed: profile.stateTransfers.followForBandeira,
				note: profile.stateTransfers.reason
			}
		},
		{ 'cache-control': 'public, max-age=3600' }
	);
};

export const OPTIONS: RequestHandler = preflight;
