/**
 * The municipality's wall clock, read from an instant through Intl — never from the host's zone.
 * Every rule of Lei 2.059/2011 is judged by Rolim de Moura's clock (America/Porto_Velho, UTC−4),
 * whatever zone the server or the rider's phone is set to.
 */

/** A calendar date as `YYYY-MM-DD` (no zone: a day on the municipality's calendar). */
export type LocalDate = string;

export interface WallClock {
	/** `YYYY-MM-DD` in the zone. */
	date: LocalDate;
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	/** 0 = Sunday … 6 = Saturday. */
	weekday: number;
	/** Minutes since local midnight, 0–1439. */
	minutes: number;
	/** Offset from UTC in minutes (Porto Velho: −240). */
	offset: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
	let f = formatters.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit'
		});
		formatters.set(timeZone, f);
	}
	return f;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Days since 1970-01-01 for a proleptic Gregorian date (pure arithmetic, no zone). */
function epochDay(year: number, month: number, day: number): number {
	return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

/**
 * A zone's UTC offsets over a span of time, read through Intl where that is cheap (the server) and
 * handed to a page's script, which then reads the zone's clock by arithmetic: a page's first use
 * of Intl starts ICU, tens of milliseconds of a phone's main thread while its answer wakes up.
 */
export interface ZoneOffsets {
	timeZone: string;
	/** The span, in ms since the epoch: `from` included, `to` excluded. */
	from: number;
	to: number;
	/** `[since, offset in minutes]`, by time; the first `since` is `from`. */
	offsets: [since: number, offset: number][];
}

const known = new Map<string, ZoneOffsets>();

/**
 * From now on, `wallClock` reads `offsets.timeZone` inside its span from these offsets, without
 * Intl (outside the span, through Intl as before).
 */
export function useZoneOffsets(offsets: ZoneOffsets): void {
	known.set(offsets.timeZone, offsets);
}

/** The offset the known span gives `ms`, or null outside it. */
function knownOffset(ms: number, timeZone: string): number | null {
	const z = known.get(timeZone);
	if (!z || ms < z.from || ms >= z.to) return null;
	let offset: number | null = null;
	for (const [since, o] of z.offsets) {
		if (since > ms) break;
		offset = o;
	}
	return offset;
}

/**
 * Wall clock of `timeZone` at the instant `at`.
 * @example wallClock(new Date('2026-12-25T03:30:00Z'), 'America/Porto_Velho').date //=> '2026-12-24'
 */
export function wallClock(at: Date, timeZone: string): WallClock {
	const ms = at.getTime();
	if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
	const offset = knownOffset(ms, timeZone);
	if (offset === null) return wallClockIntl(ms, timeZone);
	const local = new Date(ms + offset * 60_000);
	return clockOf(
		local.getUTCFullYear(),
		local.getUTCMonth() + 1,
		local.getUTCDate(),
		local.getUTCHours(),
		local.getUTCMinutes(),
		local.getUTCSeconds(),
		offset
	);
}

/** The zone's clock through Intl, whatever offsets are known (zone-offsets.ts reads them so). */
export function wallClockIntl(ms: number, timeZone: string): WallClock {
	const at = new Date(ms);
	const parts: Record<string, number> = {};
	for (const p of formatter(timeZone).formatToParts(at)) {
		if (p.type !== 'literal') parts[p.type] = Number(p.value);
	}
	const year = parts.year ?? NaN;
	const month = parts.month ?? NaN;
	const day = parts.day ?? NaN;
	const hour = parts.hour ?? NaN;
	const minute = parts.minute ?? NaN;
	const second = parts.second ?? NaN;
	const localAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
	const offset = Math.round((localAsUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
	return clockOf(year, month, day, hour, minute, second, offset);
}

function clockOf(
	year: number,
	month: number,
	day: number,
	hour: number,
	minute: number,
	second: number,
	offset: number
): WallClock {
	const weekday = (((epochDay(year, month, day) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
	return {
		date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
		year,
		month,
		day,
		hour,
		minute,
		second,
		weekday,
		minutes: hour * 60 + minute,
		offset
	};
}

/** Parses `YYYY-MM-DD`, checking that the day exists. */
export function parseLocalDate(date: string): { year: number; month: number; day: number } | null {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
	if (!m) return null;
	const year = Number(m[1]);
	const month = Number(m[2]);
	const day = Number(m[3]);
	if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
	return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function partsOf(date: LocalDate) {
	const p = parseLocalDate(date);
	if (!p) throw new RangeError(`Invalid local date: ${date}`);
	return p;
}

/** Weekday of a calendar date, 0 = Sunday. */
export function weekdayOf(date: LocalDate): number {
	const { year, month, day } = partsOf(date);
	return (((epochDay(year, month, day) + 4) % 7) + 7) % 7;
}

/**
 * The calendar date `days` after `date`.
 * @example addDays('2026-12-31', 1) //=> '2027-01-01'
 */
export function addDays(date: LocalDate, days: number): LocalDate {
	const { year, month, day } = partsOf(date);
	const d = new Date(Date.UTC(year, month - 1, day + days));
	return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * The instant at which the wall clock of `timeZone` reads `date` + `minutes` after midnight.
 * Resolves the zone's offset through Intl (two passes, exact for zones without a gap at that
 * time; Porto Velho has had no daylight saving since 1988).
 * @example zonedInstant('2026-12-25', 0, 'America/Porto_Velho').toISOString() //=> '2026-12-25T04:00:00.000Z'
 */
export function zonedInstant(date: LocalDate, minutes: number, timeZone: string): Date {
	const { year, month, day } = partsOf(date);
	const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
	let guess = asUtc - wallClock(new Date(asUtc), timeZone).offset * 60_000;
	guess = asUtc - wallClock(new Date(guess), timeZone).offset * 60_000;
	return new Date(guess);
}

/**
 * ISO 8601 with the zone's offset, to the second.
 * @example localISO(new Date('2026-12-25T14:00:00Z'), 'America/Porto_Velho') //=> '2026-12-25T10:00:00-04:00'
 */
export function localISO(at: Date, timeZone: string): string {
	const c = wallClock(at, timeZone);
	const sign = c.offset < 0 ? '-' : '+';
	const abs = Math.abs(c.offset);
	return `${c.date}T${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `HH:MM` for minutes after midnight. */
export function hhmm(minutes: number): string {
	return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Minutes after midnight for `HH:MM`. */
export function minutesOf(hhmmText: string): number {
	const m = /^(\d{2}):(\d{2})$/.exec(hhmmText);
	if (!m) throw new RangeError(`Invalid time: ${hhmmText}`);
	return Number(m[1]) * 60 + Number(m[2]);
}

const INSTANT =
	/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i;

export type InstantParse =
	{ ok: true; at: Date } | { ok: false; reason: 'format' | 'offset' | 'invalid' };

/**
 * Parses an ISO 8601 instant. An instant must say its offset (`Z` or `±hh:mm`): a bare local time
 * is ambiguous across zones and is refused, and so is a date that does not exist (`02-30`).
 * @example parseInstant('2026-12-25T10:00:00-04:00') //=> { ok: true, at: 2026-12-25T14:00:00.000Z }
 */
export function parseInstant(text: string): InstantParse {
	const trimmed = text.trim();
	const m = INSTANT.exec(trimmed);
	if (!m) {
		return /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(trimmed)
			? { ok: false, reason: 'offset' }
			: { ok: false, reason: 'format' };
	}
	const [, y, mo, d, h, mi, s = '0'] = m;
	if (!parseLocalDate(`${y}-${mo}-${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
		return { ok: false, reason: 'invalid' };
	}
	const offsetText = m[8] ?? 'Z';
	if (offsetText.toUpperCase() !== 'Z') {
		const oh = Number(offsetText.slice(1, 3));
		const om = Number(offsetText.slice(-2));
		if (oh > 18 || om > 59) return { ok: false, reason: 'invalid' };
	}
	const at = new Date(trimmed.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
	return Number.isFinite(at.getTime()) ? { ok: true, at } : { ok: false, reason: 'invalid' };
}
