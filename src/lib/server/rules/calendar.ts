/**
 * The deployment's holiday calendar, bandeira context and tariff decrees: the profile's data plus
 * the decrees and decreed days a gestor entered (src/lib/server/rules/rules-store.ts).
 *
 * `effectiveRules()` is what a request should await: at most a second behind any change, on any
 * instance. `holidays` and `bandeiraContext` are synchronous views of the rules this process last
 * read (the profile's alone before the first read), for code that cannot await.
 */
import type { BandeiraContext } from '$lib/domain/bandeira';
import type { HolidayService } from '$lib/domain/holiday-source';
import { profile } from '$lib/profile';
import { db } from '$lib/server/db';
import { composeRules, currentRules, type EffectiveRules } from './rules-store';

export type { EffectiveRules } from './rules-store';

let latest: EffectiveRules = composeRules(profile, 0, [], []);

/** The rules in force for this request (decrees and decreed days included). */
export async function effectiveRules(): Promise<EffectiveRules> {
	latest = await currentRules(db());
	return latest;
}

/** The last-read holiday calendar; prefer `(await effectiveRules()).holidays` in a request. */
export const holidays: HolidayService = {
	year: (y) => latest.holidays.year(y),
	calendar: {
		holidaysOn: (date) => latest.holidays.calendar.holidaysOn(date),
		covers: (year) => latest.holidays.calendar.covers(year)
	}
};

/** The last-read bandeira context; prefer `(await effectiveRules()).bandeiraContext`. */
export const bandeiraContext: BandeiraContext = {
	timeZone: profile.timeZone,
	rules: profile.bandeiraRules,
	calendar: holidays.calendar
};
