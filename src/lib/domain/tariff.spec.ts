import { describe, expect, test } from 'vitest';
import {
	decreeAt,
	decreeOn,
	distanceCentavos,
	EXAMPLE_RIDE_KM,
	fareTerms,
	formatBRL,
	parseKm,
	quoteFare,
	type TariffDecree
} from './tariff';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';

const decrees = rolimDeMoura.tariffDecrees;
const TZ = rolimDeMoura.timeZone;

describe('the decree in force (Art. 15, Art. 17: yearly readjustment by decree)', () => {
	const cases: [iso: string, id: string | null, why: string][] = [
		['2015-12-31T12:00:00-04:00', null, 'no table before 2016'],
		['2016-01-01T00:00:00-04:00', 'cooperativa-2016', 'valid from its first local day'],
		['2026-01-01T03:59:59Z', 'cooperativa-2016', '31 Dec 2025 23:59 in Rolim de Moura (Art. 17)'],
		['2026-01-01T04:00:00Z', 'exemplo-2026', '1 Jan 2026 00:00 in Rolim de Moura (Art. 17)'],
		['2030-06-01T12:00:00-04:00', 'exemplo-2026', 'the latest stays in force until the next decree']
	];
	for (const [iso, id, why] of cases) {
		test(`${iso} → ${id ?? 'none'}: ${why}`, () => {
			expect(decreeAt(new Date(iso), decrees, TZ)?.id ?? null).toBe(id);
		});
	}

	test('order of the list does not matter', () => {
		expect(decreeOn('2027-01-01', [...decrees].reverse())?.id).toBe('exemplo-2026');
	});
});

