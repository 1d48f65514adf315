import { describe, expect, test } from 'vitest';
import { parseAmount, parseLocalDateTime } from './rider-input';

const TZ = 'America/Porto_Velho';

describe('parseAmount: "Quanto você pagou?" read one way (Art. 21, XVII)', () => {
	const cases: [text: string, centavos: number | null, why: string][] = [
		['12', 1200, 'whole reais'],
		['12,50', 1250, 'Brazilian decimal comma'],
		['12.50', 1250, 'a phone keypad that only has a dot'],
		['12,5', 1250, 'one decimal digit is tenths, not R$ 125'],
		['12.5', 1250, 'one decimal digit with a dot is tenths too (was R$ 125 in the browser)'],
		['R$ 12,50', 1250, 'with the currency sign'],
		['R$12', 1200, 'sign without a space'],
		[' 9 ', 900, 'spaces around'],
		['0,99', 99, 'under one real'],
		['1.012,50', 101250, 'thousands with dots, decimal comma'],
		['1,012.50', 101250, 'thousands with commas, decimal dot'],
		['1.012', 101200, 'a dot before three digits groups thousands'],
		['12,505', null, 'three decimals is not money'],
		['12,', null, 'a mark with no digits'],
		['', null, 'empty'],
		['doze', null, 'words'],
		['-5', null, 'negative'],
		['1e3', null, 'exponent'],
		['12,50,1', null, 'two marks']
	];
	for (const [text, centavos, why] of cases)
		test(`${JSON.stringify(text)} → ${centavos}: ${why}`, () =>
			expect(parseAmount(text)).toBe(centavos));
});

describe('parseLocalDateTime: the datetime-local field on Rolim de Moura’s clock (UTC−4)', () => {
	test('21:10 local is 01:10 UTC the next day', () =>
		expect(parseLocalDateTime('2026-12-02T21:10', TZ)?.toISOString()).toBe(
			'2026-12-03T01:10:00.000Z'
		));
	test('seconds are accepted (some browsers send them)', () =>
		expect(parseLocalDateTime('2026-12-02T21:10:00', TZ)?.toISOString()).toBe(
			'2026-12-03T01:10:00.000Z'
		));
	for (const bad of ['', '2026-12-02', '2026-12-02 21:10', '2026-12-02T25:00', 'ontem'])
		test(`${JSON.stringify(bad)} is not a date and time`, () =>
			expect(parseLocalDateTime(bad, TZ)).toBeNull());
});
