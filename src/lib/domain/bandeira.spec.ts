import { describe, expect, test } from 'vitest';
import { bandeiraAt, type BandeiraContext } from './bandeira';
import { calendarFromYears, composeYear } from './holidays';
import { holidayService } from './holiday-source';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';

const ctx: BandeiraContext = {
	timeZone: rolimDeMoura.timeZone,
	rules: rolimDeMoura.bandeiraRules,
	calendar: holidayService(rolimDeMoura).calendar
};
const at = (iso: string) => {
	const b = bandeiraAt(new Date(iso), ctx);
	if (!b) throw new Error(`no rule at ${iso}`);
	return b;
};

describe('bandeira at an instant (Art. 16)', () => {
	const cases: [iso: string, flag: 1 | 2, reasons: string[], why: string][] = [
		['2026-12-07T19:59:59-04:00', 1, [], 'one second before night (Art. 16 §2º)'],
		['2026-12-07T20:00:00-04:00', 2, ['night'], 'night starts at 20:00 (Art. 16 §2º)'],
		['2026-12-08T04:59:59-04:00', 2, ['night'], 'one second before 05:00 (Art. 16 §2º)'],
		['2026-12-08T05:00:00-04:00', 1, [], 'night ends at 05:00 (Art. 16 §2º)'],
		['2026-12-08T00:00:00-04:00', 2, ['night'], 'midnight is night (Art. 16 §2º)'],
		['2026-12-08T04:00:00Z', 2, ['night'], 'midnight given in UTC (Art. 16 §2º)'],
		['2026-12-08T16:00:00Z', 1, [], 'noon given in UTC, a Tuesday (Art. 16)'],
		['2026-12-05T19:59:59-04:00', 1, [], 'Saturday by day (Art. 16)'],
		['2026-12-05T21:00:00-04:00', 2, ['night'], 'Saturday night (Art. 16 §2º)'],
		[
			'2026-12-06T00:00:00-04:00',
			2,
			['night', 'sunday'],
			'Sunday starts at night (Art. 16 §1º, §2º)'
		],
		['2026-12-06T12:00:00-04:00', 2, ['sunday'], 'Sunday all day (Art. 16 §1º)'],
		['2026-12-06T23:59:59-04:00', 2, ['night', 'sunday'], 'Sunday night (Art. 16 §1º, §2º)'],
		['2026-12-07T05:00:00-04:00', 1, [], 'Monday 05:00 (Art. 16 §2º)'],
		[
			'2026-12-24T15:00:00-04:00',
			1,
			[],
			'eve of Christmas: ponto facultativo, not a holiday (Art. 16 §1º)'
		],
		['2026-12-24T20:00:00-04:00', 2, ['night'], 'eve of Christmas at night (Art. 16 §2º)'],
		['2026-12-25T10:00:00-04:00', 2, ['holiday'], 'Christmas (Art. 16 §1º, Lei 662/1949)'],
		['2026-04-03T10:00:00-04:00', 2, ['holiday'], 'Good Friday (Art. 16 §1º, Lei 9.093/1995)'],
		[
			'2026-01-04T10:00:00-04:00',
			2,
			['sunday', 'holiday'],
			'state holiday on a Sunday (Art. 16 §1º)'
		],
		['2027-01-04T10:00:00-04:00', 2, ['holiday'], '4 Jan, Lei estadual 2.291/2010 (Art. 16 §1º)'],
		['2026-06-18T10:00:00-04:00', 2, ['holiday'], '18 Jun, Lei estadual 1.026/2001 (Art. 16 §1º)'],
		['2026-08-05T10:00:00-04:00', 2, ['holiday'], 'municipal anniversary (Art. 16 §1º)'],
		[
			'2026-02-16T10:00:00-04:00',
			1,
			[],
			'Carnaval is ponto facultativo, not a holiday (Art. 16 §1º)'
		],
		['2026-02-17T10:00:00-04:00', 1, [], 'Carnaval Tuesday, by day (Art. 16 §1º)'],
		['2026-02-17T20:30:00-04:00', 2, ['night'], 'Carnaval Tuesday at night (Art. 16 §2º)'],
		['2026-06-04T10:00:00-04:00', 1, [], 'Corpus Christi is ponto facultativo (Art. 16 §1º)'],
		['2023-11-20T10:00:00-04:00', 1, [], '20 Nov 2023 was not yet national (Lei 14.759/2023)'],
		['2024-11-20T10:00:00-04:00', 2, ['holiday'], '20 Nov 2024 is national (Lei 14.759/2023)'],
		['2024-04-21T10:00:00-04:00', 2, ['sunday', 'holiday'], 'Tiradentes on a Sunday (Art. 16 §1º)']
	];
	for (const [iso, flag, reasons, why] of cases) {
		test(`${iso} → bandeira ${flag}: ${why}`, () => {
			const b = at(iso);
			expect(b.flag).toBe(flag);
			expect(b.reasons.map((r) => r.kind)).toEqual(reasons);
		});
	}

	test('a holiday reason carries the holiday, its scope and source', () => {
		expect(at('2026-12-25T14:00:00Z').reasons).toEqual([
			{
				kind: 'holiday',
				cite: 'Art. 16 §1º',
				holiday: {
					date: '2026-12-25',
					name: 'Natal',
					names: { es: 'Navidad', en: 'Christmas Day' },
					scope: 'national',
					source: 'Lei federal nº 662/1949 (red. Lei nº 10.607/2002)'
				}
			}
		]);
	});

	test('before the law was in force there is no answer (Art. 32: 90 days after 26/07/2011)', () => {
		expect(bandeiraAt(new Date('2011-10-23T12:00:00-04:00'), ctx)).toBeNull();
		expect(bandeiraAt(new Date('2011-10-24T12:00:00-04:00'), ctx)?.flag).toBe(1);
	});
});

