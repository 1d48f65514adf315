/**
 * Dates, times and money for the rider's language — always in Rolim de Moura's time zone, never
 * the phone's. Pure functions over Intl, shared by server rendering and the browser.
 */
import { addDays, wallClock, type LocalDate } from '$lib/domain/clock';

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
	const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
	let f = cache.get(key);
	if (!f) {
		f = new Intl.DateTimeFormat(locale, { timeZone, ...options });
		cache.set(key, f);
	}
	return f;
}

/** `10:05` */
export function formatTime(at: Date, locale: string, timeZone: string): string {
	return fmt(locale, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** `quarta-feira, 2 de dezembro` */
export function formatLongDate(at: Date, locale: string, timeZone: string): string {
	return fmt(locale, timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).format(at);
}

/** `sexta-feira` */
export function formatWeekday(at: Date, locale: string, timeZone: string): string {
	return fmt(locale, timeZone, { weekday: 'long' }).format(at);
}

/** `25/12/2026` for a calendar date (formatted at noon UTC so no zone can move the day). */
export function formatDate(date: LocalDate, locale: string): string {
	return fmt(locale, 'UTC', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
		new Date(`${date}T12:00:00Z`)
	);
}

/** `sexta-feira, 25 de dezembro` for a calendar date. */
export function formatLongLocalDate(date: LocalDate, locale: string): string {
	return fmt(locale, 'UTC', { weekday: 'long', day: 'numeric', month: 'long' }).format(
		new Date(`${date}T12:00:00Z`)
	);
}

export type RelativeDay = 'today' | 'tomorrow' | 'weekday' | 'date';

/** How far `target` is from `now`, in Rolim de Moura's calendar days, for "a partir de …" texts. */
export function relativeDay(now: Date, target: Date, timeZone: string): RelativeDay {
	const today = wallClock(now, timeZone).date;
	const day = wallClock(target, timeZone).date;
	if (day === today) return 'today';
	if (day === addDays(today, 1)) return 'tomorrow';
	return day <= addDays(today, 6) ? 'weekday' : 'date';
}
