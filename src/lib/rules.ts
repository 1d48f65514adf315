/**
 * The rules a page ships to the browser: a few kilobytes of data (the bandeira rules, the tariff
 * decrees and a few composed holiday years) instead of the holiday library, so the browser can
 * re-derive the bandeira at every boundary, offline too, with the same pure functions.
 */
import { bandeiraAt, type BandeiraContext, type BandeiraRule } from '$lib/domain/bandeira';
import { calendarFromYears, type YearCalendar } from '$lib/domain/holidays';
import { decreeAt, quoteFare, type TariffDecree } from '$lib/domain/tariff';
import type { ZoneOffsets } from '$lib/domain/clock';
import { zoneOffsetsOfYears } from '$lib/domain/zone-offsets';

export interface RulesBundle {
	timeZone: string;
	utcLabel: string;
	rules: readonly BandeiraRule[];
	decrees: readonly TariffDecree[];
	years: readonly Pick<YearCalendar, 'year' | 'holidays' | 'facultativos'>[];
}

export function contextOf(bundle: RulesBundle): BandeiraContext {
	return {
		timeZone: bundle.timeZone,
		rules: bundle.rules,
		calendar: calendarFromYears(bundle.years)
	};
}

/** The bandeira and the fare at an instant — what `/`, `/tarifa` and the API all answer. */
export function answerAt(at: Date, ctx: BandeiraContext, decrees: readonly TariffDecree[]) {
	const bandeira = bandeiraAt(at, ctx);
	if (!bandeira) return null;
	const decree = decreeAt(at, decrees, ctx.timeZone);
	const fare = decree ? quoteFare(decree, bandeira.flag) : null;
	return { bandeira, decree, fare };
}

export type Answer = NonNullable<ReturnType<typeof answerAt>>;

/**
 * The zone's offsets over the bundle's years: a page's script that registers them
 * (`useZoneOffsets`) reads the clock of any instant it can answer for without Intl.
 */
export function bundleZone(bundle: Pick<RulesBundle, 'timeZone' | 'years'>): ZoneOffsets {
	const years = bundle.years.map((y) => y.year);
	return zoneOffsetsOfYears(bundle.timeZone, Math.min(...years), Math.max(...years));
}
