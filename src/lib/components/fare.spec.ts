import { describe, expect, test } from 'vitest';
import { fareTerms } from '$lib/domain/tariff';
import { fareExampleShown, fareShown } from './fare';

// Issue 32, item 12: the screen writes a fare with a rate per km as both parts, with an example
// ride; a flat fare stays one price. Money is written the Brazilian way in every language.
const nbsp = (s: string) => s.replaceAll('\u00a0', ' ');

describe('fareShown and fareExampleShown', () => {
	const feira = fareTerms({ flagfall: 480, perKm: 90 }); // Decreto nº 12.334/2021, bandeira I
	const rolim = fareTerms({ flagfall: 700 }); // a flat bandeirada (Lei 2.059/2011, Art. 16)
	const cases: [locale: string, shown: string, example: string][] = [
		['pt-BR', 'R$ 4,80 + R$ 0,90 por km', 'Exemplo: uma corrida de 3 km custa R$ 7,50.'],
		['es', 'R$ 4,80 + R$ 0,90 por km', 'Ejemplo: un viaje de 3 km cuesta R$ 7,50.'],
		['en', 'R$ 4,80 + R$ 0,90 per km', 'Example: a ride of 3 km costs R$ 7,50.']
	];
	test.each(cases)('%s: %s; %s', (locale, shown, example) => {
		expect(nbsp(fareShown(feira, locale))).toBe(shown);
		expect(nbsp(fareExampleShown(feira, locale) ?? '')).toBe(example);
	});
	test.each(['pt-BR', 'es', 'en'])('%s: a flat fare is one price, with no example', (locale) => {
		expect(nbsp(fareShown(rolim, locale))).toBe('R$ 7,00');
		expect(fareExampleShown(rolim, locale)).toBeNull();
	});
	test('a decimal example distance is written with the language’s mark', () => {
		const t = fareTerms({ flagfall: 480, perKm: 90 }, 2.5);
		expect(nbsp(fareExampleShown(t, 'pt-BR') ?? '')).toContain('2,5 km custa R$ 7,05');
		expect(nbsp(fareExampleShown(t, 'en') ?? '')).toContain('2.5 km costs R$ 7,05');
	});
});
