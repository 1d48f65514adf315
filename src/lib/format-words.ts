/**
 * Long dates and weekdays for the rider's language, in the municipality's time zone: the names of
 * the weekdays and months of pt-BR, es and en, written as Intl writes them (format.spec.ts compares
 * every day of several years) without its start-up; apart from ./format.ts, so that the pages that
 * write only numeric dates and times do not carry these names. Any other language goes through Intl.
 */
import { parseLocalDate, wallClock, weekdayOf, type LocalDate } from '$lib/domain/clock';
import { fmt, MONTH_NAMES } from './format';

/** The words of a long date, Sunday and January first (`sexta-feira, 25 de dezembro`). */
interface Words {
	weekdays: readonly string[];
	months: readonly string[];
	long: (weekday: string, day: number, month: string) => string;
}

const dayMonth = (weekday: string, day: number, month: string) => `${weekday}, ${day} de ${month}`;

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
		long: dayMonth
	},
	es: {
		weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
		months: MONTH_NAMES.es,
		long: dayMonth
	},
	en: {
		weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
		months: MONTH_NAMES.en,
		long: (weekday, day, month) => `${weekday}, ${month} ${day}`
	}
};

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

/** `sexta-feira, 25 de dezembro` for a calendar date. */
export function formatLongLocalDate(date: LocalDate, locale: string): string {
	const words = WORDS[locale];
	const p = words && parseLocalDate(date);
	if (!words || !p)
		return fmt(locale, 'UTC', { weekday: 'long', day: 'numeric', month: 'long' }).format(
			new Date(`${date}T12:00:00Z`)
		);
	return words.long(words.weekdays[weekdayOf(date)] ?? '', p.day, words.months[p.month - 1] ?? '');
}
