import { describe, expect, test } from 'vitest';
import {
	clockSkew,
	distanceWords,
	moneyWords,
	numberWords,
	spellCode,
	type ClockSkew
} from './spoken';

describe('numberWords', () => {
	const cases: [n: number, locale: string, words: string][] = [
		[0, 'pt-BR', 'zero'],
		[7, 'pt-BR', 'sete'],
		[16, 'pt-BR', 'dezesseis'],
		[21, 'pt-BR', 'vinte e um'],
		[100, 'pt-BR', 'cem'],
		[101, 'pt-BR', 'cento e um'],
		[250, 'pt-BR', 'duzentos e cinquenta'],
		[1000, 'pt-BR', 'mil'],
		[1020, 'pt-BR', 'mil e vinte'],
		[1234, 'pt-BR', 'mil duzentos e trinta e quatro'],
		[2100, 'pt-BR', 'dois mil e cem'],
		[25, 'es', 'veinticinco'],
		[45, 'es', 'cuarenta y cinco'],
		[100, 'es', 'cien'],
		[1250, 'es', 'mil doscientos cincuenta'],
		[42, 'en', 'forty-two'],
		[305, 'en', 'three hundred five'],
		[2000, 'en', 'two thousand']
	];
	for (const [n, locale, words] of cases)
		test(`${n} in ${locale} → ${words}`, () => expect(numberWords(n, locale)).toBe(words));
});

describe('moneyWords: always reais, said in the rider’s language', () => {
	const cases: [centavos: number, locale: string, words: string][] = [
		[900, 'pt-BR', 'nove reais'],
		[700, 'pt-BR', 'sete reais'],
		[100, 'pt-BR', 'um real'],
		[1250, 'pt-BR', 'doze reais e cinquenta centavos'],
		[1, 'pt-BR', 'um centavo'],
		[50, 'pt-BR', 'cinquenta centavos'],
		[900, 'es', 'nueve reales'],
		[100, 'es', 'un real'],
		[1250, 'es', 'doce reales y cincuenta centavos'],
		[900, 'en', 'nine reais'],
		[100, 'en', 'one real'],
		[1250, 'en', 'twelve reais and fifty centavos']
	];
	for (const [c, locale, words] of cases)
		test(`${c} centavos in ${locale} → ${words}`, () => expect(moneyWords(c, locale)).toBe(words));
});

describe('spellCode: plates letter by letter, digits one by one', () => {
	const cases: [code: string, locale: string, words: string][] = [
		['NDJ8041', 'pt-BR', 'N D J, oito zero quatro um'],
		['NDJ8A41', 'pt-BR', 'N D J, oito, A, quatro um'],
		['007', 'pt-BR', 'zero zero sete'],
		['007', 'es', 'cero cero siete'],
		['abc1234', 'en', 'A B C, one two three four']
	];
	for (const [code, locale, words] of cases)
		test(`${code} in ${locale} → ${words}`, () => expect(spellCode(code, locale)).toBe(words));
});

describe('clockSkew: days, hours or minutes as fits', () => {
	const min = 60_000;
	const cases: [offsetMs: number, skew: ClockSkew | null, why: string][] = [
		[0, null, 'a right clock'],
		[20_000, null, 'under half a minute rounds to nothing'],
		[-5 * min, { direction: 'ahead', unit: 'minute', amount: 5 }, 'phone 5 min ahead'],
		[5 * min, { direction: 'behind', unit: 'minute', amount: 5 }, 'phone 5 min behind'],
		[-59 * min, { direction: 'ahead', unit: 'minute', amount: 59 }, 'below an hour stays minutes'],
		[-60 * min, { direction: 'ahead', unit: 'hour', amount: 1 }, 'one hour'],
		[-150 * min, { direction: 'ahead', unit: 'hour', amount: 3 }, '2 h 30 rounds to 3 hours'],
		[23 * 60 * min, { direction: 'behind', unit: 'hour', amount: 23 }, '23 hours behind'],
		[-24 * 60 * min, { direction: 'ahead', unit: 'day', amount: 1 }, 'one day'],
		[-3 * 24 * 60 * min, { direction: 'ahead', unit: 'day', amount: 3 }, 'the issue’s 3 days'],
		[
			-9464 * min,
			{ direction: 'ahead', unit: 'day', amount: 7 },
			'the issue’s "9464 min adiantado"'
		]
	];
	for (const [offset, skew, why] of cases)
		test(`${offset} ms → ${JSON.stringify(skew)}: ${why}`, () =>
			expect(clockSkew(offset)).toEqual(skew));
});

describe('distanceWords: a ride’s distance said with its unit', () => {
	const cases: [km: number, locale: string, said: string][] = [
		[3, 'pt-BR', 'três quilômetros'],
		[3, 'es', 'tres kilómetros'],
		[3, 'en', 'three kilometres'],
		[1, 'pt-BR', 'um quilômetro'],
		[1, 'es', 'un kilómetro'],
		[1, 'en', 'one kilometre'],
		[2.5, 'pt-BR', 'dois vírgula cinco quilômetros'],
		[2.05, 'es', 'dos coma cero cinco kilómetros'],
		[12.75, 'en', 'twelve point seventy-five kilometres']
	];
	test.each(cases)('%s km in %s → %s', (km, locale, said) =>
		expect(distanceWords(km, locale)).toBe(said)
	);
});
