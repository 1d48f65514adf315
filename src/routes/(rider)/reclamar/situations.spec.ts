import { describe, expect, test } from 'vitest';
import { matches, tappedBeforeScript } from './situations';

describe('matches', () => {
	test('accents and case aside, every word must be there', () => {
		expect(matches('agressao', 'Agressão física')).toBe(true);
		expect(matches('AGRESSÃO fis', 'agressao fisica')).toBe(true);
		expect(matches('agressao verbal', 'Agressão física')).toBe(false);
	});

	test('an empty search (or only spaces) matches everything', () => {
		expect(matches('', 'Qualquer')).toBe(true);
		expect(matches('   ', 'Qualquer')).toBe(true);
	});
});

describe('tappedBeforeScript', () => {
	const danger = (c: string) => c === 'agressao';

	test('nothing new checked: nothing tapped', () => {
		expect(tappedBeforeScript(new Set(['cobrou-mais']), ['cobrou-mais'], danger)).toBeUndefined();
	});

	test('a danger wins over a later tap; else the last one', () => {
		expect(tappedBeforeScript(new Set(), ['agressao', 'cobrou-mais'], danger)).toBe('agressao');
		expect(tappedBeforeScript(new Set(), ['sem-capacete', 'cobrou-mais'], danger)).toBe(
			'cobrou-mais'
		);
	});

	test('what the page rendered checked does not count as a tap', () => {
		expect(tappedBeforeScript(new Set(['agressao']), ['agressao', 'x'], danger)).toBe('x');
	});
});
