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
	return (year) =>
		hd.getHolidays(year).map((h) => ({
			date: h.date.slice(0, 10),
			rule: h.rule,
			name: h.name,
			type: h.type
		}));
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
