/**
 * Dates, times and money for the rider's language — always in the municipality's time zone, never
 * the phone's. Pure functions, shared by server rendering and the browser.
 *
 * The app's three languages are written from the tables below, exactly as Intl writes them
 * (format.spec.ts compares every day of several years): a page's first use of Intl starts ICU,
 * tens of milliseconds of a phone's main thread, and a rider page's answer would pay them while
 * it wakes up. Any other language goes through Intl.
 */
import { addDays, parseLocalDate, wallClock, weekdayOf, type LocalDate } from '$lib/domain/clock';

interface Words {
	/** Sunday first. */
	weekdays: readonly string[];
	/** January first. */
	months: readonly string[];
	/** The long date: `sexta-feira, 25 de dezembro`. */
	long: (weekday: string, day: number, month: string) => string;
	/** The short date: `25/12/2026`. */
	short: (day: string, month: string, year: number) => string;
}

const dayMonth = (weekday: string, day: number, month: string) => `${weekday}, ${day} de ${month}`;
const dmy = (day: string, month: string, year: number) => `${day}/${month}/${year}`;

const WORDS: Readonly<Record<string, Words>> = {
	'pt-BR': {
		weekdays: [
			'domingo',
			'segunda-feira',
			'terça-feira',
			'quarta-feira',
			'quinta-feira',
			'sexta-feira',
			'sábado'
		],
		months: [
			'janeiro',
			'fevereiro',
			'março',
			'abril',
			'maio',
			'junho',
			'julho',
			'agosto',
			'setembro',
			'outubro',
			'novembro',
			'dezembro'
		],
		long: dayMonth,
		short: dmy
	},
	es: {
		weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
		months: [
			'enero',
			'febrero',
			'marzo',
			'abril',
			'mayo',
			'junio',
			'julio',
			'agosto',
			'septiembre',
			'octubre',
			'noviembre',
			'diciembre'
		],
		long: dayMonth,
		short: dmy
	},
	en: {
		weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
		months: [
			'January',
			'February',
			'March',
			'April',
			'May',
			'June',
			'July',
			'August',
			'September',
			'October',
			'November',
			'December'
		],
		long: (weekday, day, month) => `${weekday}, ${month} ${day}`,
		short: (day, month, year) => `${month}/${day}/${year}`
	}
};

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

const pad = (n: number) => String(n).padStart(2, '0');

/** `10:05` */
export function formatTime(at: Date, locale: string, timeZone: string): string {
	if (!WORDS[locale]) {
		const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
		return fmt(locale, timeZone, options).format(at);
	}
	const c = wallClock(at, timeZone);
	return `${pad(c.hour)}:${pad(c.minute)}`;
}

/** `quarta-feira, 2 de dezembro` */
export function formatLongDate(at: Date, locale: string, timeZone: string): string {
	const words = WORDS[locale];
	if (!words)
		return fmt(locale, timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).format(at);
	const c = wallClock(at, timeZone);
	return words.long(words.weekdays[c.weekday] ?? '', c.day, words.months[c.month - 1] ?? '');
}

/** `sexta-feira` */
export function formatWeekday(at: Date, locale: string, timeZone: string): string {
	const words = WORDS[locale];
	if (!words) return fmt(locale, timeZone, { weekday: 'long' }).format(at);
	return words.weekdays[wallClock(at, timeZone).weekday] ?? '';
}

/** A calendar date's parts, or null when it is not one (Intl's way then: noon UTC). */
function partsOf(date: LocalDate, locale: string) {
	const words = WORDS[locale];
	const day = words && parseLocalDate(date);
	return words && day ? { words, ...day } : null;
}

/** `25/12/2026` for a calendar date (formatted at noon UTC so no zone can move the day). */
export function formatDate(date: LocalDate, locale: string): string {
	const p = partsOf(date, locale);
	if (!p)
		return fmt(locale, 'UTC', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
			new Date(`${date}T12:00:00Z`)
		);
	return p.words.short(pad(p.day), pad(p.month), p.year);
}

/** `sexta-feira, 25 de dezembro` for a calendar date. */
export function formatLongLocalDate(date: LocalDate, locale: string): string {
	const p = partsOf(date, locale);
	if (!p)
		return fmt(locale, 'UTC', { weekday: 'long', day: 'numeric', month: 'long' }).format(
			new Date(`${date}T12:00:00Z`)
		);
	return p.words.long(
		p.words.weekdays[weekdayOf(date)] ?? '',
		p.day,
		p.words.months[p.month - 1] ?? ''
	);
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
