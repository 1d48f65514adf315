import { describe, expect, test } from 'vitest';
import type { Reason } from '$lib/domain/bandeira';
import type { RegistryEntry } from '$lib/domain/registry';
import { bandeiraSentence } from './speech';
import { verdictSentence } from './verdict-speech';

// Voice says the same sentence the screen shows, built from the same data.
const sunday: Reason = { kind: 'sunday', cite: 'Art. 16 §1º' };
const night: Reason = { kind: 'night', start: '20:00', end: '05:00', cite: 'Art. 16 §2º' };
const natal: Reason = {
	kind: 'holiday',
	cite: 'Art. 16 §1º',
	holiday: {
		date: '2026-12-25',
		name: 'Natal',
		names: { es: 'Navidad', en: 'Christmas Day' },
		scope: 'national',
		source: 'Lei federal nº 662/1949'
	}
};

describe('bandeiraSentence', () => {
	const cases: [
		answer: Parameters<typeof bandeiraSentence>[0],
		locale: string,
		sentence: string,
		why: string
	][] = [
		[
			{ flag: 2, reasons: [sunday], centavos: 900, sample: true },
			'pt-BR',
			'Agora é bandeira dois, porque é domingo. A corrida custa nove reais. Valores de exemplo.',
			'the reference example (Art. 16 §1º)'
		],
		[
			{ flag: 2, reasons: [sunday], centavos: 900, sample: false },
			'es',
			'Ahora es bandera dos, porque es domingo. El viaje cuesta nueve reales.',
			'Spanish, a real decree'
		],
		[
			{ flag: 2, reasons: [sunday], centavos: 900, sample: false },
			'en',
			'It is fare flag two now, because it is Sunday. The ride costs nine reais.',
			'English'
		],
		[
			{ flag: 1, reasons: [], centavos: 700, sample: false },
			'pt-BR',
			'Agora é bandeira um. A corrida custa sete reais.',
			'bandeira I has no reason to give'
		],
		[
			{ flag: 2, reasons: [night, natal], centavos: 1250, sample: false },
			'pt-BR',
			'Agora é bandeira dois, porque é horário noturno, das vinte às cinco horas e porque é ' +
				'feriado: Natal. A corrida custa doze reais e cinquenta centavos.',
			'night and a holiday (Art. 16 §1º and §2º), cents in words'
		],
		[
			{ flag: 2, reasons: [natal], centavos: null, sample: false },
			'en',
			'It is fare flag two now, because it is a holiday: Christmas Day.',
			'no decree in force: no fare said; the holiday in English'
		]
	];
	for (const [answer, locale, sentence, why] of cases)
		test(`${locale}: ${why}`, () => expect(bandeiraSentence(answer, locale)).toBe(sentence));

	// Issue 32, item 12: a decree with a rate per km (Feira de Santana's Decreto nº 12.334/2021,
	// R$ 4,80 + R$ 0,90 per km) was said as "A corrida custa quatro reais e oitenta centavos".
	const feira = {
		flag: 1,
		reasons: [],
		centavos: 480,
		sample: false,
		perKm: 90,
		example: { km: 3, centavos: 750 }
	} as const;
	test.each([
		[
			'pt-BR',
			'Agora é bandeira um. A corrida custa quatro reais e oitenta centavos mais noventa ' +
				'centavos por quilômetro. Exemplo: uma corrida de três quilômetros custa sete reais e ' +
				'cinquenta centavos.'
		],
		[
			'es',
			'Ahora es bandera uno. El viaje cuesta cuatro reales y ochenta centavos más noventa ' +
				'centavos por kilómetro. Ejemplo: un viaje de tres kilómetros cuesta siete reales y ' +
				'cincuenta centavos.'
		],
		[
			'en',
			'It is fare flag one now. The ride costs four reais and eighty centavos plus ninety ' +
				'centavos per kilometre. Example: a ride of three kilometres costs seven reais and ' +
				'fifty centavos.'
		]
	])('%s: both parts of a fare per km, and the example ride', (locale, sentence) =>
		expect(bandeiraSentence(feira, locale)).toBe(sentence)
	);

	test('a planned ride says "at that time"', () =>
		expect(
			bandeiraSentence({ flag: 2, reasons: [sunday], centavos: null, sample: false }, 'pt-BR', true)
		).toBe('Nesse horário é bandeira dois, porque é domingo.'));
});

describe('verdictSentence', () => {
	const entry = {
		prefixo: '7',
		placa: 'NDJ8041',
		cor: 'Azul'
	} as RegistryEntry;
	test('pt-BR: the reference example, prefix and plate spelled, the advice shown', () =>
		expect(
			verdictSentence(
				{ verdict: 'regular', entry, query: '007', advice: 'Autorizado e em dia com a lei.' },
				'pt-BR'
			)
		).toBe(
			'Moto zero zero sete: regular. Autorizado e em dia com a lei. ' +
				'Confira a placa N D J, oito zero quatro um, e a cor azul.'
		));
	test('es: the verdict word in Spanish, one form of address ("No subas", "Comprueba")', () =>
		expect(
			verdictSentence({ verdict: 'irregular', entry, query: '7', advice: 'No subas.' }, 'es')
		).toBe(
			'Moto cero cero siete: irregular. No subas. Comprueba la placa N D J, ocho cero cuatro uno, y el color azul.'
		));
	test('en and es: the registry’s Portuguese colour said in the rider’s language', () => {
		const red = { ...entry, cor: 'Vermelha' };
		const v = { verdict: 'regular', entry: red, query: '7', advice: 'Authorised.' } as const;
		expect(verdictSentence(v, 'en')).toBe(
			'Motorcycle zero zero seven: regular. Authorised. Check the plate N D J, eight zero four one, and the colour red.'
		);
		expect(verdictSentence(v, 'es')).toContain('y el color rojo.');
		expect(verdictSentence(v, 'pt-BR')).toContain('e a cor vermelha.');
	});
	test('not found: the code typed, spelled', () =>
		expect(
			verdictSentence(
				{
					verdict: 'nao_encontrado',
					entry: null,
					query: 'ABC-1234',
					advice: 'Not in the registry.'
				},
				'en'
			)
		).toBe('Code A B C, one two three four: not found. Not in the registry.'));
});
