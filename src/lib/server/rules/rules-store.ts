/**
 * Tariff decrees (Art. 15–17) and decreed days (Art. 16 §1º) a gestor enters, composed with the
 * profile's into the rules every page and API answers with.
 *
 * Each instance keeps the composed rules in memory and asks the database for the one-row version
 * counter at most once per `RULES_RECHECK_MS`: a change made on another instance shows up within a
 * second, without reading the tables on every request. A change made here reloads at once.
 * Rules act from their date (`validFrom`, `date`); entering one never changes a past date.
 */
import type { Selectable } from 'kysely';
import type { BandeiraContext } from '$lib/domain/bandeira';
import { wallClock, type LocalDate } from '$lib/domain/clock';
import { effectiveDecreedDays, effectiveDecrees, removable } from '$lib/domain/decrees';
import { holidayService, type HolidayService } from '$lib/domain/holiday-source';
import type { DecreedDay } from '$lib/domain/holidays';
import { inForceOn, type Profile } from '$lib/domain/profile';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import type { DayInput, DecreeInput } from '$lib/domain/rules-form';
import type { StaffMember } from '$lib/domain/staff';
import type { Surcharge, TariffDecree } from '$lib/domain/tariff';
import { profile as deployed } from '$lib/profile';
import { audit, type Db, type DecreedDayTable, type TariffDecreeTable } from '$lib/server/db';

export interface EffectiveRules {
	/** The counter the rules were read at (0: nothing entered yet). */
	version: number;
	/** Profile and entered decrees; sample tables end where the first real decree starts. */
	decrees: readonly TariffDecree[];
	/** Profile and entered decreed days. */
	decreedDays: readonly DecreedDay[];
	/** The holiday calendar with the decreed days applied. */
	holidays: HolidayService;
	bandeiraContext: BandeiraContext;
}

/** A decree entered in the database, with who entered it. */
export interface EnteredDecree extends TariffDecree {
	dbId: number;
	enteredBy: string | null;
	enteredAt: string;
}

export interface EnteredDay extends DecreedDay {
	dbId: number;
	enteredBy: string | null;
	enteredAt: string;
}

/** How long cached rules are trusted before asking the database whether they changed. */
export const RULES_RECHECK_MS = 1000;

/** The id riders and the API see for an entered decree. */
export const decreeId = (dbId: number) => `decreto-${dbId}`;

function decreeOf(r: Selectable<TariffDecreeTable>): EnteredDecree {
	const flag = (flagfall: number, perKm: number | null) =>
		perKm === null ? { flagfall } : { flagfall, perKm };
	return {
		id: decreeId(r.id),
		dbId: r.id,
		reference: r.reference,
		validFrom: r.valid_from,
		sample: false,
		...(r.note ? { note: r.note } : {}),
		bandeiras: { 1: flag(r.flagfall_1, r.per_km_1), 2: flag(r.flagfall_2, r.per_km_2) },
		surcharges: JSON.parse(r.surcharges) as Surcharge[],
		enteredBy: r.entered_by_email,
		enteredAt: r.entered_at
	};
}

function dayOf(r: Selectable<DecreedDayTable>): EnteredDay {
	return {
		dbId: r.id,
		date: r.date,
		action: r.action === 'remove' || r.action === 'close' ? r.action : 'add',
		name: r.name,
		reference: r.reference,
		enteredBy: r.entered_by_email,
		enteredAt: r.entered_at
	};
}

/** The entered decrees, oldest date first. */
export async function enteredDecrees(db: Db): Promise<EnteredDecree[]> {
	const rows = await db.selectFrom('tariff_decree').selectAll().orderBy('valid_from').execute();
	return rows.map(decreeOf);
}

/** The entered decreed days, by date. */
export async function enteredDays(db: Db): Promise<EnteredDay[]> {
	const rows = await db.selectFrom('decreed_day').selectAll().orderBy('date').execute();
	return rows.map(dayOf);
}

export async function rulesVersion(db: Db): Promise<number> {
	const row = await db
		.selectFrom('rules_version')
		.select('version')
		.where('id', '=', 1)
		.executeTakeFirst();
	return row?.version ?? 0;
}

/** The profile's days plus `entered`, as the holiday profile the calendar composes. */
function profileWith(base: Profile, days: readonly DecreedDay[]): Profile {
	return { ...base, holidays: { ...base.holidays, decreedDays: days } };
}

/**
 * Composes the rules; reuses `previous`'s holiday service when the days did not change (its
 * memoized years stay valid), so a new decree does not rebuild the calendar.
 */
export function composeRules(
	base: Profile,
	version: number,
	decrees: readonly TariffDecree[],
	days: readonly DecreedDay[],
	previous?: EffectiveRules
): EffectiveRules {
	const decreedDays = effectiveDecreedDays(base.holidays.decreedDays, days);
	const same = previous && JSON.stringify(previous.decreedDays) === JSON.stringify(decreedDays);
	const holidays = same ? previous.holidays : holidayService(profileWith(base, decreedDays));
	return {
		version,
		decrees: effectiveDecrees(base.tariffDecrees, decrees),
		decreedDays,
		holidays,
		bandeiraContext: {
			timeZone: base.timeZone,
			rules: base.bandeiraRules,
			calendar: holidays.calendar
		}
	};
}

/** Reads everything (one consistent read) and composes it. */
export async function loadRules(
	db: Db,
	base: Profile = deployed,
	previous?: EffectiveRules
): Promise<EffectiveRules> {
	const read = async (trx: Db) => {
		const version = await rulesVersion(trx);
		const [decrees, days] = await Promise.all([enteredDecrees(trx), enteredDays(trx)]);
		return { version, decrees, days };
	};
	const { version, decrees, days } = await db.transaction().execute((trx) => read(trx));
	const plain = days.map(({ date, action, name, reference }) => ({
		date,
		action,
		name,
		reference
	}));
	return composeRules(base, version, decrees, plain, previous);
}

interface CacheState {
	rules: EffectiveRules | null;
	checkedAt: number;
	pending: Promise<EffectiveRules> | null;
}

const caches = new WeakMap<Db, CacheState>();

function stateOf(db: Db): CacheState {
	let state = caches.get(db);
	if (!state) {
		state = { rules: null, checkedAt: -Infinity, pending: null };
		caches.set(db, state);
	}
	return state;
}

/**
 * The rules in force for this request: cached, the version counter re-read at most once per
 * second, the tables only when it moved. Concurrent callers share one round trip.
 */
export function currentRules(db: Db, now: number = Date.now()): Promise<EffectiveRules> {
	const s = stateOf(db);
	if (s.pending) return s.pending;
	if (s.rules && now - s.checkedAt < RULES_RECHECK_MS) return Promise.resolve(s.rules);
	s.pending = (async () => {
		try {
			const version = await rulesVersion(db);
			if (!s.rules || version !== s.rules.version)
				s.rules = await loadRules(db, deployed, s.rules ?? undefined);
			s.checkedAt = now;
			return s.rules;
		} finally {
			s.pending = null;
		}
	})();
	return s.pending;
}

/** Forgets the cached rules of `db`: the next `currentRules` reads the database. */
export function invalidateRules(db: Db): void {
	const s = stateOf(db);
	s.checkedAt = -Infinity;
}

/** The rules last read for `db` without waiting (null before the first read). */
export function cachedRules(db: Db): EffectiveRules | null {
	return caches.get(db)?.rules ?? null;
}

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
