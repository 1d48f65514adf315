import { wallClock } from '$lib/domain/clock';
import { profile } from '$lib/profile';
import type { RulesBundle } from '$lib/rules';
import { holidays } from './calendar';

/** The rules bundle for a page, with the holiday years around `at` (previous, current, next). */
export function rulesBundle(at: Date, extraYears: number[] = []): RulesBundle {
	const year = wallClock(at, profile.timeZone).year;
	const years = [...new Set([year - 1, year, year + 1, ...extraYears])].sort();
	return {
		timeZone: profile.timeZone,
		utcLabel: profile.utcLabel,
		rules: profile.bandeiraRules,
		decrees: profile.tariffDecrees,
		years: years.map((y) => {
			const { holidays: h, facultativos } = holidays.year(y);
			return { year: y, holidays: h, facultativos };
		})
	};
}
