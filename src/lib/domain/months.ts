/** Local dates a number of months apart, on the calendar (the registry's validities, windows). */
import { daysInMonth, parseLocalDate, type LocalDate } from './clock';

/** The year, month and day of a local date; throws on one that does not exist. */
export function partsOf(date: LocalDate) {
	const p = parseLocalDate(date);
	if (!p) throw new RangeError(`Invalid local date: ${date}`);
	return p;
}

/**
 * The same day `months` later, clamped to the month's last day.
 * @example addMonths('2024-02-29', 12) //=> '2025-02-28'
 */
export function addMonths(date: LocalDate, months: number): LocalDate {
	const { year, month, day } = partsOf(date);
	const index = year * 12 + (month - 1) + months;
	const y = Math.floor(index / 12);
	const m = index - y * 12 + 1;
	const d = Math.min(day, daysInMonth(y, m));
	return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
