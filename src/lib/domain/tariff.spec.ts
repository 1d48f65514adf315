import { describe, expect, test } from 'vitest';
import { decreeAt, decreeOn, formatBRL, inLanguage, quoteFare, type TariffDecree } from './tariff';
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
		expect(quoteFare(sample, 1).centavos).toBe(700);
		expect(quoteFare(sample, 2).centavos).toBe(900);
	});
	test('a neighbourhood surcharge adds to the bandeirada (2016 local table: +R$ 1)', () => {
		expect(quoteFare(sample, 2, { surcharges: ['loteamento-afastado'] }).centavos).toBe(1000);
	});
	test('an unknown surcharge is ignored', () => {
		expect(quoteFare(sample, 1, { surcharges: ['nope'] }).centavos).toBe(700);
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
		[1, 2, 800],
		[2, 2, 1040],
		[1, 3.3, 995],
		[2, 0, 650]
	] as const)('per-km decree: bandeira %i, %s km → %i centavos', (flag, km, centavos) => {
		expect(quoteFare(perKm, flag, { km }).centavos).toBe(centavos);
	});
	test('money is shown as pt-BR currency', () => {
		expect(formatBRL(900).replace(/\s/g, ' ')).toBe('R$ 9,00');
		expect(formatBRL(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
	});
	test('money is R$ 9,00 whatever the rider’s language (issue 10 item 10: not "9,00 BRL")', () => {
		for (const locale of ['pt-BR', 'es', 'en'])
			expect(formatBRL(900).replace(/\s/g, ' '), locale).toBe('R$ 9,00');
	});
});

describe('tariff texts in the rider’s language (issue 10 item 10)', () => {
	const others = {
		es: 'Destino en un loteamento alejado',
		en: 'Destination in an outlying loteamento'
	};
	const cases: [locale: string, text: string][] = [
		['pt-BR', 'Destino em loteamento afastado'],
		['es', 'Destino en un loteamento alejado'],
		['en', 'Destination in an outlying loteamento']
	];
	for (const [locale, text] of cases)
		test(`${locale} → ${text}`, () =>
			expect(inLanguage('Destino em loteamento afastado', others, locale)).toBe(text));
	test('no translation given: the decree’s own pt-BR words', () =>
		expect(inLanguage('Nota do decreto', undefined, 'en')).toBe('Nota do decreto'));
});
