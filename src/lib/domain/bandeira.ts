/**
 * Which bandeira applies at an instant (Lei 2.059/2011, Art. 16), why, and for how long.
 *
 * Art. 16 §1º: bandeira II at night, on Sundays and on holidays; otherwise bandeira I.
 * Art. 16 §2º: night is from 20:00 of one day to 05:00 of the next.
 * The rule itself is dated data (`BandeiraRule`), so a new law changes the profile, not this code:
 * another municipality's night window (Porto Velho: 20:00 to 06:00) or whole days (its Saturdays)
 * are data too.
 */
import {
	addDays,
	minutesOf,
	weekdayOf,
	wallClock,
	zonedInstant,
	type LocalDate,
	type WallClock
} from './clock';
import type { Holiday, HolidayCalendar } from './holidays';

export type Flag = 1 | 2;

/** The bandeira rule of one law, in force from `validFrom` (local date) until the next one. */
export interface BandeiraRule {
	validFrom: LocalDate;
	/** The law the rule comes from, e.g. `Lei 2.059/2011`. */
	law: string;
	/** Law id for links to /lei (`lei-2059-2011`). */
	lawId: string;
	/** Night window, local `HH:MM`; `start` > `end` means it crosses midnight. */
	night: { start: string; end: string; cite: string };
	sundays: { cite: string } | null;
	/** Saturdays all day as bandeira II, where the law or decree says so (Porto Velho's does). */
	saturdays?: { cite: string } | null;
	holidays: { cite: string } | null;
	/** Where the rule as a whole is written. */
	cite: string;
	/** Where the law says the fares are fixed by decree (the regime's `fareDecree`), if it does. */
	fareCite?: string;
}

export type Reason =
	| { kind: 'night'; start: string; end: string; cite: string }
	| { kind: 'saturday'; cite: string }
	| { kind: 'sunday'; cite: string }
	| { kind: 'holiday'; holiday: Holiday; cite: string };

export interface Bandeira {
	flag: Flag;
	/** Every reason for bandeira II that holds at the instant (empty for bandeira I). */
	reasons: Reason[];
	/** When the current bandeira began (null if it began before the first rule or too long ago). */
	since: Date | null;
	/** The next instant the bandeira changes (null if not within a year). */
	until: Date | null;
	/** The municipality's wall clock at the instant. */
	local: WallClock;
	rule: BandeiraRule;
}

export interface BandeiraContext {
	timeZone: string;
	rules: readonly BandeiraRule[];
	calendar: HolidayCalendar;
}

/** The rule in force on a local date, or null before the first one. */
export function ruleOn(date: LocalDate, rules: readonly BandeiraRule[]): BandeiraRule | null {
	let found: BandeiraRule | null = null;
	for (const r of rules)
		if (r.validFrom <= date && (!found || r.validFrom > found.validFrom)) found = r;
	return found;
}

function inNight(minutes: number, rule: BandeiraRule): boolean {
	const start = minutesOf(rule.night.start);
	const end = minutesOf(rule.night.end);
	return start > end ? minutes >= start || minutes < end : minutes >= start && minutes < end;
}

function reasonsAt(
	date: LocalDate,
	minutes: number,
	weekday: number,
	rule: BandeiraRule,
	calendar: HolidayCalendar
): Reason[] {
	const reasons: Reason[] = [];
	if (inNight(minutes, rule)) {
		reasons.push({
			kind: 'night',
			start: rule.night.start,
			end: rule.night.end,
			cite: rule.night.cite
		});
	}
	if (rule.saturdays && weekday === 6)
		reasons.push({ kind: 'saturday', cite: rule.saturdays.cite });
	if (rule.sundays && weekday === 0) reasons.push({ kind: 'sunday', cite: rule.sundays.cite });
	if (rule.holidays) {
		for (const holiday of calendar.holidaysOn(date)) {
			reasons.push({ kind: 'holiday', holiday, cite: rule.holidays.cite });
		}
	}
	return reasons;
}

/** A point on the municipality's calendar: a date and minutes after midnight. */
interface Point {
	date: LocalDate;
	minutes: number;
}

/** The instants within a day at which the flag may change: midnight and the night window edges. */
function marksOf(rule: BandeiraRule): number[] {
	return [...new Set([0, minutesOf(rule.night.start), minutesOf(rule.night.end)])].sort(
		(a, b) => a - b
	);
}

/** 400 days of boundaries is more than any run of Sundays, holidays and nights can last. */
const MAX_STEPS = 400 * 3;

/**
 * Bandeira in force at `at`, judged by Rolim de Moura's wall clock (Art. 16).
 * Bandeira II from 20:00 to 05:00 (§2º), on Sundays and on holidays (§1º); otherwise I.
 * Returns null before the first rule in the profile (the law was not yet in force).
 * @example bandeiraAt(new Date('2026-12-07T20:00:00-04:00'), ctx)?.flag //=> 2
 * @example bandeiraAt(new Date('2026-12-05T21:00:00-04:00'), ctx)?.until //=> 2026-12-07T09:00:00.000Z (Monday 05:00)
 */
export function bandeiraAt(at: Date, ctx: BandeiraContext): Bandeira | null {
	const local = wallClock(at, ctx.timeZone);
	const rule = ruleOn(local.date, ctx.rules);
	if (!rule) return null;

	const flagAt = (p: Point): Flag | null => {
		const r = ruleOn(p.date, ctx.rules);
		if (!r) return null;
		return reasonsAt(p.date, p.minutes, weekdayOf(p.date), r, ctx.calendar).length ? 2 : 1;
	};
	const nextMark = (p: Point): Point => {
		const r = ruleOn(p.date, ctx.rules) ?? rule;
		const m = marksOf(r).find((x) => x > p.minutes);
		return m === undefined
			? { date: addDays(p.date, 1), minutes: 0 }
			: { date: p.date, minutes: m };
	};
	const prevMark = (p: Point): Point => {
		const r = ruleOn(p.date, ctx.rules) ?? rule;
		const m = marksOf(r)
			.filter((x) => x < p.minutes)
			.pop();
		if (m !== undefined) return { date: p.date, minutes: m };
		const prevDate = addDays(p.date, -1);
		const pr = ruleOn(prevDate, ctx.rules) ?? rule;
		return { date: prevDate, minutes: marksOf(pr).at(-1) ?? 0 };
	};
	const instant = (p: Point) => zonedInstant(p.date, p.minutes, ctx.timeZone);

	const reasons = reasonsAt(local.date, local.minutes, local.weekday, rule, ctx.calendar);
	const flag: Flag = reasons.length ? 2 : 1;

	// Start of the segment holding `at`: the last mark at or before the local time.
	const marks = marksOf(rule);
	let start: Point = {
		date: local.date,
		minutes: marks.filter((m) => m <= local.minutes).pop() ?? 0
	};
	let since: Date | null = null;
	for (let i = 0; i < MAX_STEPS; i++) {
		const before = prevMark(start);
		if (flagAt(before) !== flag) {
			since = instant(start);
			break;
		}
		start = before;
	}

	let until: Date | null = null;
	let p: Point = { date: local.date, minutes: local.minutes };
	for (let i = 0; i < MAX_STEPS; i++) {
		p = nextMark(p);
		if (flagAt(p) !== flag) {
			until = instant(p);
			break;
		}
	}

	return { flag, reasons, since, until, local, rule };
}
