/**
 * Dates, times and money for the rider's language — always in the municipality's time zone, never
 * the phone's. Pure functions, shared by server rendering and the browser.
 *
 * The app's three languages are written by hand, exactly as Intl writes them (format.spec.ts
 * compares every day of several years): a page's first use of Intl starts ICU, tens of
 * milliseconds of a phone's main thread, and a rider page's answer would pay them while it wakes
 * up. Any other language goes through Intl. The names of weekdays and months are in
 * ./format-words.ts, apart, so that the pages writing numbers only do not carry them.
 */
import { addDays, parseLocalDate, wallClock, type LocalDate } from '$lib/domain/clock';

/** The short date of each language written by hand: `25/12/2026`, and English's `12/25/2026`. */
const MONTH_FIRST: Readonly<Record<string, boolean>> = { 'pt-BR': false, es: false, en: true };

const cache = new Map<string, Intl.DateTimeFormat>();
/** Intl's formatter (kept), for a language not written by hand. */
export function fmt(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
	const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
	let f = cache.get(key);
	if (!f) {
		f = new Intl.DateTimeFormat(locale, { timeZone, ...options });
		cache.set(key, f);
	}
	return f;
}

export const pad = (n: number) => String(n).padStart(2, '0');

/** `10:05` */
export function formatTime(at: Date, locale: string, timeZone: string): string {
	if (MONTH_FIRST[locale] === undefined) {
		const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
		return fmt(locale, timeZone, options).format(at);
	}
	const c = wallClock(at, timeZone);
	return `${pad(c.hour)}:${pad(c.minute)}`;
}

/** `25/12/2026` for a calendar date (formatted at noon UTC so no zone can move the day). */
export function formatDate(date: LocalDate, locale: string): string {
	const monthFirst = MONTH_FIRST[locale];
	const p = monthFirst === undefined ? null : parseLocalDate(date);
	if (!p)
		return fmt(locale, 'UTC', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
			new Date(`${date}T12:00:00Z`)
		);
	const [first, second] = monthFirst ? [p.month, p.day] : [p.day, p.month];
	return `${pad(first)}/${pad(second)}/${p.year}`;
}

export type RelativeDay = 'today' | 'tomorrow' | 'weekday' | 'date';

/** How far `target` is from `now`, in the municipality's calendar days, for "a partir de …" texts. */
export function relativeDay(now: Date, target: Date, timeZone: string): RelativeDay {
	const today = wallClock(now, timeZone).date;
	const day = wallClock(target, timeZone).date;
	if (day === today) return 'today';
	if (day === addDays(today, 1)) return 'tomorrow';
	return day <= addDays(today, 6) ? 'weekday' : 'date';
}
