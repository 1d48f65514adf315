/**
 * Dates as people in Rolim de Moura write them (dd/mm/aaaa), read on the municipality's clock.
 * One place for the staff pages, the autos and the rules forms.
 */
import { wallClock, type LocalDate } from './clock';

/**
 * @example brDate('2026-12-02') //=> '02/12/2026'
 */
export function brDate(date: LocalDate): string {
	return date.split('-').reverse().join('/');
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant on the municipality's clock, to the minute (or the second).
 * @example brDateTime('2026-12-02T14:05:09Z', 'America/Porto_Velho') //=> '02/12/2026 10:05'
 * @example brDateTime('2026-12-02T14:05:09Z', 'America/Porto_Velho', true) //=> '02/12/2026 10:05:09'
 */
export function brDateTime(iso: string, timeZone: string, seconds = false): string {
	const c = wallClock(new Date(iso), timeZone);
	return `${brDate(c.date)} ${two(c.hour)}:${two(c.minute)}${seconds ? `:${two(c.second)}` : ''}`;
}