describe('fare quotes (Art. 16: a bandeirada per bandeira; centavos)', () => {
	const sample = decreeOn('2026-12-25', decrees) as TariffDecree;
	test('bandeira I and II of the sample decree are flagged as sample', () => {
		expect(sample.sample).toBe(true);
		expect(quoteFare(sample, 1)!.centavos).toBe(700);
		expect(quoteFare(sample, 2)!.centavos).toBe(900);
	});
	test('no surcharge: Art. 16 sets two bandeiras only (the 2016 table’s “+R$ 1 loteamento” is history)', () => {
		expect(sample.surcharges).toEqual([]);
		expect(quoteFare(sample, 2, { surcharges: ['loteamento-afastado'] })!.centavos).toBe(900);
	});
	test('an unknown surcharge is ignored', () => {
		expect(quoteFare(sample, 1, { surcharges: ['nope'] })!.centavos).toBe(700);
	});
	const perKm: TariffDecree = {
		id: 'km',
		reference: 'Decreto de teste',
		validFrom: '2027-01-01',
		sample: false,
		bandeiras: { 1: { flagfall: 500, perKm: 150 }, 2: { flagfall: 650, perKm: 195 } },
		surcharges: []
	};
	test.each([
		[1, '2', 800],
		[2, '2', 1040],
		[1, '3,3', 995]
	] as const)('per-km decree: bandeira %i, %s km → %i centavos', (flag, km, centavos) => {
		expect(quoteFare(perKm, flag, { km: parseKm(km) ?? undefined })!.centavos).toBe(centavos);
	});
	test('per-km decree without a distance: the flat part alone, and the rate', () => {
		expect(quoteFare(perKm, 2)!).toMatchObject({ centavos: 650, perKmCentavos: 195 });
	});
	test('a flat decree ignores the distance: the total is the bandeirada', () => {
		const q = quoteFare(sample, 2, { km: parseKm('7,5') ?? undefined })!;
		expect(q).toMatchObject({ centavos: 900, perKmCentavos: null });
		expect(q.parts.map((p) => p.kind)).toEqual(['flagfall']);
	});
	test('money is shown as pt-BR currency', () => {
		expect(formatBRL(900).replace(/\s/g, ' ')).toBe('R$ 9,00');
		expect(formatBRL(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
	});
	// Written without Intl (a page's first use of it starts ICU): the same text, to the character.
	const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
	test.each([
		[0, 'R$\u00a00,00'],
		[5, 'R$\u00a00,05'],
		[99, 'R$\u00a00,99'],
		[900, 'R$\u00a09,00'],
		[123456, 'R$\u00a01.234,56'],
		[100000000, 'R$\u00a01.000.000,00'],
		[-900, '-R$\u00a09,00'],
		[-123456789, '-R$\u00a01.234.567,89']
	])('%i centavos are %j, as Intl writes them', (centavos, text) => {
		expect(formatBRL(centavos)).toBe(text);
		expect(formatBRL(centavos)).toBe(brl.format(centavos / 100));
	});
	test('every amount up to R$ 2.000,00 reads as Intl writes it', () => {
		for (let c = 0; c <= 200_000; c += 7) expect(formatBRL(c)).toBe(brl.format(c / 100));
	});
	test('money is R$ 9,00 whatever the rider’s language (not "9,00 BRL")', () => {
		for (const locale of ['pt-BR', 'es', 'en'])
			expect(formatBRL(900).replace(/\s/g, ' '), locale).toBe('R$ 9,00');
	});
});

describe('a distance as typed (`.` or `,`, 0 < km ≤ 100)', () => {
	const cases: [input: string, text: string | null, why: string][] = [
		['2,5', '2.5', 'a comma is the Brazilian decimal mark'],
		['2.5', '2.5', 'a dot too'],
		['2.345', '2.345', 'metres'],
		[' 7 ', '7', 'spaces around are ignored'],
		['0,50', '0.5', 'trailing zeros are dropped'],
		['007', '7', 'leading zeros are dropped'],
		['100', '100', 'the longest ride'],
		['100,000', '100', '100 written with decimals'],
		['0.000001', '0.000001', 'six decimals'],
		['0', null, 'zero is not a ride'],
		['0,0', null, 'zero with decimals'],
		['100.01', null, 'over 100 km'],
		['100,000001', null, 'just over 100 km'],
		['-1', null, 'negative'],
		['1e2', null, 'no exponents'],
		['abc', null, 'not a number'],
		['', null, 'empty'],
		['1.000,5', null, 'no thousands separators'],
		['2,', null, 'a mark with no decimals'],
		[',5', null, 'no whole part'],
		['0.0000001', null, 'more than six decimals'],
		['Infinity', null, 'not a decimal'],
		['0x10', null, 'not a decimal']
	];
	for (const [input, text, why] of cases)
		test(`${JSON.stringify(input)} → ${text ?? 'invalid'}: ${why}`, () =>
			expect(parseKm(input)?.text ?? null).toBe(text));

	test('the value is the number, for JSON', () =>
		expect(parseKm('2,345')).toEqual({ text: '2.345', value: 2.345, units: 2345, scale: 3 }));
});

/**
 * Porto Velho, Decreto nº 12.253/2011, Art. 1º: R$ 3,00 at departure + R$ 0,50/km (bandeira 1) or
 * R$ 0,69/km (bandeira 2). Totals round half up to the centavo, in integer arithmetic.
 */
describe('fares with distance (Decreto nº 12.253/2011, Art. 1º; half up to the centavo)', () => {
	const pv: TariffDecree = {
		id: 'decreto-12253-2011',
		reference: 'Decreto nº 12.253, de 13/07/2011',
		validFrom: '2011-07-13',
		sample: false,
		bandeiras: { 1: { flagfall: 300, perKm: 50 }, 2: { flagfall: 300, perKm: 69 } },
		surcharges: []
	};
	const cases: [flag: 1 | 2, km: string, total: number, why: string][] = [
		[1, '1', 350, 'R$ 3,00 + 1 km × R$ 0,50 (Art. 1º, bandeira 1)'],
		[2, '1', 369, 'R$ 3,00 + 1 km × R$ 0,69 (Art. 1º, bandeira 2)'],
		[2, '2.345', 462, '2,345 km × 69 = 161,805 → 162: half up (Art. 1º, bandeira 2)'],
		[1, '2,345', 417, '2,345 km × 50 = 117,25 → 117 (Art. 1º, bandeira 1)'],
		[1, '0,01', 301, '10 m × 50 = 0,5 → 1: half up, not half even'],
		[1, '0,03', 302, '30 m × 50 = 1,5 → 2'],
		[2, '0,001', 300, '1 m × 69 = 0,069 → 0'],
		[2, '1,15', 379, '1,15 × 69 = 79,35 → 79 (a float gives 79.35000000000001)'],
		[2, '2,5', 473, '2,5 km × 69 = 172,5 → 173'],
		[1, '100', 5300, 'the longest ride: 100 km × 50'],
		[2, '100', 7200, 'the longest ride: 100 km × 69'],
		[2, '0.000001', 300, 'a micrometre costs nothing']
	];
	for (const [flag, km, total, why] of cases)
		test(`bandeira ${flag}, ${km} km → ${total}: ${why}`, () => {
			const parsed = parseKm(km);
			if (!parsed) throw new Error(`not a km: ${km}`);
			const q = quoteFare(pv, flag, { km: parsed })!;
			expect(q.centavos).toBe(total);
			expect(q.parts.map((p) => p.kind)).toEqual(['flagfall', 'distance']);
			expect(q.parts[0]?.centavos).toBe(300);
		});

	test('half up on exact halves, for every rate from 1 to 200 centavos per km', () => {
		const km = parseKm('0,5');
		if (!km) throw new Error('0,5');
		for (let rate = 1; rate <= 200; rate++)
			expect(distanceCentavos(km, rate), `rate ${rate}`).toBe(Math.floor(rate / 2 + 0.5));
	});

	test('the distance part names the km and the rate', () => {
		const q = quoteFare(pv, 2, { km: parseKm('2.345') ?? undefined })!;
		expect(q.parts[1]?.label.replace(/\s/g, ' ')).toBe('2,345 km × R$ 0,69/km');
	});
});

describe('a fare with a rate per km is never one flat price: both parts and an example ride', () => {
	// Issue 32, item 12: Feira de Santana's "/" said "R$ 4,80" for a decree of R$ 4,80 + R$ 0,90 per
	// km. Each fare's terms, as the profiles' decrees set them.
	const cases: [values: { flagfall: number; perKm?: number }, terms: ReturnType<typeof fareTerms>, act: string][] = [
		[
			{ flagfall: 480, perKm: 90 },
			{ flagfall: 480, perKm: 90, example: { km: 3, centavos: 750 } },
			'Decreto nº 12.334/2021 (Feira de Santana), bandeira I: R$ 4,80 + 3 km × R$ 0,90 = R$ 7,50'
		],
		[
			{ flagfall: 300, perKm: 69 },
			{ flagfall: 300, perKm: 69, example: { km: 3, centavos: 507 } },
			'Decreto nº 12.253/2011 (Porto Velho), Art. 1º, bandeira 2: R$ 3,00 + 3 × R$ 0,69'
		],
		[
			{ flagfall: 700 },
			{ flagfall: 700, perKm: null, example: null },
			'a flat bandeirada (Rolim de Moura, Lei 2.059/2011, Art. 16): one price, no example'
		]
	]; // prettier-ignore
	test.each(cases)('%o → %o: %s', (values, terms) => expect(fareTerms(values)).toEqual(terms));

	test('the example distance is the app’s, never a law value: 3 km unless asked otherwise', () => {
		expect(EXAMPLE_RIDE_KM).toBe(3);
		expect(fareTerms({ flagfall: 480, perKm: 90 }, 5).example).toEqual({ km: 5, centavos: 930 });
		// The same amount quoteFare charges for that distance (one rounding, half up).
		const q = quoteFare(
			{ ...decrees[0]!, bandeiras: { 1: { flagfall: 300, perKm: 69 }, 2: null } },
			1,
			{ km: parseKm('2,5')! }
		);
		expect(fareTerms({ flagfall: 300, perKm: 69 }, 2.5).example?.centavos).toBe(q?.centavos);
	});
});
