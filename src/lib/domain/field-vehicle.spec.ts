/**
 * A vehicle outside the registry in the field mode. The municipal penalties fall on authorized
 * drivers (Rolim de Moura, Lei 2.059/2011 Art. 19 "sujeitam os autorizados"; Feira de Santana,
 * Lei 3.815/2018 Art. 44 caput "aos condutores, principal e auxiliar"): an authorized driver on a
 * vehicle the office did not authorize commits the law's own offence (Rolim Art. 22, II and
 * Art. 24, III "trafegar com veículo não autorizado"; Feira Art. 44, XLIV); anyone else is the
 * traffic authority's case (CTB art. 231, VIII). Porto Velho's law has no catalogue in the app.
 */
import { describe, expect, test } from 'vitest';
import { readTypedVehicle, registeredPlate, unlistedReach } from './field-vehicle';
import { fieldConducts } from './field';
import { profileFixture } from '$lib/profile/fixtures';

describe('the typed vehicle (plate in either format, make/model, colour)', () => {
	const cases: [input: unknown, expected: unknown, why: string][] = [
		[
			{ placa: 'abc-1234', modelo: ' Honda  CG 160 ', cor: 'vermelha' },
			{ ok: true, vehicle: { placa: 'ABC1234', modelo: 'Honda CG 160', cor: 'vermelha' } },
			'the old format, spaces folded'
		],
		[
			{ placa: 'ABC1C34', modelo: 'Yamaha Factor 150', cor: 'preta' },
			{ ok: true, vehicle: { placa: 'ABC1C34', modelo: 'Yamaha Factor 150', cor: 'preta' } },
			'the Mercosul format'
		],
		[{ placa: '7', modelo: 'Honda', cor: 'azul' }, { ok: false, problem: 'placa' }, 'a prefix'],
		[{ placa: 'AB1234', modelo: 'Honda', cor: 'azul' }, { ok: false, problem: 'placa' }, 'short'],
		[{ modelo: 'Honda', cor: 'azul' }, { ok: false, problem: 'placa' }, 'no plate'],
		[
			{ placa: 'ABC1234', modelo: 'H', cor: 'azul' },
			{ ok: false, problem: 'modelo' },
			'one letter'
		],
		[
			{ placa: 'ABC1234', modelo: '<script>', cor: 'azul' },
			{ ok: false, problem: 'modelo' },
			'markup'
		],
		[
			{ placa: 'ABC1234', modelo: 'Honda', cor: 'x'.repeat(31) },
			{ ok: false, problem: 'cor' },
			'too long'
		],
		[{ placa: 'ABC1234', modelo: 'Honda', cor: 3 }, { ok: false, problem: 'cor' }, 'not text'],
		[null, { ok: false, problem: 'placa' }, 'nothing']
	];
	for (const [input, expected, why] of cases)
		test(why, () => expect(readTypedVehicle(input)).toEqual(expected));

	test('a plate the registry holds is found in either format', () => {
		const entries = [{ prefixo: '7', placa: 'NDJ8041' }];
		expect(registeredPlate(entries, 'NDJ8A41')?.prefixo).toBe('7');
		expect(registeredPlate(entries, 'NDJ8042')).toBeNull();
	});
});

describe('what the law in force can do about it', () => {
	for (const [id, articles] of [
		['rolim-de-moura', ['art22-II', 'art24-III']],
		['feira-de-santana', ['art44-XLIV']]
	] as const) {
		const loaded = profileFixture(id);
		const law = loaded.profile.laws.at(-1)!;
		const catalog = loaded.offenseCatalogs.find((c) => c.lawId === law.id)!;
		const codes = fieldConducts(catalog, () => null).map((c) => c.code);

		test(`${id}: an authorized driver answers for it (${articles.join(', ')})`, () => {
			const reach = unlistedReach(law, true, codes);
			expect(reach).toEqual({ kind: 'auto', conducts: ['moto-nao-autorizada'] });
			const conduct = fieldConducts(catalog, () => null).find(
				(c) => c.code === 'moto-nao-autorizada'
			);
			expect(conduct?.provisions.map((p) => p.article)).toEqual(articles);
		});

		test(`${id}: nobody authorized — the forward under CTB art. 231, VIII`, () => {
			const reach = unlistedReach(law, false, codes);
			expect(reach).toMatchObject({
				kind: 'forward',
				cite: 'Código de Trânsito Brasileiro (Lei 9.503/1997), art. 231, VIII'
			});
		});
	}

	test('porto-velho: no catalogue in the app — always the forward', () => {
		const law = profileFixture('porto-velho').profile.laws.at(-1)!;
		expect(unlistedReach(law, true, []).kind).toBe('forward');
	});

	test('a conduct the catalogue lacks cannot be recorded: the forward', () => {
		const law = {
			unlicensed: { cite: 'CTB', authority: { 'pt-BR': 'x', es: 'x', en: 'x' }, conducts: ['y'] }
		};
		expect(unlistedReach(law, true, ['z']).kind).toBe('forward');
		expect(unlistedReach(null, true, ['y'])).toEqual({
			kind: 'forward',
			cite: null,
			authority: null
		});
	});
});
