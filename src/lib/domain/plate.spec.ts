import { describe, expect, test } from 'vitest';
import {
	formatPlate,
	formatPrefix,
	normalizePlate,
	normalizePrefix,
	parseVehicleCode,
	plateKey
} from './plate';

describe('normalizePlate: old AAA9999 and Mercosul AAA9A99', () => {
	const cases: [text: string, plate: string | null, why: string][] = [
		['ABC-1234', 'ABC1234', 'old plate as painted'],
		['abc1234', 'ABC1234', 'lower case'],
		[' ABC 1234 ', 'ABC1234', 'spaces'],
		['ABC.1234', 'ABC1234', 'dot, as some documents print it'],
		['ABC1C34', 'ABC1C34', 'Mercosul'],
		['abc-1c34', 'ABC1C34', 'Mercosul typed with a hyphen, lower case'],
		['AB1234', null, 'two letters'],
		['ABCD123', null, 'four letters'],
		['ABC12345', null, 'five digits'],
		['ABC1CC4', null, 'two letters after the first digit'],
		['ABC12C4', null, 'letter in the 6th place'],
		['ÁBC1234', null, 'accented letter'],
		['ABC_1234', null, 'underscore is no separator'],
		['', null, 'empty']
	];
	for (const [text, plate, why] of cases) {
		test(`${JSON.stringify(text)} → ${plate}: ${why}`, () =>
			expect(normalizePlate(text)).toBe(plate));
	}
});

describe('plateKey: the Mercosul form matches both (Res. CONTRAN 780/2019, 969/2022)', () => {
	const cases: [plate: string, key: string, why: string][] = [
		['ABC1234', 'ABC1C34', '2 → C'],
		['ABC-1034', 'ABC1A34', '0 → A'],
		['NDJ8941', 'NDJ8J41', '9 → J'],
		['ABC1C34', 'ABC1C34', 'Mercosul stays as it is'],
		['abc 1c34', 'ABC1C34', 'any spelling normalizePlate accepts']
	];
	for (const [plate, key, why] of cases) {
		test(`${plate} → ${key}: ${why}`, () => expect(plateKey(plate)).toBe(key));
	}
	test('an old plate and its conversion share a key', () => {
		expect(plateKey('ABC-1234')).toBe(plateKey('ABC1C34'));
	});
	test('distinct plates keep distinct keys', () => {
		expect(plateKey('ABC1234')).not.toBe(plateKey('ABC1D34'));
	});
});

describe('formatPlate: as painted on the vehicle', () => {
	test.each([
		['ABC1234', 'ABC-1234'],
		['ABC1C34', 'ABC1C34'],
		['abc-1234', 'ABC-1234'],
		['nonsense', 'nonsense']
	])('%s → %s', (plate, shown) => expect(formatPlate(plate)).toBe(shown));
});

describe('normalizePrefix: the number painted on the tank (Art. 6 V h)', () => {
	const cases: [text: string, prefixo: string | null, why: string][] = [
		['7', '7', 'bare digit'],
		['007', '7', 'leading zeros as painted'],
		['MT-007', '7', 'MT- prefix'],
		['mt 7', '7', 'lower case, with a space'],
		['MT7', '7', 'MT glued to the number'],
		[' 060 ', '60', 'trimmed'],
		['1234', '1234', 'four digits'],
		['0100', '100', 'inner zeros stay'],
		['0', null, 'zero is no prefix'],
		['000', null, 'only zeros'],
		['', null, 'empty'],
		['MT-', null, 'MT without a number'],
		['12345', null, 'more than 4 digits'],
		['7a', null, 'a letter'],
		['MT--7', null, 'two hyphens'],
		['-7', null, 'a sign'],
		['٣', null, 'non-ASCII digits']
	];
	for (const [text, prefixo, why] of cases) {
		test(`${JSON.stringify(text)} → ${prefixo}: ${why}`, () =>
			expect(normalizePrefix(text)).toBe(prefixo));
	}
	test.each([
		['7', '007'],
		['60', '060'],
		['123', '123'],
		['1234', '1234']
	])('formatPrefix(%s) → %s', (p, shown) => expect(formatPrefix(p)).toBe(shown));
});

describe('parseVehicleCode: what a rider types or scans', () => {
	const cases: [query: string, code: ReturnType<typeof parseVehicleCode>, why: string][] = [
		['007', { kind: 'prefixo', prefixo: '7' }, 'prefix'],
		[' MT-12 ', { kind: 'prefixo', prefixo: '12' }, 'prefix with MT, trimmed'],
		['ABC-1234', { kind: 'placa', placa: 'ABC1234', key: 'ABC1C34' }, 'old plate'],
		['abc1c34', { kind: 'placa', placa: 'ABC1C34', key: 'ABC1C34' }, 'Mercosul, lower case'],
		['', null, 'empty'],
		['   ', null, 'blank'],
		['ABC', null, 'letters only'],
		['ABC-1234; DROP TABLE', null, 'other characters'],
		[
			`${' '.repeat(30)}7`,
			{ kind: 'prefixo', prefixo: '7' },
			'surrounding spaces are trimmed first'
		],
		['A B C 1 2 3 4 5 6 7 8 9', null, 'longer than 20 characters'],
		['<script>', null, 'markup']
	];
	for (const [query, code, why] of cases) {
		test(`${JSON.stringify(query)}: ${why}`, () => expect(parseVehicleCode(query)).toEqual(code));
	}
});
