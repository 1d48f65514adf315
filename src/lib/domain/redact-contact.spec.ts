import { describe, expect, test } from 'vitest';
import { REDACTED, redactContact, redactContactJson } from './redact-contact';

const maria = { name: 'Maria da Silva', phone: '+5569999887766', email: 'maria@exemplo.com.br' };
const X = REDACTED;

// LGPD (Lei 13.709/2018), art. 16 (erasure once the purpose ends) and art. 18 VI (erasure on the
// data subject's request): every copy of the erased contact typed into the history goes with it.
describe('redactContact: LGPD art. 16 / art. 18 VI — the typed copies of an erased contact', () => {
	test.each([
		[
			'the whole name, any case and spacing',
			'Falei com MARIA  da silva hoje.',
			`Falei com ${X} hoje.`
		],
		['the phone as stored', 'Contato +5569999887766.', `Contato ${X}.`],
		[
			'the phone with area code and separators',
			'Tel. (69) 99988-7766 à tarde',
			`Tel. ${X} à tarde`
		],
		['the local number alone', 'ligar 9988 7766', `ligar ${X}`],
		['the phone with country code and spaces', '+55 69 99988 7766', X],
		['the e-mail, any case', 'Escreveu de Maria@Exemplo.com.br', `Escreveu de ${X}`],
		[
			'several copies at once',
			'Maria da Silva, 99988-7766, maria@exemplo.com.br',
			`${X}, ${X}, ${X}`
		],
		['nothing when the text holds none', 'Condutor fumando.', 'Condutor fumando.'],
		['not a longer number that contains it', 'Processo 1999887766000', 'Processo 1999887766000'],
		['not a word that contains the name', 'Mariazinha da Silvana', 'Mariazinha da Silvana']
	])('%s', (_, text, expected) => {
		expect(redactContact(text, maria)).toBe(expected);
	});

	test.each([
		['a name under 3 letters', { name: 'Al', phone: null, email: null }, 'Al chegou', 'Al chegou'],
		[
			'a phone under 8 digits',
			{ name: null, phone: '1234', email: null },
			'ramal 1234',
			'ramal 1234'
		],
		['no contact at all', { name: null, phone: null, email: null }, 'texto', 'texto']
	])('finds nothing with %s', (_, contact, text, expected) => {
		expect(redactContact(text, contact)).toBe(expected);
	});

	test('inside a JSON value: every string, keys and other values kept', () => {
		expect(
			redactContactJson(
				{ description: 'Sou Maria da Silva', n: 2, list: ['99988-7766', null] },
				maria
			)
		).toEqual({ description: `Sou ${X}`, n: 2, list: [X, null] });
	});
});
