import { catalogAt, situationsAt } from '$lib/profile/offenses';
import { error } from '@sveltejs/kit';
import { parseKm } from '$lib/domain/tariff';
import { ANSWER_DAYS, answerDeadline, OVERCHARGE_CODE } from '$lib/domain/complaint';
import { wallClock } from '$lib/domain/clock';
import { overcharge } from '$lib/domain/overcharge';
import { situationCite } from '$lib/domain/offenses';
import { inForceOn } from '$lib/domain/profile';
import { m } from '$lib/paraglide/messages';
import { profile } from '$lib/profile';
import { effectiveRules } from '$lib/server/rules';
import { getComplaintForRider, PROTOCOL, TOKEN } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { PageServerLoad } from './$types';

// No client-side routing (`csr = false`, set once by the rider layout): the receipt is complete on
// the server; its live part ("Ouvir", keeping it in "Minhas reclamações") is an island,
// ./Receipt.island.svelte.

/** The rider's receipt: what was reported, the articles, the status and the deadlines. */
export const load: PageServerLoad = async ({ params, url, setHeaders }) => {
	const token = url.searchParams.get('token') ?? '';
	// A wrong token and an unknown protocol look the same: nobody can probe which protocols exist.
	const complaint =
		PROTOCOL.test(params.protocolo) && TOKEN.test(token)
			? await getComplaintForRider(db(), params.protocolo, token)
			: null;
	if (!complaint) error(404, { message: m.status_not_found(), code: 'not_found' });
	// Private to whoever holds the link: never in a shared cache, never indexed.
	setHeaders({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });
	const occurredAt = new Date(complaint.occurredAt);
	const rules = await effectiveRules();
	// The distance the rider gave, for a per-km table.
	const distance = complaint.distanceKm ? parseKm(complaint.distanceKm) : null;
	const check =
		complaint.paidCentavos !== null
			? overcharge(
					occurredAt,
					complaint.paidCentavos,
					rules.bandeiraContext,
					rules.decrees,
					distance ? { km: distance } : {}
				)
			: null;
	const received = wallClock(new Date(complaint.createdAt), profile.timeZone).date;
	// The law of the conduct's day: its citations, its procedure, its catalog.
	const conductDay = wallClock(occurredAt, profile.timeZone).date;
	const catalog = catalogAt(occurredAt);
	return {
		complaint,
		regime: inForceOn(conductDay, profile.laws) ?? profile.laws[0] ?? null,
		procedure: inForceOn(conductDay, profile.procedures),
		overchargeCite: situationCite(catalog, OVERCHARGE_CODE),
		// Worded by the catalog in force on the conduct's day (its codes were checked against it).
		situations: situationsAt(complaint.situations, occurredAt).map((s) => ({
			code: s.code,
			wording: s.wording
		})),
		overcharge: check && {
			legalCentavos: check.legal?.centavos ?? null,
			/** The table's rate per km: without the distance, the fare is said as both parts. */
			perKmCentavos: check.legal?.perKmCentavos ?? null,
			bandeira: check.bandeira,
			differenceCentavos: check.differenceCentavos,
			chargedBandeiraII: check.chargedBandeiraII,
			distanceMissing: check.distanceMissing,
			sample: check.sample,
			unpublished: check.unpublished,
			unconfirmed: check.unconfirmed ? (check.legal?.decree.validFrom ?? null) : null
		},
		deadlines: {
			answer: answerDeadline(received),
			extended: answerDeadline(received, true),
			days: ANSWER_DAYS
		}
	};
};
