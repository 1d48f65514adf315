/**
 * What the law says of one vehicle's auto on a day: the regime and catalog in force, the penalty
 * `escalate()` gives over the vehicle's confirmed offenses, and how long a suspension may last.
 *
 * The penalty is never typed in: it is `escalate()` over the vehicle's confirmed offenses in the
 * reincidence window of the catalog in force (`reincidenceWindowMonths`: the law is silent).
 */
import { catalogAt } from '$lib/profile/offenses';
import { zonedInstant, type LocalDate } from '$lib/domain/clock';
import {
	escalate,
	type ConfirmedOffense,
	type Escalation,
	type OffenseCatalog,
	type Penalty
} from '$lib/domain/offenses';
import { suspensionRangeOf } from '$lib/domain/points';
import { inForceOn, type LawRef } from '$lib/domain/profile';
import { profile } from '$lib/profile';
import type { Db } from '$lib/server/db';

/** The regime in force on a day of the municipality's calendar. */
export const regimeOf = (day: LocalDate): LawRef | null =>
	inForceOn(day, profile.laws) ?? profile.laws[0] ?? null;

/** ` (Art. 27)`, or `, Art. 27` with another opening; nothing without a citation. */
export const paren = (cite: string | null, open = ' (') =>
	cite ? (open === ' (' ? ` (${cite})` : `${open}${cite}`) : '';

/** The catalog in force on a day (its reincidence window too). */
export const catalogFor = (day: LocalDate): OffenseCatalog =>
	catalogAt(zonedInstant(day, 12 * 60, profile.timeZone));

/**
 * The provision id of a penalty's citation: 'Art. 21, I' → 'art21-I', 'Art. 5º, III' → 'art5-III'
 * (null for anything else).
 */
export function basisOfCite(cite: string): string | null {
	const m = /^Art\. (\d+)º?(?:, ([IVXLC]+))?$/.exec(cite);
	return m ? `art${m[1]}${m[2] ? `-${m[2]}` : ''}` : null;
}

/**
 * The offenses SEMAM confirmed for a vehicle (decision final, Art. 28 §2º), with the provision
 * whose penalty was applied (a fine under Art. 21, I makes an Art. 21 conduct, Art. 22, I).
 * `exceptComplaint`: leave out the autos of one complaint — one conduct is one offence, and it
 * cannot be its own repeat.
 */
export async function confirmedOffenses(
	db: Db,
	prefixo: string,
	exceptComplaint?: number
): Promise<ConfirmedOffense[]> {
	let query = db
		.selectFrom('auto_infracao')
		.select([
			'provision',
			'confirmed_on',
			'penalty',
			'penalty_cite',
			'complaint_id',
			'suspension_days'
		])
		.where('prefixo', '=', prefixo)
		.where('decision', '=', 'definitiva')
		.where('confirmed_on', 'is not', null);
	// An office-found auto has no complaint (021): it always counts.
	if (exceptComplaint !== undefined)
		query = query.where((eb) =>
			eb.or([eb('complaint_id', 'is', null), eb('complaint_id', '!=', exceptComplaint)])
		);
	const rows = await query.execute();
	return rows.map((r) => {
		const penaltyBasis = r.penalty_cite ? basisOfCite(r.penalty_cite) : null;
		const penalties = r.penalty ? (r.penalty.split('+') as Penalty[]) : [];
		return {
			article: r.provision,
			confirmedAt: r.confirmed_on ?? '',
			...(penaltyBasis ? { penaltyBasis } : {}),
			...(penalties.length ? { penalties } : {}),
			...(r.suspension_days ? { suspensionDays: r.suspension_days } : {})
		};
	});
}

/**
 * The penalty the law gives `provision` for a conduct of this vehicle on `conductDay` — the day
 * the complaint says it happened, not the day the auto is drawn up: reincidence is a new conduct
 * after the earlier penalty became final (Art. 21 I, 22 I, 25 I). The complaint's own autos are
 * left out (one conduct cannot be its own repeat).
 * @example (await penaltyFor(db, '7', 'art20-VII', '2026-12-02')).cite //=> 'Art. 21, I' (a prior Art. 20)
 */
export async function penaltyFor(
	db: Db,
	prefixo: string,
	provision: string,
	conductDay: LocalDate,
	complaintId?: number
): Promise<Escalation> {
	const catalog = catalogFor(conductDay);
	const history = await confirmedOffenses(db, prefixo, complaintId);
	return escalate(history, provision, conductDay, catalog.reincidenceWindowMonths, catalog);
}

/**
 * How many days a suspension may last, when `penalty` (an auto's, `multa+suspensao`) has one and
 * the catalog in force on the conduct's day has the office fix its days; else null.
 */
export function suspensionRange(
	penalty: string | null,
	conductDay: LocalDate
): { min: number; max: number; cite: string } | null {
	const penalties = (penalty?.split('+') ?? []) as Penalty[];
	return suspensionRangeOf(penalties, catalogFor(conductDay));
}

export const refuse = (field: string, message: string, status: 400 | 404 | 409 = 400) =>
	({ ok: false, status, field, message }) as const;
