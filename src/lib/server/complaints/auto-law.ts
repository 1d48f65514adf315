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
import { countingAutos } from '$lib/domain/auto-procedure';
import { inForceOn, type LawRef } from '$lib/domain/profile';
import { citeFor } from '$lib/domain/regime';
import type { RegistryEntry } from '$lib/domain/registry';
import { profile } from '$lib/profile';
import type { Db } from '$lib/server/db';
import { localDate } from './triage';

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

/** Who drove: the authorization's holder or its auxiliary driver. */
export type Driver = 'titular' | 'auxiliar';

/**
 * Whose record an auto goes on, as stored (`record_of`): `titular:<name>` — the holder's, who
 * answers for the auxiliary too — or the auxiliary's own, for a personal offence where the law in
 * force says so (its `auxiliaryRecord` role): `auxiliar:cnh:<11 digits>` when the registry holds
 * the auxiliary's CNH (two people with one name never share a record), else `auxiliar:<name>` (as
 * records were kept before the CNH, still read as they are); null without a registry entry.
 */
export function recordOf(
	entry: Pick<RegistryEntry, 'titular' | 'condutorAuxiliar' | 'auxiliarCnh'> | null,
	driver: Driver,
	personal: boolean,
	regime: LawRef | null
): string | null {
	if (!entry) return null;
	if (
		driver === 'auxiliar' &&
		personal &&
		entry.condutorAuxiliar &&
		citeFor(regime, 'auxiliaryRecord')
	)
		return entry.auxiliarCnh
			? `auxiliar:cnh:${entry.auxiliarCnh}`
			: `auxiliar:${entry.condutorAuxiliar}`;
	return `titular:${entry.titular}`;
}

/**
 * The person in a stored record, for staff: the name (`titular:Fulano` → `Fulano`), or the CNH
 * of an auxiliary's record keyed by it (`auxiliar:cnh:01234567890` → `CNH 01234567890`).
 */
export const recordName = (record: string) => {
	const rest = record.slice(record.indexOf(':') + 1);
	return record.startsWith('auxiliar:cnh:') ? `CNH ${rest.slice('cnh:'.length)}` : rest;
};

/**
 * The name-keyed record (`auxiliar:<name>`) of the auxiliary whose CNH is `cnh` on this vehicle in
 * the latest snapshot, or null: autos issued before the registry held the CNH were kept by name.
 */
async function nameKeyedRecord(db: Db, prefixo: string, cnh: string): Promise<string | null> {
	const row = await db
		.selectFrom('registry_entry')
		.select('condutor_auxiliar')
		.where('prefixo', '=', prefixo)
		.where('auxiliar_cnh', '=', cnh)
		.where(
			'snapshot_version',
			'=',
			db.selectFrom('registry_snapshot').select((eb) => eb.fn.max('version').as('v'))
		)
		.executeTakeFirst();
	return row?.condutor_auxiliar ? `auxiliar:${row.condutor_auxiliar}` : null;
}

/**
 * The offenses SEMAM confirmed for a vehicle (decision final, Art. 28 §2º), with the provision
 * whose penalty was applied (a fine under Art. 21, I makes an Art. 21 conduct, Art. 22, I), the
 * day of the conduct (a law may count a repeat from the first commission), the day the penalty was
 * imposed (a register's anotação) and the law it was judged by (the catalog in force on the
 * conduct's day: a later law never re-reads it) — of one person's `record` (see `recordOf`), or,
 * without one, the vehicle's. `exceptComplaint`: leave out the autos of one
 * complaint — one conduct is one offence, and it cannot be its own repeat. An auxiliary's record
 * keyed by CNH also reads the autos kept by the auxiliary's name on this vehicle before the
 * registry held the CNH (`recordOf`).
 */
