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

/**
 * How each language written by hand writes a calendar date. pt-BR is numeric, `25/12/2026` (what a
 * Brazilian reads everywhere); es and en name the month, `25 de diciembre de 2026` and
 * `December 25, 2026`, because their readers may read a numeric date either way round (the United
 * States' 12/25/2026, Spain's and Latin America's 25/12/2026): a named month cannot be misread.
 */
const DATE_STYLE: Readonly<Record<string, 'numeric' | 'es' | 'en'>> = {
	'pt-BR': 'numeric',
	es: 'es',
	en: 'en'
};

/** The month names of es and en, January first, as Intl writes them (format.spec.ts compares). */
export const MONTH_NAMES: Readonly<Record<'es' | 'en', readonly string[]>> = {
	es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
	en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
}; // prettier-ignore

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
	if (DATE_STYLE[locale] === undefined) {
		const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
		return fmt(locale, timeZone, options).format(at);
	}
	const c = wallClock(at, timeZone);
	return `${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * A calendar date: `25/12/2026` in pt-BR, `25 de diciembre de 2026` in es, `December 25, 2026` in en
 * (formatted at noon UTC so no zone can move the day; an instant is first turned into the
 * municipality's date by `wallClock`, never the phone's).
 */
export function formatDate(date: LocalDate, locale: string): string {
	const style = DATE_STYLE[locale];
	const p = style === undefined ? null : parseLocalDate(date);
	if (!p)
		return fmt(locale, 'UTC', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
			new Date(`${date}T12:00:00Z`)
		);
	if (style === 'es') return `${p.day} de ${MONTH_NAMES.es[p.month - 1]} de ${p.year}`;
	if (style === 'en') return `${MONTH_NAMES.en[p.month - 1]} ${p.day}, ${p.year}`;
	return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
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
