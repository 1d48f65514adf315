/**
 * The holiday calendar that Art. 16 §1º ("feriados") counts for bandeira II.
 *
 * Only legal holidays count: national and Rondônia state holidays (from date-holidays on the
 * server, matched to the act that created each one), Rolim de Moura's municipal holidays and days
 * a decree adds or removes — all of them profile data. "Ponto facultativo" days (Carnaval, Ash
 * Wednesday, Corpus Christi, the afternoons of 24 and 31 Dec) are listed separately and do not
 * count, unless a decreed day in the profile says otherwise.
 *
 * This module is pure: it composes data. The date-holidays adapter is holiday-source.ts, which
 * browser code may not import (ESLint), so the library never reaches the browser; the browser
 * receives composed years as data.
 */
import { addDays, parseLocalDate, type LocalDate } from './clock';

export type HolidayScope = 'national' | 'state' | 'municipal' | 'decreed';

/** A name in the rider's other languages, where the source has one (pt-BR is `name`). */
export type OtherNames = Partial<Record<'es' | 'en', string>>;

export interface Holiday {
	date: LocalDate;
	name: string;
	names?: OtherNames;
	scope: HolidayScope;
	/** The act that makes the day a holiday (or the decree that adds it). */
	source: string;
}

/** A day off for public offices only: it is not a holiday and gives bandeira I by day. */
export interface Facultativo {
	date: LocalDate;
	name: string;
	names?: OtherNames;
	source: string;
	/** Only part of the day (Ash Wednesday until 14:00, 24 Dec from 14:00): the office opens. */
	partial?: boolean;
}

/** A day the office does not open: a full-day ponto facultativo, or a day a decree closes it. */
export interface Closure {
	date: LocalDate;
	name: string;
	source: string;
}

/** One entry as the holiday library reports it, before the profile judges it. */
export interface BaseHoliday {
	date: LocalDate;
	/** The library's rule, e.g. `01-01`, `easter -2`, `12-24 14:00`: stable across years. */
	rule: string;
	name: string;
	/** The library's es/en names, where they differ from the Portuguese one. */
	names?: OtherNames;
	type: 'public' | 'bank' | 'optional' | 'school' | 'observance';
}

export interface LegalHolidayRule {
	/** `municipal` for a religious holiday a municipal law declares (Lei 9.093/1995, art. 2º). */
	scope: 'national' | 'state' | 'municipal';
	source: string;
	/** Name to show instead of the library's, when the law names it differently. */
	name?: string;
	/** es/en names where the library has none (they win over the library's). */
	names?: OtherNames;
}

export interface MunicipalHolidayRule {
	/** `MM-DD`. */
	date: string;
	name: string;
	names?: OtherNames;
	source: string;
	/** First date it counts (`YYYY-MM-DD`), when known. */
	validFrom?: LocalDate;
}

/**
 * A date a decree adds to, or removes from, the days that count for bandeira II (`add`,
 * `remove`), or on which it closes the office without making it a holiday (`close`: deadlines do
 * not run, the bandeira does not change).
 */
export interface DecreedDay {
	date: LocalDate;
	action: 'add' | 'remove' | 'close';
	name: string;
	reference: string;
}

export interface HolidayProfile {
	/** Library rules that are legal holidays, with the act behind each. */
	legal: Readonly<Record<string, LegalHolidayRule>>;
	/** Library rules that are only "ponto facultativo", with the act that declares them. */
	facultativos: Readonly<Record<string, { name: string; names?: OtherNames; source: string }>>;
	municipal: readonly MunicipalHolidayRule[];
	decreedDays: readonly DecreedDay[];
}

export interface YearCalendar {
	year: number;
	holidays: Holiday[];
	facultativos: Facultativo[];
	/** Days the office is closed: no business day for a deadline, whatever the bandeira. */
	closures: Closure[];
	/** Library rules of type `public` the profile has no source for: a data gap to fix. */
	unsourced: string[];
}

const byDate = <T extends { date: string; name: string }>(a: T, b: T) =>
	a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name);

/**
 * Composes one year's calendar from the library's entries and the profile.
 * @example composeYear(2026, base, profile).holidays.find((h) => h.date === '2026-08-05')?.scope //=> 'municipal'
 */