export async function confirmedOffenses(
	db: Db,
	prefixo: string,
	exceptComplaint?: number,
	record: string | null = null
): Promise<(ConfirmedOffense & { law: string; record: string | null })[]> {
	const byName = record?.startsWith('auxiliar:cnh:')
		? await nameKeyedRecord(db, prefixo, record.slice('auxiliar:cnh:'.length))
		: null;
	let query = db
		.selectFrom('auto_infracao')
		// An office-found auto (021) has no complaint: its conduct's instant is its own.
		.leftJoin('complaint', 'complaint.id', 'auto_infracao.complaint_id')
		.select([
			'auto_infracao.provision',
			'auto_infracao.confirmed_on',
			'auto_infracao.decided_on',
			'auto_infracao.penalty',
			'auto_infracao.penalty_cite',
			'auto_infracao.suspension_days',
			'auto_infracao.record_of',
			'auto_infracao.notified_on'
		])
		.select((eb) =>
			eb.fn
				.coalesce('auto_infracao.occurred_at', 'complaint.occurred_at')
				.$castTo<string>()
				.as('occurred_at')
		)
		// A person's record: the holder's on this vehicle (never an earlier holder's — a transfer on
		// death does not pass the record on), the auxiliary's own wherever they drove; earlier autos,
		// with no record, stay the vehicle's.
		.where((eb) =>
			record === null
				? eb('auto_infracao.prefixo', '=', prefixo)
				: eb.or([
						record.startsWith('auxiliar:')
							? eb.or([
									eb('auto_infracao.record_of', '=', record),
									...(byName
										? [
												eb.and([
													eb('auto_infracao.record_of', '=', byName),
													eb('auto_infracao.prefixo', '=', prefixo)
												])
											]
										: [])
								])
							: eb.and([
									eb('auto_infracao.record_of', '=', record),
									eb('auto_infracao.prefixo', '=', prefixo)
								]),
						eb.and([
							eb('auto_infracao.record_of', 'is', null),
							eb('auto_infracao.prefixo', '=', prefixo)
						])
					])
		)
		.where('auto_infracao.decision', '=', 'definitiva')
		.where('auto_infracao.confirmed_on', 'is not', null);
	// An office-found auto has no complaint (021): it always counts.
	if (exceptComplaint !== undefined)
		query = query.where((eb) =>
			eb.or([
				eb('auto_infracao.complaint_id', 'is', null),
				eb('auto_infracao.complaint_id', '!=', exceptComplaint)
			])
		);
	// An auto void for a late notice never counts, for repeats or points.
	const rows = countingAutos(
		(await query.execute()).map((r) => ({
			...r,
			conductDay: localDate(r.occurred_at),
			notifiedOn: r.notified_on
		})),
		profile.procedures
	);
	return rows.map((r) => {
		const penaltyBasis = r.penalty_cite ? basisOfCite(r.penalty_cite) : null;
		const penalties = r.penalty ? (r.penalty.split('+') as Penalty[]) : [];
		const committedOn = localDate(r.occurred_at);
		const judgedBy = catalogFor(committedOn);
		return {
			article: r.provision,
			confirmedAt: r.confirmed_on ?? '',
			committedOn,
			...(r.decided_on ? { imposedOn: r.decided_on } : {}),
			lawId: judgedBy.lawId,
			law: judgedBy.law,
			record: r.record_of,
			...(penaltyBasis ? { penaltyBasis } : {}),
			...(penalties.length ? { penalties } : {}),
			...(r.suspension_days ? { suspensionDays: r.suspension_days } : {})
		};
	});
}

/**
 * The penalty the law gives `provision` for a conduct of this vehicle on `conductDay` — the day
 * the complaint says it happened, not the day the auto is drawn up: reincidence is a new conduct
 * after the earlier penalty became final (Art. 21 I, 22 I, 25 I) — imposed on `imposedOn` (the
 * imposition's day, or today for a preview): the history is what is final then, and a points
 * register counts the window before that anotação. The complaint's own autos are left out (one
 * conduct cannot be its own repeat).
 * @example (await penaltyFor(db, '7', 'art20-VII', '2026-12-02', undefined, '2026-12-10')).cite //=> 'Art. 21, I' (a prior Art. 20)
 */
export async function penaltyFor(
	db: Db,
	prefixo: string,
	provision: string,
	conductDay: LocalDate,
	complaintId: number | undefined,
	imposedOn: LocalDate,
	record: string | null = null
): Promise<Escalation> {
	const catalog = catalogFor(conductDay);
	const history = await confirmedOffenses(db, prefixo, complaintId, record);
	return escalate(
		history,
		provision,
		conductDay,
		catalog.reincidenceWindowMonths,
		catalog,
		imposedOn < conductDay ? conductDay : imposedOn
	);
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
