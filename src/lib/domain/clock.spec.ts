import { describe, expect, test, vi } from 'vitest';
import {
	addDays,
	localISO,
	parseInstant,
	parseLocalDate,
	wallClock,
	useZoneOffsets,
	weekdayOf,
	zonedInstant
} from './clock';
import { zoneOffsets, zoneOffsetsOfYears } from './zone-offsets';

const TZ = 'America/Porto_Velho';

describe('wallClock: Rolim de Moura reads UTC−4, whatever the host zone (Art. 16 is local time)', () => {
	const cases: [iso: string, date: string, hhmm: string, weekday: number, why: string][] = [
		['2026-12-25T14:00:00Z', '2026-12-25', '10:00', 5, 'Christmas morning, a Friday'],
		['2026-12-25T03:59:59Z', '2026-12-24', '23:59', 4, 'still 24 Dec in Rolim de Moura'],
		['2026-12-25T04:00:00Z', '2026-12-25', '00:00', 5, 'local midnight is 04:00 UTC'],
		['2027-01-01T03:30:00Z', '2026-12-31', '23:30', 4, 'New Year comes four hours after UTC'],
		['2026-12-07T00:00:00+09:00', '2026-12-06', '11:00', 0, 'an instant given in Tokyo time'],
		['2024-02-29T12:00:00-04:00', '2024-02-29', '12:00', 4, 'leap day']
	];
	for (const [iso, date, hhmm, weekday, why] of cases) {
		test(`${iso} → ${date} ${hhmm}: ${why}`, () => {
			const c = wallClock(new Date(iso), TZ);
			expect(c.date).toBe(date);
			expect(`${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`).toBe(hhmm);
			expect(c.weekday).toBe(weekday);
			expect(c.offset).toBe(-240);
		});
	}

	test('host zone does not leak in (this file also runs under TZ=UTC and TZ=Asia/Tokyo)', () => {
		expect(wallClock(new Date('2026-06-01T02:00:00Z'), TZ).date).toBe('2026-05-31');
	});
});

describe('zonedInstant and localISO', () => {
	test('local midnight of Christmas is 04:00 UTC', () => {
		expect(zonedInstant('2026-12-25', 0, TZ).toISOString()).toBe('2026-12-25T04:00:00.000Z');
	});
	test('20:00 local is midnight UTC of the next day', () => {
		expect(zonedInstant('2026-12-24', 20 * 60, TZ).toISOString()).toBe('2026-12-25T00:00:00.000Z');
	});
	test('works for a zone with daylight saving too', () => {
		expect(zonedInstant('2026-07-01', 12 * 60, 'Europe/Lisbon').toISOString()).toBe(
			'2026-07-01T11:00:00.000Z'
		);
	});
	test('localISO writes the −04:00 offset', () => {
		expect(localISO(new Date('2026-12-25T14:00:00Z'), TZ)).toBe('2026-12-25T10:00:00-04:00');
	});
});

