import { describe, expect, test } from 'vitest';
import type { Holiday } from './holidays';
import { parseDayForm, parseDecreeForm, parseReais, slug } from './rules-form';

describe('amounts in reais, as typed in Brazil', () => {
	test.each([
		['7', 700],
		['7,5', 750],
		['7,50', 750],
		['R$ 7,50', 750],
		['R$\u00a09,00', 900],
		['1.234,56', 123456],
		['7.50', 750],
		['0,99', 99]
	])('%s → %i centavos', (text, centavos) => expect(parseReais(text)).toBe(centavos));
	test.each(['', 'sete', '7,505', '-7', '7,50,1', '1.2345'])('%s is not an amount', (text) =>
		expect(parseReais(text)).toBeNull()
	);
});

const today = '2029-06-01';
const ctx = { today, taken: new Set(['2031-01-01']) };
const good = {
	referencia: 'Decreto nº 123/2029',
	vigencia: '2030-01-01',
	bandeira1: '8,00',
	bandeira2: '11,00'
};

describe('the decree form (Art. 15–17)', () => {
	test('a complete decree', () => {
		const r = parseDecreeForm(good, ctx);
		expect(r).toEqual({
			ok: true,
			value: {
				reference: 'Decreto nº 123/2029',
				validFrom: '2030-01-01',
				bandeiras: { 1: { flagfall: 800 }, 2: { flagfall: 1100 } },
				surcharges: []
			}
		});
	});

	test('per km of both bandeiras and a surcharge', () => {
		const r = parseDecreeForm(
			{
				...good,
				km1: '1,50',
				km2: '1,95',
				adicionalNome: 'Loteamento afastado',
				adicionalValor: '1'
			},
			ctx
		);
		expect(r.ok && r.value.bandeiras[1]).toEqual({ flagfall: 800, perKm: 150 });
		expect(r.ok && r.value.surcharges).toEqual([
			{ id: 'loteamento-afastado', label: 'Loteamento afastado', centavos: 100, places: [] }
		]);
	});

	const bad: [name: string, form: Record<string, string>, field: string, text: RegExp][] = [
		['no reference', { ...good, referencia: '' }, 'referencia', /Informe o decreto/],
		[
			'a table that is not a decree',
			{ ...good, referencia: 'Tabela 2029' },
			'referencia',
			/fixada por decreto/
		],
		[
			'a past date (no retroactive rule)',
			{ ...good, vigencia: '2029-05-31' },
			'vigencia',
			/anterior a hoje/
		],
		['a date that does not exist', { ...good, vigencia: '2030-02-30' }, 'vigencia', /inválida/],
		['a date already taken', { ...good, vigencia: '2031-01-01' }, 'vigencia', /Já há um decreto/],
		['no bandeira I', { ...good, bandeira1: '' }, 'bandeira1', /Informe o valor/],
		['words for money', { ...good, bandeira2: 'dez' }, 'bandeira2', /Valor inválido/],
		['bandeira II below I', { ...good, bandeira2: '7,00' }, 'bandeira2', /não pode ser menor/],
		['a zero fare', { ...good, bandeira1: '0' }, 'bandeira1', /maior que zero/],
		['a typo of thousands', { ...good, bandeira1: '7.500' }, 'bandeira1', /R\$ 1\.000,00/],
		['per km of one bandeira only', { ...good, km1: '1,50' }, 'km2', /duas bandeiras/],
		[
			'a surcharge with no value',
			{ ...good, adicionalNome: 'X' },
			'adicionalValor',
			/valor do adicional/
		],
		[
			'a surcharge with no name',
			{ ...good, adicionalValor: '1' },
			'adicionalNome',
			/a que se aplica/
		]
	];
	for (const [name, form, field, text] of bad) {
		test(`refused: ${name}`, () => {
			const r = parseDecreeForm(form, ctx);
			expect(r.ok).toBe(false);
			if (!r.ok) expect(r.errors[field as keyof typeof r.errors]).toMatch(text);
		});
	}

	test("a table that is not a decree: the refusal cites the regime's fare-decree provision (Rolim de Moura: Art. 15), or none", () => {
		const table = { ...good, referencia: 'Tabela 2029' };
		const cited = parseDecreeForm(table, { ...ctx, decreeCite: 'Art. 15' });
		expect(cited.ok || cited.errors.referencia).toMatch(/fixada por decreto, Art\. 15\)/);
		const none = parseDecreeForm(table, { ...ctx, decreeCite: null });
		expect(none.ok || none.errors.referencia).toMatch(/fixada por decreto\)/);
	});

	test('today is accepted (a decree may start today)', () => {
		expect(parseDecreeForm({ ...good, vigencia: today }, ctx).ok).toBe(true);
	});
});

