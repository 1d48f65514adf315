import { describe, expect, test } from 'vitest';
import { colourName, spokenColour } from './colours';

// The registry writes a vehicle's colour in Portuguese (the CRLV's "cor predominante"); a rider
// reading es or en compares the motorcycle with their own word for it (issue 32, item 15: "the
// colour vermelha" was said to an English reader).
describe('colourName: the registry’s colour in the rider’s language', () => {
	const cases: [cor: string, locale: string, shown: string][] = [
		['Vermelha', 'en', 'Red'],
		['Vermelha', 'es', 'Rojo'],
		['Vermelha', 'pt-BR', 'Vermelha'],
		['azul', 'en', 'blue'],
		['PRATA', 'en', 'Silver'],
		['Branca', 'es', 'Blanco'],
		['Cinza', 'en', 'Grey'],
		['Preta', 'es', 'Negro'],
		// Masculine forms and accents as a registry may write them.
		['Preto', 'en', 'Black'],
		['vermelho', 'es', 'rojo'],
		['Grená', 'en', 'Maroon'],
		['Grena', 'es', 'Granate'],
		['Marrom', 'en', 'Brown'],
		['Amarela', 'en', 'Yellow'],
		['Laranja', 'es', 'Naranja'],
		['Dourada', 'en', 'Gold'],
		['Bege', 'es', 'Beige'],
		['Vinho', 'en', 'Burgundy'],
		['Rosa', 'en', 'Pink'],
		['Roxa', 'es', 'Morado'],
		['Verde', 'en', 'Green'],
		['Fantasia', 'en', 'Multicoloured'],
		// A colour outside the list stays the registry's word, quoted: never a guess.
		['Furta-cor', 'en', '“Furta-cor”'],
		['Furta-cor', 'es', '«Furta-cor»'],
		['Furta-cor', 'pt-BR', 'Furta-cor']
	];
	test.each(cases)('%s in %s → %s', (cor, locale, shown) =>
		expect(colourName(cor, locale)).toBe(shown)
	);

	test('the voice says the screen’s word, in lower case', () => {
		expect(spokenColour('Vermelha', 'en')).toBe('red');
		expect(spokenColour('Azul', 'es')).toBe('azul');
		expect(spokenColour('Azul', 'pt-BR')).toBe('azul');
	});
});
