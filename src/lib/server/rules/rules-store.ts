/**
 * The rules in force: the profile's composed with the decrees and decreed days a gestor entered
 * (./entered.ts, changed through ./rules-edit.ts), the rules every page and API answers with.
 *
 * Each instance keeps the composed rules in memory and asks the database for the one-row version
 * counter at most once per `RULES_RECHECK_MS`: a change made on another instance shows up within a
 * second, without reading the tables on every request. A change made here reloads at once.
 */
import type { BandeiraContext } from '$lib/domain/bandeira';
import { effectiveDecreedDays, effectiveDecrees } from '$lib/domain/decrees';
import { holidayService, type HolidayService } from '$lib/domain/holiday-source';
import type { DecreedDay } from '$lib/domain/holidays';
import type { Profile } from '$lib/domain/profile';
import type { TariffDecree } from '$lib/domain/tariff';
import { profile as deployed } from '$lib/profile';
import type { Db } from '$lib/server/db';
import { enteredDays, enteredDecrees } from './entered';

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

/** How long cached rules are trusted before asking the database whether they changed. */
export const RULES_RECHECK_MS = 1000;

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