describe('calendar arithmetic', () => {
	test.each([
		['2026-12-31', 1, '2027-01-01'],
		['2024-02-28', 1, '2024-02-29'],
		['2026-03-01', -1, '2026-02-28'],
		['2026-12-07', -7, '2026-11-30']
	])('addDays(%s, %i) = %s', (date, days, expected) => expect(addDays(date, days)).toBe(expected));

	test.each([
		['2026-12-06', 0],
		['2026-12-07', 1],
		['2027-01-01', 5]
	])('weekdayOf(%s) = %i', (date, wd) => expect(weekdayOf(date)).toBe(wd));

	test.each(['2026-02-29', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1'])(
		'parseLocalDate refuses %s',
		(text) => expect(parseLocalDate(text)).toBeNull()
	);
});

describe('parseInstant: an instant must carry its offset (API contract of /api/bandeira)', () => {
	const ok: [string, string][] = [
		['2026-12-25T10:00:00-04:00', '2026-12-25T14:00:00.000Z'],
		['2026-12-25T14:00:00Z', '2026-12-25T14:00:00.000Z'],
		['2026-12-25T14:00Z', '2026-12-25T14:00:00.000Z'],
		['2026-12-25T14:00:00.123456Z', '2026-12-25T14:00:00.123Z'],
		['2026-12-25T23:00:00+0900', '2026-12-25T14:00:00.000Z']
	];
	for (const [text, iso] of ok) {
		test(`accepts ${text}`, () => {
			const r = parseInstant(text);
			expect(r.ok && r.at.toISOString()).toBe(iso);
		});
	}
	const bad: [string, string][] = [
		['2026-12-25T10:00:00', 'offset'],
		['2026-12-25', 'offset'],
		['amanhã', 'format'],
		['', 'format'],
		['2026-02-30T10:00:00Z', 'invalid'],
		['2026-12-25T24:00:00Z', 'invalid'],
		['2026-12-25T10:00:00+25:00', 'invalid']
	];
	for (const [text, reason] of bad) {
		test(`refuses ${JSON.stringify(text)} (${reason})`, () => {
			expect(parseInstant(text)).toEqual({ ok: false, reason });
		});
	}
});

describe('zoneOffsets: a zone’s clock by arithmetic, from offsets read once through Intl', () => {
	const cases: [zone: string, from: string, to: string, offsets: [string, number][]][] = [
		// No daylight saving since 1988: one offset.
		[
			'America/Porto_Velho',
			'2026-01-01T00:00:00Z',
			'2027-01-01T00:00:00Z',
			[['2026-01-01T00:00:00.000Z', -240]]
		],
		// Brazil's last summer time: from 04/11/2018 00:00 to 17/02/2019 00:00 (then 23:00 of the 16th).
		[
			'America/Sao_Paulo',
			'2018-06-01T00:00:00Z',
			'2019-06-01T00:00:00Z',
			[
				['2018-06-01T00:00:00.000Z', -180],
				['2018-11-04T03:00:00.000Z', -120],
				['2019-02-17T02:00:00.000Z', -180]
			]
		],
		[
			'Europe/Lisbon',
			'2026-01-01T00:00:00Z',
			'2027-01-01T00:00:00Z',
			[
				['2026-01-01T00:00:00.000Z', 0],
				['2026-03-29T01:00:00.000Z', 60],
				['2026-10-25T01:00:00.000Z', 0]
			]
		]
	];
	test.each(cases)('%s from %s: %j', (zone, from, to, offsets) => {
		const span = zoneOffsets(zone, Date.parse(from), Date.parse(to));
		expect(span.offsets.map(([t, o]) => [new Date(t).toISOString(), o])).toEqual(offsets);
	});

	test.each(cases)(
		'%s: every instant of the span reads as through Intl, Intl unused',
		(zone, from, to) => {
			const start = Date.parse(from);
			const end = Date.parse(to);
			const instants: number[] = [];
			for (let t = start; t < end; t += 3_600_000 * 5 + 61_001) instants.push(t);
			// Both sides of each change, to the millisecond.
			for (const [since] of zoneOffsets(zone, start, end).offsets)
				instants.push(...[since - 1, since].filter((t) => t >= start));
			const expected = instants.map((t) => wallClock(new Date(t), zone));
			useZoneOffsets(zoneOffsets(zone, start, end));
			const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
			try {
				expect(instants.map((t) => wallClock(new Date(t), zone))).toEqual(expected);
				expect(formatToParts).not.toHaveBeenCalled();
				// Outside the span: Intl, as before.
				expect(wallClock(new Date(end), zone)).toEqual(
					expect.objectContaining({ offset: expect.any(Number) })
				);
				expect(formatToParts).toHaveBeenCalledTimes(1);
			} finally {
				formatToParts.mockRestore();
			}
		}
	);

	test.each([
		[2026, 2026, '2025-12-31T00:00:00.000Z', '2027-01-02T00:00:00.000Z'],
		[2025, 2027, '2024-12-31T00:00:00.000Z', '2028-01-02T00:00:00.000Z']
	])('zoneOffsetsOfYears %i–%i spans %s to %s', (first, last, from, to) => {
		const span = zoneOffsetsOfYears('America/Porto_Velho', first, last);
		expect([new Date(span.from).toISOString(), new Date(span.to).toISOString()]).toEqual([
			from,
			to
		]);
	});

	test('a zone with offsets known plans a ride as before (zonedInstant)', () => {
		const zone = 'America/Manaus';
		const expected = zonedInstant('2026-12-25', 10 * 60, zone).toISOString();
		useZoneOffsets(zoneOffsets(zone, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)));
		expect(zonedInstant('2026-12-25', 10 * 60, zone).toISOString()).toBe(expected);
		expect(expected).toBe('2026-12-25T14:00:00.000Z');
	});
});