describe('since/until: the maximal period of the bandeira around the instant (Art. 16)', () => {
	const cases: [iso: string, since: string, until: string, why: string][] = [
		[
			'2026-12-07T12:00:00-04:00',
			'2026-12-07T05:00:00-04:00',
			'2026-12-07T20:00:00-04:00',
			'a weekday by day'
		],
		[
			'2026-12-07T20:00:00-04:00',
			'2026-12-07T20:00:00-04:00',
			'2026-12-08T05:00:00-04:00',
			'a weekday night'
		],
		[
			'2026-12-08T03:00:00-04:00',
			'2026-12-07T20:00:00-04:00',
			'2026-12-08T05:00:00-04:00',
			'after midnight'
		],
		[
			'2026-12-05T21:00:00-04:00',
			'2026-12-05T20:00:00-04:00',
			'2026-12-07T05:00:00-04:00',
			'Saturday 21:00 → Monday 05:00'
		],
		[
			'2026-12-06T12:00:00-04:00',
			'2026-12-05T20:00:00-04:00',
			'2026-12-07T05:00:00-04:00',
			'Sunday noon'
		],
		[
			'2026-12-05T10:00:00-04:00',
			'2026-12-05T05:00:00-04:00',
			'2026-12-05T20:00:00-04:00',
			'Saturday by day'
		],
		[
			'2026-12-24T21:00:00-04:00',
			'2026-12-24T20:00:00-04:00',
			'2026-12-26T05:00:00-04:00',
			'24 Dec 21:00 → 26 Dec 05:00'
		],
		[
			'2026-12-25T10:00:00-04:00',
			'2026-12-24T20:00:00-04:00',
			'2026-12-26T05:00:00-04:00',
			'Christmas day'
		],
		[
			'2026-12-31T21:00:00-04:00',
			'2026-12-31T20:00:00-04:00',
			'2027-01-02T05:00:00-04:00',
			'New Year (Friday) run'
		],
		[
			'2026-09-06T12:00:00-04:00',
			'2026-09-05T20:00:00-04:00',
			'2026-09-08T05:00:00-04:00',
			'Sunday + Independence Monday'
		],
		[
			'2027-12-25T12:00:00-04:00',
			'2027-12-24T20:00:00-04:00',
			'2027-12-27T05:00:00-04:00',
			'Christmas Saturday + Sunday'
		],
		[
			'2026-04-03T10:00:00-04:00',
			'2026-04-02T20:00:00-04:00',
			'2026-04-04T05:00:00-04:00',
			'Good Friday'
		],
		[
			'2026-12-25T14:00:00Z',
			'2026-12-25T00:00:00Z',
			'2026-12-26T09:00:00Z',
			'the API example, in UTC'
		]
	];
	for (const [iso, since, until, why] of cases) {
		test(`${iso}: ${why}`, () => {
			const b = at(iso);
			expect(b.since?.toISOString()).toBe(new Date(since).toISOString());
			expect(b.until?.toISOString()).toBe(new Date(until).toISOString());
		});
	}

	test('a decreed run of days extends the period (decreed days, Art. 16 §1º)', () => {
		const base = holidayService(rolimDeMoura);
		const year = composeYear(2026, [], {
			legal: {},
			facultativos: {},
			municipal: [],
			decreedDays: [
				{
					date: '2026-12-07',
					action: 'add',
					name: 'Dia decretado',
					reference: 'Decreto municipal nº 9/2026'
				},
				{
					date: '2026-12-08',
					action: 'add',
					name: 'Dia decretado',
					reference: 'Decreto municipal nº 9/2026'
				}
			]
		});
		const decreed = calendarFromYears([
			{ year: 2026, holidays: [...base.year(2026).holidays, ...year.holidays] }
		]);
		const b = bandeiraAt(new Date('2026-12-07T12:00:00-04:00'), { ...ctx, calendar: decreed });
		expect(b?.reasons.map((r) => r.kind)).toEqual(['holiday']);
		expect(b?.since?.toISOString()).toBe('2026-12-06T00:00:00.000Z');
		expect(b?.until?.toISOString()).toBe('2026-12-09T09:00:00.000Z');
	});
});