describe('the decreed-day form (Art. 16 §1º)', () => {
	const aniversario: Holiday = {
		date: '2030-08-05',
		name: 'Aniversário de Rolim de Moura',
		scope: 'municipal',
		source: 'x'
	};
	const dctx = {
		today,
		holidaysOn: (date: string) => (date === '2030-08-05' ? [aniversario] : []),
		taken: new Set(['2030-09-01'])
	};
	const day = {
		data: '2030-03-05',
		tipo: 'add',
		nome: 'Feriado decretado',
		decreto: 'Decreto nº 9/2030'
	};

	test('adding a holiday on a weekday', () => {
		expect(parseDayForm(day, dctx)).toEqual({
			ok: true,
			value: {
				date: '2030-03-05',
				action: 'add',
				name: 'Feriado decretado',
				reference: 'Decreto nº 9/2030'
			}
		});
	});
	test('removing the municipal holiday', () => {
		expect(parseDayForm({ ...day, data: '2030-08-05', tipo: 'remove' }, dctx).ok).toBe(true);
	});
	test('closing the office on a weekday that is no holiday (deadlines stop, the bandeira does not change)', () => {
		expect(parseDayForm({ ...day, tipo: 'close', nome: 'Ponto facultativo' }, dctx)).toEqual({
			ok: true,
			value: {
				date: '2030-03-05',
				action: 'close',
				name: 'Ponto facultativo',
				reference: 'Decreto nº 9/2030'
			}
		});
	});

	const bad: [name: string, form: Record<string, string>, field: string, text: RegExp][] = [
		[
			'adding a day that already is a holiday',
			{ ...day, data: '2030-08-05' },
			'data',
			/já é feriado \(Aniversário/
		],
		['removing a day that is no holiday', { ...day, tipo: 'remove' }, 'data', /não é feriado/],
		['a past date', { ...day, data: '2029-01-01' }, 'data', /anterior a hoje/],
		[
			'a date with a decreed day already',
			{ ...day, data: '2030-09-01' },
			'data',
			/Já há um dia decretado/
		],
		[
			'closing the office on a holiday',
			{ ...day, data: '2030-08-05', tipo: 'close' },
			'data',
			/já é feriado \(Aniversário.*a repartição já não abre/
		],
		[
			'closing the office on a Sunday',
			{ ...day, data: '2030-03-10', tipo: 'close' },
			'data',
			/10\/03\/2030 é fim de semana/
		],
		['no choice', { ...day, tipo: '' }, 'tipo', /Escolha/],
		['an unknown choice', { ...day, tipo: 'fechar' }, 'tipo', /fecha a repartição/],
		['no name', { ...day, nome: ' ' }, 'nome', /Informe o nome/],
		['no decree', { ...day, decreto: 'Portaria 3' }, 'decreto', /decreto/]
	];
	for (const [name, form, field, text] of bad) {
		test(`refused: ${name}`, () => {
			const r = parseDayForm(form, dctx);
			expect(r.ok).toBe(false);
			if (!r.ok) expect(r.errors[field as keyof typeof r.errors]).toMatch(text);
		});
	}
});

test('surcharge ids are stable slugs', () => {
	expect(slug('Destino em loteamento afastado')).toBe('destino-em-loteamento-afastado');
	expect(slug('Área rural — além do anel')).toBe('area-rural-alem-do-anel');
	expect(slug('!!!')).toBe('adicional');
});
