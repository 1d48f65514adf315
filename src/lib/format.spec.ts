import { describe, expect, test, vi } from 'vitest';
import { addDays, useZoneOffsets } from '$lib/domain/clock';
import { zoneOffsets } from '$lib/domain/zone-offsets';
import { formatDate, formatTime } from './format';
import { formatLongDate, formatLongLocalDate, formatWeekday } from './format-words';

/** What Intl writes, the reference the tables must match to the character. */
const references = new Map<string, Intl.DateTimeFormat>();
function intl(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, at: Date) {
	const key = JSON.stringify([locale, timeZone, options]);
	let f = references.get(key);
	if (!f) references.set(key, (f = new Intl.DateTimeFormat(locale, { timeZone, ...options })));
	return f.format(at);
}

const LOCALES = ['pt-BR', 'es', 'en'] as const;

describe('dates in the three languages, without Intl', () => {
	const cases: [locale: string, date: string, short: string, long: string][] = [
		['pt-BR', '2026-12-25', '25/12/2026', 'sexta-feira, 25 de dezembro'],
		['es', '2026-12-25', '25 de diciembre de 2026', 'viernes, 25 de diciembre'],
		['en', '2026-12-25', 'December 25, 2026', 'Friday, December 25'],
		['pt-BR', '2027-03-01', '01/03/2027', 'segunda-feira, 1 de março'],
		['es', '2026-09-08', '8 de septiembre de 2026', 'martes, 8 de septiembre'],
		['en', '2028-02-29', 'February 29, 2028', 'Tuesday, February 29'],
		// The date: never "01/06/2027", which an American reads as January 6.
		['es', '2027-06-01', '1 de junio de 2027', 'martes, 1 de junio'],
		['en', '2027-06-01', 'June 1, 2027', 'Tuesday, June 1']
	];
	test.each(cases)('%s %s → %s, %s', (locale, date, short, long) => {
		expect(formatDate(date, locale)).toBe(short);
		expect(formatLongLocalDate(date, locale)).toBe(long);
	});

	test('every day from 2024 to 2028 reads as Intl writes it', () => {
		for (const locale of LOCALES)
			for (let date = '2024-01-01'; date < '2029-01-01'; date = addDays(date, 1)) {
				const noon = new Date(`${date}T12:00:00Z`);
				// pt-BR numeric (dd/mm/aaaa); es and en with the month's name, never ambiguous.
				const month = locale === 'pt-BR' ? '2-digit' : 'long';
				const day = locale === 'pt-BR' ? '2-digit' : 'numeric';
				expect(formatDate(date, locale)).toBe(
					intl(locale, 'UTC', { day, month, year: 'numeric' }, noon)
				);
				expect(formatLongLocalDate(date, locale)).toBe(
					intl(locale, 'UTC', { weekday: 'long', day: 'numeric', month: 'long' }, noon)
				);
			}
	});

	test('another language is Intl’s', () => {
		expect(formatDate('2026-12-25', 'de')).toBe('25.12.2026');
		expect(formatTime(new Date('2026-12-25T14:05:00Z'), 'fr', 'America/Porto_Velho')).toBe('10:05');
	});
});

describe('instants on the zone’s clock, without Intl for the words', () => {
	const zones = ['America/Porto_Velho', 'America/Bahia', 'America/Sao_Paulo', 'Europe/Lisbon'];
	test.each(zones)('%s: every 7 h 13 min over two years, as Intl writes it', (timeZone) => {
		for (
			let t = Date.UTC(2018, 0, 1);
			t < Date.UTC(2020, 0, 1);
			t += (7 * 60 + 13) * 60_000 + 17_000
		) {
			const at = new Date(t);
			for (const locale of LOCALES) {
				expect(formatTime(at, locale, timeZone)).toBe(
					intl(locale, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, at)
				);
				expect(formatLongDate(at, locale, timeZone)).toBe(
					intl(locale, timeZone, { weekday: 'long', day: 'numeric', month: 'long' }, at)
				);
				expect(formatWeekday(at, locale, timeZone)).toBe(
					intl(locale, timeZone, { weekday: 'long' }, at)
				);
			}
		}
	});
});

describe('no Intl for the three languages (a page’s first use of Intl starts ICU)', () => {
	test('dates, and times of a zone whose offsets are known', () => {
		const zone = 'America/Cuiaba';
		useZoneOffsets(zoneOffsets(zone, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)));
		// `format` is a getter (it hands out a bound function): watched as one.
		const proto: { readonly format: unknown } = Intl.DateTimeFormat.prototype;
		const format = vi.spyOn(proto, 'format', 'get');
		const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
		try {
			const at = new Date('2026-12-25T14:05:00Z');
			for (const locale of LOCALES) {
				formatDate('2026-12-25', locale);
				formatLongLocalDate('2026-12-25', locale);
				formatTime(at, locale, zone);
				formatLongDate(at, locale, zone);
				formatWeekday(at, locale, zone);
			}
			expect(formatTime(at, 'pt-BR', zone)).toBe('10:05');
			expect(format).not.toHaveBeenCalled();
			expect(formatToParts).not.toHaveBeenCalled();
		} finally {
			format.mockRestore();
			formatToParts.mockRestore();
		}
	});
});
