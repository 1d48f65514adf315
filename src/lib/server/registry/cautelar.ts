/**
 * Cautelar suspensions (026_cautelar_suspension; docs/api.md, "Cautelar suspensions"): where the
 * law in force has one (the regime's `registry.cautelar`), an office-found auto for one of its
 * offences suspends the vehicle's authorization in flagrante, for as long as the auto's procedure
 * lasts. The riders' verdict says IRREGULAR at once (the server reads the live table), and every
 * snapshot of /api/registry lists the suspensions in force (`suspensions`, covered by the
 * snapshot's signature) — without a new publication of the registry. The auto's decision (or its
 * becoming final, as the regime says) ends it, in the same transaction as the step; both are
 * audited.
 */
import type { Selectable } from 'kysely';
import { voidForNotice } from '$lib/domain/auto-procedure';
import { wallClock, type LocalDate } from '$lib/domain/clock';
import { citeOf } from '$lib/domain/offenses';
import { inForceOn, registryRulesOn, type Procedure } from '$lib/domain/profile';
import type { CautelarRule, CautelarSuspension, StaffSuspension } from '$lib/domain/registry';
import { profile } from '$lib/profile';
import { audit, type CautelarSuspensionTable, type Db } from '$lib/server/db';

/** The cautelar suspension the law in force on `day` has, or null. */
export const cautelarRuleOn = (day: LocalDate): CautelarRule | null =>
	registryRulesOn(day, profile.registryRules)?.cautelar ?? null;

/** Which cautelar suspension the law in force on a day has (the profile's, unless told). */
export type CautelarLaw = (day: LocalDate) => CautelarRule | null;

/** Whether the law in force on `day` suspends in flagrante for `provision`. */
export function cautelarFor(
	day: LocalDate,
	provision: string,
	law: CautelarLaw = cautelarRuleOn
): CautelarRule | null {
	const rule = law(day);
	return rule && rule.provisions.includes(provision) ? rule : null;
}

/**
 * Records the suspension an office-found auto brings (inside the auto's own transaction), with its
 * audit row; nothing when the law in force on the conduct's day has none for that offence.
 */
export async function startCautelar(
	trx: Db,
	staff: { id: number; email: string },
	auto: { number: string; prefixo: string; provision: string; day: LocalDate },
	now: Date,
	law: CautelarLaw = cautelarRuleOn
): Promise<boolean> {
	const rule = cautelarFor(auto.day, auto.provision, law);
	if (!rule) return false;
	await trx
		.insertInto('cautelar_suspension')
		.values({
			auto_number: auto.number,
			prefixo: auto.prefixo,
			provision: auto.provision,
			cite: rule.cite,
			since: auto.day,
			started_at: now.toISOString(),
			ended_on: null,
			ended_by: null
		})
		.execute();
	await audit(
		trx,
		{
			staff,
			action: 'cautelar.suspensao',
			entity: 'registry_entry',
			entityId: auto.prefixo,
			after: { auto: auto.number, provision: auto.provision, cite: rule.cite, since: auto.day }
		},
		now
	);
	return true;
}

/** The steps of an auto that end its cautelar suspension, by what the regime says ends it. */
const ENDING: Record<CautelarRule['endsWith'], readonly string[]> = {
	decision: ['imposta', 'cancelada'],
	final: ['definitiva', 'cancelada']
};

/**
 * Ends the suspension of auto `number` when `step` (recorded on `on`) is what ends it under the
 * law it began under (inside the step's transaction), with its audit row. True when it ended.
 */
export async function endCautelar(
	trx: Db,
	staff: { id: number; email: string },
	number: string,
	step: string,
	on: LocalDate,
	now: Date,
	law: CautelarLaw = cautelarRuleOn
): Promise<boolean> {
	const row = await trx
		.selectFrom('cautelar_suspension')
		.select(['prefixo', 'since', 'cite'])
		.where('auto_number', '=', number)
		.where('ended_on', 'is', null)
		.executeTakeFirst();
	if (!row) return false;
	const endsWith = law(row.since)?.endsWith ?? 'decision';
	if (!ENDING[endsWith].includes(step)) return false;
	await trx
		.updateTable('cautelar_suspension')
		.set({ ended_on: on, ended_by: step })
		.where('auto_number', '=', number)
		.execute();
	await audit(
		trx,
		{
			staff,
			action: 'cautelar.encerrada',
			entity: 'registry_entry',
			entityId: row.prefixo,
			before: { auto: number, since: row.since, cite: row.cite },
			after: { endedOn: on, by: step }
		},
		now
	);
	return true;
}

/** The dated procedures (the notice's limit): the profile's, unless told. */
type Procedures = readonly Procedure[];