export function composeYear(
	year: number,
	base: readonly BaseHoliday[],
	profile: HolidayProfile
): YearCalendar {
	const holidays: Holiday[] = [];
	const facultativos: Facultativo[] = [];
	const unsourced: string[] = [];
	const prefix = `${year}-`;

	for (const entry of base) {
		if (!entry.date.startsWith(prefix)) continue;
		const legal = profile.legal[entry.rule];
		// A day the library calls a bank holiday (Corpus Christi) is a holiday where a law of the
		// profile makes it one (Feira de Santana's Lei 851/1978).
		if (entry.type === 'public' || legal) {
			if (legal) {
				holidays.push({
					date: entry.date,
					name: legal.name ?? entry.name,
					...((entry.names || legal.names) && { names: { ...entry.names, ...legal.names } }),
					scope: legal.scope,
					source: legal.source
				});
			} else {
				unsourced.push(entry.rule);
				holidays.push({
					date: entry.date,
					name: entry.name,
					...(entry.names && { names: entry.names }),
					scope: 'national',
					source: 'date-holidays (fonte legal a confirmar)'
				});
			}
			continue;
		}
		const facultativo = profile.facultativos[entry.rule];
		// The profile names these days more precisely ("Carnaval (terça-feira)", "Quarta-feira de
		// Cinzas (até as 14h)") than the library's translations do: they keep the profile's words.
		// A rule with an hour (`easter -46 PT14H`, `12-24 14:00`) is part of a day only.
		const partial = /PT\d+H|\s\d{2}:\d{2}/.test(entry.rule);
		if (facultativo)
			facultativos.push({ date: entry.date, ...facultativo, ...(partial ? { partial } : {}) });
	}

	for (const rule of profile.municipal) {
		const date = `${year}-${rule.date}`;
		if (!parseLocalDate(date)) continue;
		if (rule.validFrom && date < rule.validFrom) continue;
		holidays.push({
			date,
			name: rule.name,
			...(rule.names && { names: rule.names }),
			scope: 'municipal',
			source: rule.source
		});
	}

	const closures: Closure[] = [];
	for (const decreed of profile.decreedDays) {
		if (!decreed.date.startsWith(prefix)) continue;
		if (decreed.action === 'close') {
			closures.push({ date: decreed.date, name: decreed.name, source: decreed.reference });
		} else if (decreed.action === 'remove') {
			for (let i = holidays.length - 1; i >= 0; i--) {
				if (holidays[i]?.date === decreed.date) holidays.splice(i, 1);
			}
		} else {
			holidays.push({
				date: decreed.date,
				name: decreed.name,
				scope: 'decreed',
				source: decreed.reference
			});
		}
	}

	// A decreed day added on a ponto facultativo makes it count; it is then no longer "facultativo".
	const counted = new Set(holidays.map((h) => h.date));
	const open = facultativos.filter((f) => !counted.has(f.date)).sort(byDate);
	for (const f of open)
		if (!f.partial) closures.push({ date: f.date, name: f.name, source: f.source });
	return {
		year,
		holidays: holidays.sort(byDate),
		facultativos: open,
		closures: closures.sort(byDate),
		unsourced
	};
}

export interface HolidayCalendar {
	/** Every holiday on that date (usually none or one). */
	holidaysOn(date: LocalDate): Holiday[];
	/** Whether the office is closed that day though it is no holiday (a ponto facultativo, a decree). */
	closedOn?(date: LocalDate): boolean;
	/** Whether the calendar knows that year (a browser only receives a few years). */
	covers(year: number): boolean;
}

/** A calendar over composed years — what the browser builds from page data. */
export function calendarFromYears(
	years: readonly (Pick<YearCalendar, 'year' | 'holidays'> &
		Partial<Pick<YearCalendar, 'closures'>>)[]
) {
	const byDay = new Map<LocalDate, Holiday[]>();
	const closed = new Set<LocalDate>();
	const known = new Set<number>();
	for (const y of years) {
		known.add(y.year);
		for (const h of y.holidays) byDay.set(h.date, [...(byDay.get(h.date) ?? []), h]);
		for (const c of y.closures ?? []) closed.add(c.date);
	}
	return {
		holidaysOn: (date: LocalDate) => byDay.get(date) ?? [],
		closedOn: (date: LocalDate) => closed.has(date),
		covers: (year: number) => known.has(year)
	} satisfies HolidayCalendar;
}

/** A calendar that composes years on demand (and remembers them) — the server's. */
export function lazyCalendar(yearOf: (year: number) => YearCalendar): HolidayCalendar {
	const cache = new Map<number, Map<LocalDate, Holiday[]>>();
	const closed = new Map<number, Set<LocalDate>>();
	return {
		holidaysOn(date) {
			const year = Number(date.slice(0, 4));
			let days = cache.get(year);
			if (!days) {
				days = new Map();
				for (const h of yearOf(year).holidays) days.set(h.date, [...(days.get(h.date) ?? []), h]);
				cache.set(year, days);
			}
			return days.get(date) ?? [];
		},
		closedOn(date) {
			const year = Number(date.slice(0, 4));
			let days = closed.get(year);
			if (!days) {
				days = new Set(yearOf(year).closures.map((c) => c.date));
				closed.set(year, days);
			}
			return days.has(date);
		},
		covers: () => true
	};
}

/** The dates from `from` to `to` inclusive. */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
	const out: LocalDate[] = [];
	for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
	return out;
}

/**
 * A holiday's name in the rider's language: the source's es/en name where there is one, else the
 * Portuguese name (the law's and the calendar's own).
 * @example holidayName({ name: 'Natal', names: { en: 'Christmas Day' } }, 'en') //=> 'Christmas Day'
 */
export function holidayName(h: { name: string; names?: OtherNames }, locale: string): string {
	return (locale === 'es' || locale === 'en' ? h.names?.[locale] : undefined) ?? h.name;
}
