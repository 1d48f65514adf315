/** The deployment's holiday calendar and bandeira context, built once per process. */
import { holidayService } from '$lib/domain/holiday-source';
import type { BandeiraContext } from '$lib/domain/bandeira';
import { profile } from '$lib/profile';

export const holidays = holidayService(profile);

export const bandeiraContext: BandeiraContext = {
	timeZone: profile.timeZone,
	rules: profile.bandeiraRules,
	calendar: holidays.calendar
};
