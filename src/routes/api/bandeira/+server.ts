import { localISO } from '$lib/domain/clock';
import { parseKm, quoteFare, type Km } from '$lib/domain/tariff';
import { m } from '$lib/paraglide/messages';
import { profile } from '$lib/profile';
import { answerAt } from '$lib/rules';
import { apiError, apiLocale, atParam, ok, preflight } from '$lib/server/http';
import { effectiveRules } from '$lib/server/rules';
import type { RequestHandler } from './$types';

const LAST_YEAR = 2100;

/**
 * GET /api/bandeira?at=<ISO 8601 instant with offset>[&km=<distance>] — the bandeira and fare
 * (Art. 15–17). `fare.centavos` is the flat part; with `km` (0 < km ≤ 100, `.` or `,`) the answer
 * adds `fare.km` and `fare.totalCentavos` = flat part + km × `fare.perKmCentavos`, half up.
 */
export const GET: RequestHandler = async ({ url, request }) => {
	const locale = apiLocale(request);
	const instant = atParam(url, locale);
	if (!instant.ok) return instant.response;
	const kmText = url.searchParams.get('km');
	let km: Km | null = null;
	if (kmText !== null) {
		km = parseKm(kmText);
		if (!km) {
			const message = m.api_km_invalid({}, { locale });
			return apiError(400, 'invalid_km', message, { km: message });
		}
	}
	const { at } = instant;
	const rules = await effectiveRules();
	const answer =
		at.getUTCFullYear() <= LAST_YEAR ? answerAt(at, rules.bandeiraContext, rules.decrees) : null;
	if (!answer) {
		const message = m.api_at_range(
			{
				law: profile.laws[0]?.short ?? '',
				from: profile.laws[0]?.validFrom ?? '',
				to: `${LAST_YEAR}-12-31`
			},
			{ locale }
		);
		return apiError(400, 'out_of_range', message, { at: message });
	}
	const { bandeira, fare, decree } = answer;
	return ok(
		{
			at: at.toISOString(),
			local: localISO(at, profile.timeZone),
			timeZone: profile.timeZone,
			bandeira: bandeira.flag,
			reasons: bandeira.reasons.map((r) =>
				r.kind === 'holiday'
					? {
							kind: r.kind,
							name: r.holiday.name,
							scope: r.holiday.scope,
							source: r.holiday.source,
							date: r.holiday.date,
							article: r.cite
						}
					: r.kind === 'night'
						? { kind: r.kind, from: r.start, to: r.end, article: r.cite }
						: { kind: r.kind, article: r.cite }
			),
			since: bandeira.since?.toISOString() ?? null,
			until: bandeira.until?.toISOString() ?? null,
			fare: fare
				? {
						centavos: fare.centavos,
						perKmCentavos: fare.perKmCentavos,
						...(km && {
							km: km.value,
							totalCentavos: quoteFare(fare.decree, fare.flag, { km })?.centavos ?? null
						}),
						currency: 'BRL',
						decree: fare.decree.reference,
						decreeId: fare.decree.id,
						validFrom: fare.decree.validFrom,
						sample: fare.decree.sample,
						// The last known table, which may not be the one in force: said, with why.
						...(fare.decree.unconfirmed && { unconfirmed: fare.decree.unconfirmed })
					}
				: decree
					? {
							// A decree in force that sets no value for this bandeira: nothing is invented.
							centavos: null,
							perKmCentavos: null,
							...(km && { km: km.value, totalCentavos: null }),
							currency: 'BRL',
							decree: decree.reference,
							decreeId: decree.id,
							validFrom: decree.validFrom,
							sample: decree.sample,
							note:
								decree.unpublished ??
								`Nenhum ato publicado fixa o valor da bandeira ${bandeira.flag === 1 ? 'I' : 'II'}.`
						}
					: null,
			// The rule's own citation: `Lei 2.059/2011, art. 16`; where a decree sets it, the decree's
			// (`Decreto nº 12.253/2011, art. 1º`, Porto Velho).
			basis: /^art\./i.test(bandeira.rule.cite)
				? `${bandeira.rule.law}, ${bandeira.rule.cite.replace(/^Art\./, 'art.')}`
				: bandeira.rule.cite
		},
		{ 'cache-control': instant.given ? 'public, max-age=300' : 'no-store' }
	);
};

export const OPTIONS: RequestHandler = preflight;
