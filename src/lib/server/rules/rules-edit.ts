/**
 * A gestor's changes to the rules (Art. 15–17 decrees, Art. 16 §1º decreed days), each audited in
 * the transaction that bumps the version other instances watch; entering one never changes a past date.
 */
import type { Selectable } from 'kysely';
import { wallClock, type LocalDate } from '$lib/domain/clock';
import { removable } from '$lib/domain/decrees';
import { inForceOn } from '$lib/domain/profile';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import type { DayInput, DecreeInput } from '$lib/domain/rules-form';
import type { StaffMember } from '$lib/domain/staff';
import { profile as deployed } from '$lib/profile';
import { audit, type Db, type DecreedDayTable, type TariffDecreeTable } from '$lib/server/db';
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

/** The two kinds of rule a gestor enters, each in its own table. */
type RuleTable = 'tariff_decree' | 'decreed_day';

/** Who entered a rule and when, as both tables keep it. */
type EnteredBy = { entered_by: number; entered_by_email: string; entered_at: string };

/**
 * Enters one rule: `insert` writes its row with who entered it, audited as created with `after`,
 * the note citing the provision (`role`) that allows it in the law in force then.
 */
async function enterRule<R extends { id: number }>(
	db: Db,
	rule: { table: RuleTable; role: CiteRole; after: unknown },
	staff: Who,
	at: Date,
	insert: (trx: Db, entered: EnteredBy) => Promise<R>
): Promise<R> {
	const entered = {
		entered_by: staff.id,
		entered_by_email: staff.email,
		entered_at: at.toISOString()
	};
	return changeRules(db, async (trx) => {
		const inserted = await insert(trx, entered);
		await audit(
			trx,
			{
				staff,
				action: `${rule.table}.create`,
				entity: rule.table,
				entityId: inserted.id,
				before: null,
				after: rule.after,
				note: lawNote(rule.role, at)
			},
			at
		);
		return inserted;
	});
}

/** Saves a checked decree (src/lib/domain/rules-form.ts), audited, and reloads the rules. */
export async function addDecree(
	db: Db,
	input: DecreeInput,
	staff: Who,
	at: Date = new Date()
): Promise<EnteredDecree> {
	const rule = { table: 'tariff_decree', role: 'fareDecree', after: decreeAudit(input) } as const;
	const row = await enterRule(db, rule, staff, at, (trx, entered) =>
		trx
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
				...entered
			})
			.returningAll()
			.executeTakeFirstOrThrow()
	);
	return decreeOf(row);
}

/** Saves a checked decreed day, audited, and reloads the rules (and the holiday calendar). */
export async function addDecreedDay(
	db: Db,
	input: DayInput,
	staff: Who,
	at: Date = new Date()
): Promise<EnteredDay> {
	const rule = { table: 'decreed_day', role: 'bandeiraRule', after: input } as const;
	const row = await enterRule(db, rule, staff, at, (trx, entered) =>
		trx
			.insertInto('decreed_day')
			.values({
				date: input.date,
				action: input.action,
				name: input.name,
				reference: input.reference,
				...entered
			})
			.returningAll()
			.executeTakeFirstOrThrow()
	);
	return dayOf(row);
}

/** The audit note of a rule entered: the provision that allows it, in the law in force then. */
function lawNote(role: CiteRole, at: Date): string | null {
	const regime = inForceOn(wallClock(at, deployed.timeZone).date, deployed.laws);
	const cite = citeFor(regime, role);
	return regime ? (cite ? `${cite} da ${regime.short}` : regime.short) : null;
}

export type RemoveResult = { ok: true } | { ok: false; reason: 'not_found' | 'in_force' };

/** The row `dbId` of a rule table (the same query on both), typed as that table's. */
function ruleRow(
	trx: Db,
	table: 'tariff_decree',
	dbId: number
): Promise<Selectable<TariffDecreeTable> | undefined>;
function ruleRow(
	trx: Db,
	table: 'decreed_day',
	dbId: number
): Promise<Selectable<DecreedDayTable> | undefined>;
function ruleRow(trx: Db, table: RuleTable, dbId: number) {
	return trx.selectFrom(table).selectAll().where('id', '=', dbId).executeTakeFirst();
}

/** How one kind of rule is removed: its row, its date and what the audit log keeps of it. */
interface RuleRemoval<R> {
	table: RuleTable;
	note: string;
	find: (trx: Db, dbId: number) => Promise<R | undefined>;
	removed: (row: R) => { date: LocalDate; before: unknown };
}

/**
 * The removal of a rule entered by mistake, only before its date comes (`removable`): once in
 * force, it is corrected by a new one, never erased (the audit log keeps what was removed).
 */
function removeRule<R>(kind: RuleRemoval<R>) {
	return async (
		db: Db,
		dbId: number,
		staff: Who,
		at: Date = new Date(),
		timeZone = deployed.timeZone
	): Promise<RemoveResult> => {
		const today = wallClock(at, timeZone).date;
		return changeRules(
			db,
			async (trx): Promise<RemoveResult> => {
				const row = await kind.find(trx, dbId);
				if (!row) return { ok: false, reason: 'not_found' };
				const { date, before } = kind.removed(row);
				if (!removable(date, today)) return { ok: false, reason: 'in_force' };
				await trx.deleteFrom(kind.table).where('id', '=', dbId).execute();
				await audit(
					trx,
					{
						staff,
						action: `${kind.table}.delete`,
						entity: kind.table,
						entityId: dbId,
						before,
						after: null,
						note: kind.note
					},
					at
				);
				return { ok: true };
			},
			(r) => r.ok
		);
	};
}

/** Removes a decree entered by mistake, only before it comes in force. */
export const removeDecree = removeRule({
	table: 'tariff_decree',
	note: 'Lançado por engano, removido antes da vigência',
	find: (trx, dbId) => ruleRow(trx, 'tariff_decree', dbId),
	removed: (row) => ({ date: row.valid_from, before: decreeAudit(decreeOf(row)) })
});

/** Removes a decreed day entered by mistake, only before that day comes. */
export const removeDecreedDay = removeRule({
	table: 'decreed_day',
	note: 'Lançado por engano, removido antes da data',
	find: (trx, dbId) => ruleRow(trx, 'decreed_day', dbId),
	removed: (row) => {
		const { date, action, name, reference } = dayOf(row);
		return { date, before: { date, action, name, reference } };
	}
});
