/**
 * A gestor's changes to the rules (Art. 15–17 decrees, Art. 16 §1º decreed days), each audited in
 * the transaction that bumps the version other instances watch; entering one never changes a past date.
 */
import { wallClock, type LocalDate } from '$lib/domain/clock';
import { removable } from '$lib/domain/decrees';
import { inForceOn } from '$lib/domain/profile';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import type { DayInput, DecreeInput } from '$lib/domain/rules-form';
import type { StaffMember } from '$lib/domain/staff';
import { profile as deployed } from '$lib/profile';
import { audit, type Db } from '$lib/server/db';
import { dayOf, decreeOf, type EnteredDay, type EnteredDecree } from './entered';
import { invalidateRules } from './rules-store';

async function bump(trx: Db): Promise<void> {
	await trx
		.updateTable('rules_version')
		.set((eb) => ({ version: eb('version', '+', 1) }))
		.where('id', '=', 1)
		.execute();
}

/**
 * One change of the rules: `work` (the write and its audit row) in a transaction that also bumps
 * the version other instances watch — when `changed` says something did change — then this
 * instance's cache is dropped so the next request reads the new rules.
 */
async function changeRules<T>(
	db: Db,
	work: (trx: Db) => Promise<T>,
	changed: (result: T) => boolean = () => true
): Promise<T> {
	const result = await db.transaction().execute(async (trx) => {
		const done = await work(trx);
		if (changed(done)) await bump(trx);
		return done;
	});
	invalidateRules(db);
	return result;
}

type Who = Pick<StaffMember, 'id' | 'email'>;

/** What the audit log keeps of a decree (the values the riders will be charged). */
const decreeAudit = (d: DecreeInput) => ({
	reference: d.reference,
	validFrom: d.validFrom,
	bandeiras: d.bandeiras,
	surcharges: d.surcharges,
	note: d.note ?? null
});

/** Saves a checked decree (src/lib/domain/rules-form.ts), audited, and reloads the rules. */
export async function addDecree(
	db: Db,
	input: DecreeInput,
	staff: Who,
	at: Date = new Date()
): Promise<EnteredDecree> {
	const row = await changeRules(db, async (trx) => {
		const inserted = await trx
			.insertInto('tariff_decree')
			.values({
				reference: input.reference,
				valid_from: input.validFrom,
				// A gestor's decree sets both bandeiras (the form requires them).
				flagfall_1: input.bandeiras[1]?.flagfall ?? 0,
				flagfall_2: input.bandeiras[2]?.flagfall ?? 0,
				per_km_1: input.bandeiras[1]?.perKm ?? null,
				per_km_2: input.bandeiras[2]?.perKm ?? null,
				surcharges: JSON.stringify(input.surcharges),
				note: input.note ?? null,
				entered_by: staff.id,
				entered_by_email: staff.email,
				entered_at: at.toISOString()
			})
			.returningAll()
			.executeTakeFirstOrThrow();
		await audit(
			trx,
			{
				staff,
				action: 'tariff_decree.create',
				entity: 'tariff_decree',
				entityId: inserted.id,
				before: null,
				after: decreeAudit(input),
				note: lawNote('fareDecree', at)
			},
			at
		);
		return inserted;
	});
	return decreeOf(row);
}

/** The audit note of a rule entered: the provision that allows it, in the law in force then. */
function lawNote(role: CiteRole, at: Date): string | null {
	const regime = inForceOn(wallClock(at, deployed.timeZone).date, deployed.laws);
	const cite = citeFor(regime, role);
	return regime ? (cite ? `${cite} da ${regime.short}` : regime.short) : null;
}

export type RemoveResult = { ok: true } | { ok: false; reason: 'not_found' | 'in_force' };

/**
 * Removes a decree entered by mistake, only before its date comes (`removable`): once in force,
 * it is corrected by a new decree, never erased (the audit log keeps what was removed).
 */
export async function removeDecree(
	db: Db,
	dbId: number,
	staff: Who,
	at: Date = new Date(),
	timeZone = deployed.timeZone
): Promise<RemoveResult> {
	const today = wallClock(at, timeZone).date;
	return changeRules(
		db,
		async (trx): Promise<RemoveResult> => {
			const row = await trx
				.selectFrom('tariff_decree')
				.selectAll()
				.where('id', '=', dbId)
				.executeTakeFirst();
			if (!row) return { ok: false, reason: 'not_found' };
			if (!removable(row.valid_from, today)) return { ok: false, reason: 'in_force' };
			await trx.deleteFrom('tariff_decree').where('id', '=', dbId).execute();
			await audit(
				trx,
				{
					staff,
					action: 'tariff_decree.delete',
					entity: 'tariff_decree',
					entityId: dbId,
					before: decreeAudit(decreeOf(row)),
					after: null,
					note: 'Lançado por engano, removido antes da vigência'
				},
				at
			);
			return { ok: true };
		},
		(r) => r.ok
	);
}

/** Saves a checked decreed day, audited, and reloads the rules (and the holiday calendar). */
export async function addDecreedDay(
	db: Db,
	input: DayInput,
	staff: Who,
	at: Date = new Date()
): Promise<EnteredDay> {
	const row = await changeRules(db, async (trx) => {
		const inserted = await trx
			.insertInto('decreed_day')
			.values({
				date: input.date,
				action: input.action,
				name: input.name,
				reference: input.reference,
				entered_by: staff.id,
				entered_by_email: staff.email,
				entered_at: at.toISOString()
			})
			.returningAll()
			.executeTakeFirstOrThrow();
		await audit(
			trx,
			{
				staff,
				action: 'decreed_day.create',
				entity: 'decreed_day',
				entityId: inserted.id,
				before: null,
				after: input,
				note: lawNote('bandeiraRule', at)
			},
			at
		);
		return inserted;
	});
	return dayOf(row);
}

/** Removes a decreed day entered by mistake, only before that day comes. */
export async function removeDecreedDay(
	db: Db,
	dbId: number,
	staff: Who,
	at: Date = new Date(),
	timeZone = deployed.timeZone
): Promise<RemoveResult> {
	const today: LocalDate = wallClock(at, timeZone).date;
	return changeRules(
		db,
		async (trx): Promise<RemoveResult> => {
			const row = await trx
				.selectFrom('decreed_day')
				.selectAll()
				.where('id', '=', dbId)
				.executeTakeFirst();
			if (!row) return { ok: false, reason: 'not_found' };
			if (!removable(row.date, today)) return { ok: false, reason: 'in_force' };
			await trx.deleteFrom('decreed_day').where('id', '=', dbId).execute();
			const { date, action, name, reference } = dayOf(row);
			await audit(
				trx,
				{
					staff,
					action: 'decreed_day.delete',
					entity: 'decreed_day',
					entityId: dbId,
					before: { date, action, name, reference },
					after: null,
					note: 'Lançado por engano, removido antes da data'
				},
				at
			);
			return { ok: true };
		},
		(r) => r.ok
	);
}
