import type { Reason } from '$lib/domain/bandeira';
import { holidayName, type HolidayScope } from '$lib/domain/holidays';
import { wallClock } from '$lib/domain/clock';
import { formatDate, formatTime, MONTH_NAMES, relativeDay } from '$lib/format';
import { formatWeekday } from '$lib/format-words';
import { m } from '$lib/paraglide/messages';
import type { PictogramName } from './pictograms';
import { getLocale } from '$lib/paraglide/runtime';

/** "20:00" → "20h", "05:00" → "5h", "05:30" → "5h30" (how riders say it). */
export function hourWords(hhmm: string): string {
	const [h = '0', min = '00'] = hhmm.split(':');
	return `${Number(h)}h${min === '00' ? '' : min}`;
}

export function scopeText(scope: HolidayScope): string {
	return {
		national: m.scope_national,
		state: m.scope_state,
		municipal: m.scope_municipal,
		decreed: m.scope_decreed
	}[scope]();
}

/** The reason in words: "Domingo", "Feriado nacional — Natal", "Horário noturno, das 20h às 5h". */
export function reasonText(reason: Reason): string {
	switch (reason.kind) {
		case 'night':
			return m.reason_night({ start: hourWords(reason.start), end: hourWords(reason.end) });
		case 'saturday':
			return m.reason_saturday();
		case 'sunday':
			return m.reason_sunday();
		case 'holiday':
			return m.reason_holiday({
				scope: scopeText(reason.holiday.scope),
				name: holidayName(reason.holiday, getLocale())
			});
	}
}

export const flagNumeral = (flag: 1 | 2) => (flag === 1 ? 'I' : 'II');

/** The pictogram beside each reason's words. */
export const reasonIcon: Record<Reason['kind'], PictogramName> = {
	night: 'night',
	saturday: 'saturday',
	sunday: 'sunday',
	holiday: 'holiday'
};

/**
 * Day and month: `7/12` in pt-BR, as a Brazilian writes them; `7 de diciembre` and `December 7` in
 * es and en, whose readers may read a numeric `7/12` as July 12.
 */
export const dayMonth = (date: string, locale: string) => {
	const [, month = '', day = ''] = date.split('-');
	const d = Number(day);
	const mo = Number(month);
	if (locale === 'es') return `${d} de ${MONTH_NAMES.es[mo - 1]}`;
	if (locale === 'en') return `${MONTH_NAMES.en[mo - 1]} ${d}`;
	return `${d}/${mo}`;
};

/**
 * "Bandeira I a partir de amanhã, 05:00": when the other bandeira starts, said relative to `now`
 * — the real now, never a planned time — as today, tomorrow, a weekday, or a date. For a planned
 * ride (`planned`), any day but today and tomorrow is said with its weekday and date ("segunda-
 * feira, 7/12, 05:00"): "sexta-feira" alone would be ambiguous beside another day's plan. Null when
 * nothing changes within the rules shipped.
 * @example untilText(2, monday0500, thursday, tz, 'pt-BR', true) //=> 'Bandeira I a partir de segunda-feira, 7/12, 05:00'
 */
export function untilText(
	flag: 1 | 2,
	until: Date | null,
	now: Date,
	timeZone: string,
	locale: string,
	planned = false
): string | null {
	if (!until) return null;
	const time = formatTime(until, locale, timeZone);
	const kind = relativeDay(now, until, timeZone);
	const weekday = () => formatWeekday(until, locale, timeZone);
	const date = wallClock(until, timeZone).date;
	const when =
		kind === 'today'
			? m.when_today({ time })
			: kind === 'tomorrow'
				? m.when_tomorrow({ time })
				: planned
					? m.when_weekday_date({ weekday: weekday(), date: dayMonth(date, locale), time })
					: kind === 'weekday'
						? m.when_weekday({ weekday: weekday(), time })
						: m.when_date({ date: formatDate(date, locale), time });
	return m.until_text({ flag: flagNumeral(flag === 1 ? 2 : 1), when });
}
