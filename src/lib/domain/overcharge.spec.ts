import { describe, expect, test } from 'vitest';
import type { BandeiraContext } from './bandeira';
import { holidayService } from './holiday-source';
import { overcharge, type Overcharge } from './overcharge';
import { parseKm, type TariffDecree } from './tariff';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';

const ctx: BandeiraContext = {
	timeZone: rolimDeMoura.timeZone,
	rules: rolimDeMoura.bandeiraRules,
	calendar: holidayService(rolimDeMoura).calendar
};
const decrees = rolimDeMoura.tariffDecrees;

type Expected = Pick<Overcharge, 'bandeira' | 'differenceCentavos' | 'chargedBandeiraII'> & {
	legal: number | null;
};

/** What the tables check of a result: the legal fare in centavos, the bandeira, the difference. */
const checked = (result: Overcharge | null) => ({
	legal: result?.legal?.centavos ?? null,
	bandeira: result?.bandeira,
	differenceCentavos: result?.differenceCentavos,
	chargedBandeiraII: result?.chargedBandeiraII
});

describe('overcharge against the table in force (Art. 21, XVII; Art. 16; sample decree R$ 7 / R$ 9)', () => {
	const cases: [iso: string, paid: number, expected: Expected, why: string][] = [
		[
			'2026-12-02T10:00:00-04:00',
			700,
			{ legal: 700, bandeira: 1, differenceCentavos: 0, chargedBandeiraII: false },
			'the right fare by day (Art. 16)'
		],
		[
			'2026-12-02T10:00:00-04:00',
			900,
			{ legal: 700, bandeira: 1, differenceCentavos: 200, chargedBandeiraII: true },
			'bandeira II charged on a weekday morning'
		],
		[
			'2026-12-02T10:00:00-04:00',
			1500,
			{ legal: 700, bandeira: 1, differenceCentavos: 800, chargedBandeiraII: false },
			'paid more than even the bandeira II fare: an overcharge, not the wrong bandeira (Art. 16)'
		],
		[
			'2026-12-02T10:00:00-04:00',
			800,
			{ legal: 700, bandeira: 1, differenceCentavos: 100, chargedBandeiraII: false },
			'overcharged, but less than the bandeira II fare'
		],
		[
			'2026-12-02T10:00:00-04:00',
			500,
			{ legal: 700, bandeira: 1, differenceCentavos: -200, chargedBandeiraII: false },
			'paid less than the table: a negative difference'
		],
		[
			'2026-12-02T19:59:59-04:00',
			900,
			{ legal: 700, bandeira: 1, differenceCentavos: 200, chargedBandeiraII: true },
			'one second before night (Art. 16 §2º)'
		],
		[
			'2026-12-02T20:00:00-04:00',
			900,
			{ legal: 900, bandeira: 2, differenceCentavos: 0, chargedBandeiraII: false },
			'night from 20:00 (Art. 16 §2º)'
		],
		[
			'2026-12-03T00:30:00Z',
			900,
			{ legal: 900, bandeira: 2, differenceCentavos: 0, chargedBandeiraII: false },
			'20:30 in Rolim de Moura, given in UTC'
		],
		[
			'2026-12-06T12:00:00-04:00',
			900,
			{ legal: 900, bandeira: 2, differenceCentavos: 0, chargedBandeiraII: false },
			'Sunday (Art. 16 §1º)'
		],
		[
			'2026-12-25T10:00:00-04:00',
			1000,
			{ legal: 900, bandeira: 2, differenceCentavos: 100, chargedBandeiraII: false },
			'Christmas: bandeira II, and still R$ 1 too much (Art. 16 §1º)'
		],
		[
			'2026-12-24T15:00:00-04:00',
			900,
			{ legal: 700, bandeira: 1, differenceCentavos: 200, chargedBandeiraII: true },
			'Christmas Eve afternoon is ponto facultativo, not a holiday'
		],
		[
			'2016-03-01T10:00:00-04:00',
			600,
			{ legal: 500, bandeira: 1, differenceCentavos: 100, chargedBandeiraII: true },
			'the 2016 table (R$ 5 / R$ 6)'
		],
		[
			'2026-01-01T03:59:59Z',
			900,
			{ legal: 600, bandeira: 2, differenceCentavos: 300, chargedBandeiraII: false },
			'31 Dec 2025 23:59 local: the 2016 table was still in force (Art. 17)'
		],
		[
			'2015-06-01T10:00:00-04:00',
			900,
			{ legal: null, bandeira: 1, differenceCentavos: null, chargedBandeiraII: false },
			'no table before 2016: nothing to compare to'
		]
	];
	for (const [iso, paid, expected, why] of cases) {
		test(`${iso}, paid ${paid} → ${expected.differenceCentavos ?? 'n/a'}: ${why}`, () => {
			const result = overcharge(new Date(iso), paid, ctx, decrees);
			expect(result).not.toBeNull();
			expect(checked(result)).toEqual(expected);
		});
	}

	test('the sample decree is flagged as sample', () => {
		const result = overcharge(new Date('2026-12-02T10:00:00-04:00'), 900, ctx, decrees);
		expect(result?.sample).toBe(true);
		expect(result?.legal?.decree.id).toBe('exemplo-2026');
	});
	test('no table: not sample, nothing to flag', () => {
		expect(overcharge(new Date('2015-06-01T10:00:00-04:00'), 900, ctx, decrees)?.sample).toBe(
			false
		);
	});
	test('a surcharge a decree sets is part of the legal fare', () => {
		const withSurcharge = decrees.map((d) => ({
			...d,
			surcharges: [{ id: 'loteamento-afastado', label: 'Loteamento', centavos: 100, places: [] }]
		}));
		const result = overcharge(new Date('2026-12-02T10:00:00-04:00'), 800, ctx, withSurcharge, {
			surcharges: ['loteamento-afastado']
		});
		expect(result).toMatchObject({ differenceCentavos: 0, chargedBandeiraII: false });
		expect(result?.legal?.centavos).toBe(800);
	});
	test('before Lei 2.059/2011 was in force there is no answer', () => {
		expect(overcharge(new Date('2011-10-23T10:00:00-04:00'), 900, ctx, decrees)).toBeNull();
	});
	test.each([-1, 1.5, Number.NaN])('%s is not an amount in centavos', (paid) => {
		expect(() => overcharge(new Date('2026-12-02T10:00:00-04:00'), paid, ctx, decrees)).toThrow(
			RangeError
		);
	});

	describe('with the distance the rider gives (a per-km decree)', () => {
		// A per-km table in Rolim de Moura's calendar (the shape of Porto Velho's Decreto nº
		// 12.253/2011, Art. 1º: R$ 3,00 + R$ 0,50/km or R$ 0,69/km).
		const perKm: TariffDecree[] = [
			{
				id: 'km',
				reference: 'Decreto de teste',
				validFrom: '2026-01-01',
				sample: false,
				bandeiras: { 1: { flagfall: 300, perKm: 50 }, 2: { flagfall: 300, perKm: 69 } },
				surcharges: []
			}
		];
		const cases: [iso: string, paid: number, km: string | null, expected: Expected, why: string][] =
			[
				[
					'2026-12-02T10:00:00-04:00',
					800,
					'10',
					{ legal: 800, bandeira: 1, differenceCentavos: 0, chargedBandeiraII: false },
					'10 km by day: R$ 3,00 + 10 × R$ 0,50'
				],
				[
					'2026-12-02T10:00:00-04:00',
					990,
					'10',
					{ legal: 800, bandeira: 1, differenceCentavos: 190, chargedBandeiraII: true },
					'10 km charged at the bandeira II rate by day'
				],
				[
					'2026-12-02T21:00:00-04:00',
					990,
					'10',
					{ legal: 990, bandeira: 2, differenceCentavos: 0, chargedBandeiraII: false },
					'10 km at night: R$ 3,00 + 10 × R$ 0,69'
				],
				[
					'2026-12-02T21:00:00-04:00',
					500,
					'2,345',
					{ legal: 462, bandeira: 2, differenceCentavos: 38, chargedBandeiraII: false },
					'2,345 km at night: 300 + 161,805 → 462'
				],
				[
					'2026-12-02T10:00:00-04:00',
					800,
					null,
					{ legal: 300, bandeira: 1, differenceCentavos: 500, chargedBandeiraII: false },
					'no distance: only the departure fare is certain'
				]
			];
		for (const [iso, paid, km, expected, why] of cases)
			test(`${iso}, paid ${paid}, ${km ?? 'no'} km → ${expected.differenceCentavos}: ${why}`, () => {
				const options = km ? { km: parseKm(km) ?? undefined } : {};
				const result = overcharge(new Date(iso), paid, ctx, perKm, options);
				expect(checked(result)).toEqual(expected);
			});
		test('without a distance the result says the rate per km was left out', () => {
			const result = overcharge(new Date('2026-12-02T10:00:00-04:00'), 800, ctx, perKm);
			expect(result?.distanceMissing).toBe(true);
			const withKm = overcharge(new Date('2026-12-02T10:00:00-04:00'), 800, ctx, perKm, {
				km: parseKm('1') ?? undefined
			});
			expect(withKm?.distanceMissing).toBe(false);
			expect(
				overcharge(new Date('2026-12-02T10:00:00-04:00'), 800, ctx, decrees)?.distanceMissing
			).toBe(false);
		});
	});
});
