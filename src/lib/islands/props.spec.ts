import { stringify } from 'devalue';
import { describe, expect, test } from 'vitest';
import { onlyLocale } from './props';

const holiday = {
	date: '2026-11-02',
	name: 'Finados',
	names: { es: 'Día de los Difuntos', en: "All Souls' Day" },
	kind: 'national'
};
const decree = {
	label: 'Valores de exemplo',
	labels: { es: 'Valores de ejemplo', en: 'Sample values' },
	bandeiras: { 1: 5, 2: 6 },
	validFrom: new Date('2026-01-01T04:00:00Z')
};
const text = {
	'pt-BR': 'Bandeira II à noite',
	es: 'Bandera II de noche',
	en: 'Fare flag II at night'
};

describe('onlyLocale: an island carries its page’s language, and Portuguese as the fallback', () => {
	const cases: [locale: string, expected: unknown][] = [
		[
			'pt-BR',
			{
				holidays: [{ ...holiday, names: {} }],
				decree: { ...decree, labels: {} },
				text: { 'pt-BR': text['pt-BR'] }
			}
		],
		[
			'es',
			{
				holidays: [{ ...holiday, names: { es: 'Día de los Difuntos' } }],
				decree: { ...decree, labels: { es: 'Valores de ejemplo' } },
				text: { 'pt-BR': text['pt-BR'], es: text.es }
			}
		],
		[
			'en',
			{
				holidays: [{ ...holiday, names: { en: "All Souls' Day" } }],
				decree: { ...decree, labels: { en: 'Sample values' } },
				text: { 'pt-BR': text['pt-BR'], en: text.en }
			}
		]
	];
	test.each(cases)('%s', (locale, expected) => {
		expect(onlyLocale({ holidays: [holiday], decree, text }, locale)).toEqual(expected);
	});

	test('numbers keyed like data, Dates, and words in one language only are left alone', () => {
		const props = { bandeiras: { 1: 5, 2: 6 }, at: decree.validFrom, only: { 'pt-BR': 'só' } };
		const out = onlyLocale(props, 'en');
		expect(out).toEqual(props);
		expect(out.at).toBe(decree.validFrom);
	});

	test('the input is not changed, and an object shared twice is still written once', () => {
		const shared = { ...holiday };
		const props = { a: shared, b: shared };
		const out = onlyLocale(props, 'es');
		expect(out.a).toBe(out.b);
		expect(shared.names).toEqual(holiday.names);
		expect(stringify(out).length).toBeLessThan(stringify(props).length);
	});
});
