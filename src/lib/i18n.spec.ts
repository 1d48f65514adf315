import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import settings from '../../project.inlang/settings.json';

/** pt-BR is the default and complete; every other locale must have every key, with the same
 * placeholders — a missing translation fails here instead of showing Portuguese to a rider. */
const read = (locale: string): Record<string, string> => {
	const messages = JSON.parse(
		readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')
	);
	delete messages.$schema;
	return messages;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();

const base = read(settings.baseLocale);

describe('messages', () => {
	test('pt-BR is the base locale', () => expect(settings.baseLocale).toBe('pt-BR'));
	for (const locale of settings.locales) {
		const messages = read(locale);
		test(`${locale} has every key of pt-BR and no other`, () => {
			expect(Object.keys(messages).sort()).toEqual(Object.keys(base).sort());
		});
		test(`${locale} has no empty message and the same placeholders as pt-BR`, () => {
			for (const [key, text] of Object.entries(messages)) {
				expect(text.trim(), key).not.toBe('');
				expect(placeholders(text), key).toEqual(placeholders(base[key] ?? ''));
			}
		});
	}
});

describe('Spanish speaks to the rider in one form of address: tú', () => {
	// Issue 32, item 15: "Compruebe" (usted) beside "No subas" (tú). Most of es.json, and the
	// profiles' notes ("confirma el precio"), say tú: these usted forms must not come back.
	const USTED = [
		'usted', 'ustedes', 'abra', 'acuda', 'apunte', 'busque', 'compruebe', 'conéctese', 'corrija',
		'cuente', 'cuéntelo', 'describa', 'elija', 'envíe', 'escriba', 'escuche', 'grabe', 'indique',
		'indicó', 'intente', 'inténtelo', 'marque', 'permita', 'pruebe', 'recargue', 'revise', 'toque',
		'tómelas', 'use', 'vea', 'verifique', 'confirme', 'combine', 'suba', 'pague', 'espere', 'llame',
		'consulte', 'pida', 'guarde', 'vuelva', 'pagó', 'puede tomar', 'puede grabar', 'su conexión',
		'su relato', 'sus palabras'
	]; // prettier-ignore
	const es = read('es');
	test.each(USTED)('no message says "%s"', (word) => {
		const pattern = new RegExp(`(^|[^\\p{L}])${word}(?![\\p{L}])`, 'iu');
		const found = Object.entries(es).filter(([, text]) => pattern.test(text));
		expect(found.map(([key]) => key)).toEqual([]);
	});
	test('the two sentences the issue names agree', () => {
		expect(es.speech_compare).toMatch(/^Comprueba /);
		expect(es.verdict_irregular_advice).toMatch(/^No subas/);
	});
});