describe('another rule as data: whole Saturdays and a night to 06:00', () => {
	// The shape of Porto Velho's Decreto nº 12.253/2011, Art. 1º, over Rolim de Moura's calendar:
	// only the rule differs, the code is the same.
	const saturdaysCtx: BandeiraContext = {
		...ctx,
		rules: [
			{
				validFrom: '2011-07-13',
				law: 'Decreto nº 12.253/2011',
				lawId: 'decreto-12253-2011',
				cite: 'Art. 1º',
				night: { start: '20:00', end: '06:00', cite: 'Art. 1º' },
				saturdays: { cite: 'Art. 1º' },
				sundays: { cite: 'Art. 1º' },
				holidays: { cite: 'Art. 1º' }
			}
		]
	};
	const cases: [iso: string, flag: 1 | 2, reasons: string[], since: string, until: string][] = [
		['2026-12-04T19:00:00-04:00', 1, [], '2026-12-04T06:00', '2026-12-04T20:00'],
		['2026-12-05T10:00:00-04:00', 2, ['saturday'], '2026-12-04T20:00', '2026-12-07T06:00'],
		['2026-12-07T05:59:00-04:00', 2, ['night'], '2026-12-04T20:00', '2026-12-07T06:00'],
		['2026-12-07T06:00:00-04:00', 1, [], '2026-12-07T06:00', '2026-12-07T20:00']
	];
	for (const [iso, flag, reasons, since, until] of cases)
		test(`${iso} → bandeira ${flag} (${since} → ${until})`, () => {
			const b = bandeiraAt(new Date(iso), saturdaysCtx);
			expect(b?.flag).toBe(flag);
			expect(b?.reasons.map((r) => r.kind)).toEqual(reasons);
			expect(b?.since?.toISOString()).toBe(new Date(`${since}:00-04:00`).toISOString());
			expect(b?.until?.toISOString()).toBe(new Date(`${until}:00-04:00`).toISOString());
		});
	test('without `saturdays` (Rolim de Moura, Art. 16 §1º) a Saturday by day is bandeira I', () =>
		expect(at('2026-12-05T10:00:00-04:00').flag).toBe(1));
});
