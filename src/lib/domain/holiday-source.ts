/**
 * National and state holidays from date-holidays (country BR, the profile's state), composed with
 * the profile's municipal and decreed days.
 *
 * Server and tests only: the library with its data costs 80–240 KiB gzip in a browser (a lint rule
 * keeps it out of client code and a test checks the built client), so pages receive composed
 * years as data instead.
 */
import Holidays from 'date-holidays';
import {
	composeYear,
	lazyCalendar,
	type BaseHoliday,
	type HolidayCalendar,
	type OtherNames,
	type YearCalendar
} from './holidays';
import { holidayProfileOf, type Profile } from './profile';

const TYPES = ['public', 'bank', 'optional', 'school', 'observance'] as const;

/** Years the API and pages answer for (the library's rules are meaningful in this range). */
export const YEAR_MIN = 1990;
export const YEAR_MAX = 2100;

function baseOf(profile: Profile): (year: number) => BaseHoliday[] {
	const hd = new Holidays('BR', profile.state, {
		languages: ['pt'],
		timezone: profile.timeZone,
		types: [...TYPES]
	});
	// A ponto facultativo the library does not know (Porto Velho's 28 October, Dia do Servidor
	// Público) is added as an optional day, so the profile's rule keys are all it takes.
	for (const [rule, f] of Object.entries(profile.holidays.facultativos))
		if (!hd.getRule(rule)) hd.setHoliday(rule, { name: { pt: f.name }, type: 'optional' });
	return (year) => {
		// The library's names in the rider's other languages, matched by rule and day.
		const other = (lang: 'es' | 'en') =>
			new Map(hd.getHolidays(year, lang).map((h) => [`${h.rule}|${h.date}`, h.name]));
		const es = other('es');
		const en = other('en');
		// Always name the language: the library keeps the last one asked for as its default.
		return hd.getHolidays(year, 'pt').map((h) => {
			const key = `${h.rule}|${h.date}`;
			const names: OtherNames = {};
			const esName = es.get(key);
			const enName = en.get(key);
			if (esName && esName !== h.name) names.es = esName;
			if (enName && enName !== h.name) names.en = enName;
			return {
				date: h.date.slice(0, 10),
				rule: h.rule,
				name: h.name,
				...(Object.keys(names).length && { names }),
				type: h.type
			};
		});
	};
}

export interface HolidayService {
	year(year: number): YearCalendar;
	calendar: HolidayCalendar;
}

/** The profile's holiday service: composed years, memoized (they only change with a deploy). */
export function holidayService(profile: Profile): HolidayService {
	const base = baseOf(profile);
	const data = holidayProfileOf(profile);
	const years = new Map<number, YearCalendar>();
	const year = (y: number) => {
		let cal = years.get(y);
		if (!cal) {
			cal = composeYear(y, base(y), data);
			years.set(y, cal);
		}
		return cal;
	};
	return { year, calendar: lazyCalendar(year) };
}
