import { wallClock } from '$lib/domain/clock';
import { profile } from '$lib/profile';
import type { RulesBundle } from '$lib/rules';
import { effectiveRules } from './calendar';

/**
 * The rules bundle for a page, with the holiday years around `at` (previous, current, next): the
 * decrees and decreed days in force now, the ones a gestor entered included.
 */
export async function rulesBundle(at: Date, extraYears: number[] = []): Promise<RulesBundle> {
	const rules = await effectiveRules();
	const year = wallClock(at, profile.timeZone).year;
	const years = [...new Set([year - 1, year, year + 1, ...extraYears])].sort();
	return {
		timeZone: profile.timeZone,
		utcLabel: profile.utcLabel,
		rules: profile.bandeiraRules,
		decrees: rules.decrees,
		years: years.map((y) => {
			const { holidays: h, facultativos } = rules.holidays.year(y);
			return { year: y, holidays: h, facultativos };
		})
	};
}
