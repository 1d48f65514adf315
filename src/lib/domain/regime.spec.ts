import { describe, expect, test } from 'vitest';
import { inLanguage } from './regime';

// The profile's texts (a decree's note, a surcharge's name, a source) shown in the page's language.
describe('a profile’s words in the rider’s language', () => {
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