/**
 * Whether the auto behind a suspension is void on `day` for want of a notice in time, where the
 * law voids it (Feira, Art. 55 §1º): its procedure is over, and the suspension with it — even
 * before the office records the auto's cancellation.
 */
const voidOn = (
	row: { since: LocalDate; notified_on: LocalDate | null },
	day: LocalDate,
	procedures: Procedures
) =>
	voidForNotice(
		{ conductDay: row.since, notifiedOn: row.notified_on },
		day,
		inForceOn(row.since, procedures)
	);

/** The suspension rows with their auto's notice. */
const withNotice = (db: Db) =>
	db
		.selectFrom('cautelar_suspension')
		.leftJoin('auto_infracao', 'auto_infracao.number', 'cautelar_suspension.auto_number')
		.select([
			'cautelar_suspension.prefixo',
			'cautelar_suspension.since',
			'cautelar_suspension.ended_on',
			'auto_infracao.notified_on'
		]);

/**
 * The suspensions in force on `day` (today on the municipality's clock), one per vehicle (the
 * earliest), by prefix — what /api/registry publishes and the verdicts read.
 */
export async function activeSuspensions(
	db: Db,
	day: LocalDate = wallClock(new Date(), profile.timeZone).date,
	procedures: Procedures = profile.procedures
): Promise<CautelarSuspension[]> {
	const rows = await withNotice(db)
		.where('cautelar_suspension.ended_on', 'is', null)
		.orderBy('cautelar_suspension.prefixo')
		.orderBy('cautelar_suspension.since')
		.execute();
	const seen = new Set<string>();
	return rows
		.filter((r) => !voidOn(r, day, procedures) && !seen.has(r.prefixo) && seen.add(r.prefixo))
		.map(({ prefixo, since }) => ({ prefixo, since }));
}

/**
 * The suspension in force on one vehicle on `day` (the earliest), or null: begun by then, not
 * ended before it (the day of the decision that ends it no longer counts), its auto not void.
 */
export async function suspensionOn(
	db: Db,
	prefixo: string,
	day: LocalDate,
	procedures: Procedures = profile.procedures
): Promise<CautelarSuspension | null> {
	const rows = await withNotice(db)
		.where('cautelar_suspension.prefixo', '=', prefixo)
		.where('cautelar_suspension.since', '<=', day)
		.where((eb) =>
			eb.or([
				eb('cautelar_suspension.ended_on', 'is', null),
				eb('cautelar_suspension.ended_on', '>', day)
			])
		)
		.orderBy('cautelar_suspension.since')
		.execute();
	const row = rows.find((r) => !voidOn(r, day, procedures));
	return row ? { prefixo: row.prefixo, since: row.since } : null;
}

const forStaff =
	(today: LocalDate, procedures: Procedures) =>
	(
		r: Selectable<CautelarSuspensionTable> & { notified_on: LocalDate | null }
	): StaffSuspension => ({
		autoNumber: r.auto_number,
		prefixo: r.prefixo,
		provisionCite: citeOf(r.provision),
		cite: r.cite,
		since: r.since,
		endedOn: r.ended_on,
		endedBy: r.ended_by,
		voided: !r.ended_on && voidOn(r, today, procedures),
		until: cautelarRuleOn(r.since)?.until['pt-BR'] ?? ''
	});

const staffRows = (db: Db) =>
	db
		.selectFrom('cautelar_suspension')
		.leftJoin('auto_infracao', 'auto_infracao.number', 'cautelar_suspension.auto_number')
		.selectAll('cautelar_suspension')
		.select('auto_infracao.notified_on');

/** Every suspension of one vehicle, in force or ended, newest first — for staff. */
export async function vehicleSuspensions(
	db: Db,
	prefixo: string,
	today: LocalDate = wallClock(new Date(), profile.timeZone).date,
	procedures: Procedures = profile.procedures
): Promise<StaffSuspension[]> {
	const rows = await staffRows(db)
		.where('cautelar_suspension.prefixo', '=', prefixo)
		.orderBy('cautelar_suspension.started_at', 'desc')
		.execute();
	return rows.map(forStaff(today, procedures));
}

/** The suspension an auto brought, or null — for staff. */
export async function autoSuspension(
	db: Db,
	number: string,
	today: LocalDate = wallClock(new Date(), profile.timeZone).date,
	procedures: Procedures = profile.procedures
): Promise<StaffSuspension | null> {
	const row = await staffRows(db)
		.where('cautelar_suspension.auto_number', '=', number)
		.executeTakeFirst();
	return row ? forStaff(today, procedures)(row) : null;
}
