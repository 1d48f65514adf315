import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseBoundary } from '$lib/domain/geo';
import { rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import { auditLog, type Db } from '$lib/server/db';
import { GESTOR as staff, addGestor, closeTempDb, openTempDb } from '$lib/server/db/db.fixtures';
import { stand } from './stands.fixtures';
import { getStand, listStands, replaceStands, standsAreSample } from './stands';
import {
	checkStand,
	removeStand,
	saveStand,
	slugify,
	standForm,
	type StandForm
} from './stands-admin';
const boundaryText = rolimDeMouraFiles.boundary;

const boundary = parseBoundary(JSON.parse(boundaryText));
const knownPrefixes = new Set(['1', '7', '12']);
const rules = { boundary, knownPrefixes };

const form = (overrides: StandForm = {}): StandForm => ({
	id: '',
	name: 'Rodoviária',
	address: 'Av. 25 de Agosto, em frente à rodoviária',
	lat: '-11.7300',
	lng: '-61.7750',
	vagas: '6',
	note: '',
	prefixes: '007, 12',
	...overrides
});

let db: Db;

beforeEach(async () => {
	db = await openTempDb('stands-admin');
	await addGestor(db);
	await replaceStands(db, [stand('praca-central'), stand('hospital')], { sample: true });
});
afterEach(() => closeTempDb(db));

describe('checkStand: the import rules on one stand', () => {
	const check = (f: StandForm, editing: string | null = null) =>
		checkStand(f, rules, { editing, takenIds: new Set(['praca-central']) });

	test('a valid new stand: id from the name, prefixes canonical, comma decimals accepted', () => {
		const result = check(form({ name: 'Praça São José', lat: '-11,73', lng: '-61,775' }));
		expect(result).toEqual({
			ok: true,
			stand: {
				id: 'praca-sao-jose',
				name: 'Praça São José',
				address: 'Av. 25 de Agosto, em frente à rodoviária',
				lat: -11.73,
				lng: -61.775,
				vagas: 6,
				note: null,
				prefixes: ['7', '12']
			}
		});
	});

	const cases: [overrides: StandForm, field: string, message: RegExp, why: string][] = [
		[{ lat: 'abc' }, 'lat', /Latitude inválida/, 'not a number'],
		[{ lat: '-61.7750', lng: '-11.7300' }, 'lat', /trocadas/, 'lat and lng swapped'],
		[{ lat: '-10.0', lng: '-61.7750' }, 'lat', /fora do limite do município/, 'outside Rolim'],
		[{ vagas: '0' }, 'vagas', /vagas inválido/, 'no places'],
		[{ name: ' ' }, 'name', /Falta o nome/, 'a name is needed'],
		[{ prefixes: '007, 99' }, 'prefixes', /099 não está no cadastro/, 'unknown prefix'],
		[{ id: 'Praça' }, 'id', /Identificador inválido/, 'id is a slug'],
		[{ id: 'praca-central' }, 'id', /Já existe um ponto/, 'id taken']
	];
	for (const [overrides, field, message, why] of cases)
		test(`${JSON.stringify(overrides)} → error on ${field}: ${why}`, () => {
			const result = check(form(overrides));
			expect(result.ok).toBe(false);
			if (!result.ok) expect(result.errors[field as keyof typeof result.errors]).toMatch(message);
		});

	test('editing keeps the id of the URL, whatever the form says', () => {
		const result = check(form({ id: 'outro' }), 'praca-central');
		expect(result).toMatchObject({ ok: true, stand: { id: 'praca-central' } });
	});

	test('slugify', () => {
		expect(slugify('  Praça  São José (Centro) ')).toBe('praca-sao-jose-centro');
	});
});

describe('saveStand / removeStand', () => {
	test('add: on the list at once, real data, audited', async () => {
		const result = await saveStand(db, staff, form(), { ...rules, editing: null });
		expect(result).toMatchObject({ ok: true, stand: { id: 'rodoviaria' } });
		expect((await listStands(db)).map((s) => s.id)).toEqual([
			'hospital',
			'praca-central',
			'rodoviaria'
		]);
		const row = await db
			.selectFrom('stand')
			.select('sample')
			.where('id', '=', 'rodoviaria')
			.executeTakeFirstOrThrow();
		expect(row.sample).toBe(0);
		// The untouched sample stands are still fictional.
		expect(await standsAreSample(db)).toBe(true);
		const [entry] = await auditLog(db, { entity: 'stand' });
		expect(entry).toMatchObject({ action: 'stand.create', entityId: 'rodoviaria', before: null });
	});

	test('edit: fields and prefixes replaced, before → after audited', async () => {
		const before = await getStand(db, 'hospital');
		if (!before) throw new Error('fixture');
		const result = await saveStand(
			db,
			staff,
			{ ...standForm(before), vagas: '9', prefixes: '12' },
			{ ...rules, editing: 'hospital' }
		);
		expect(result.ok).toBe(true);
		expect(await getStand(db, 'hospital')).toMatchObject({ vagas: 9, prefixes: ['12'] });
		const [entry] = await auditLog(db, { entity: 'stand' });
		expect(entry).toMatchObject({
			action: 'stand.update',
			before: { vagas: 5, prefixes: ['1', '7'] },
			after: { vagas: 9, prefixes: ['12'] }
		});
	});

	test('a refused form changes nothing', async () => {
		const result = await saveStand(db, staff, form({ vagas: 'muitas' }), {
			...rules,
			editing: null
		});
		expect(result.ok).toBe(false);
		expect(await listStands(db)).toHaveLength(2);
		expect(await auditLog(db, { entity: 'stand' })).toEqual([]);
	});

	test('editing a stand that does not exist', async () => {
		expect(await saveStand(db, staff, form(), { ...rules, editing: 'nenhum' })).toEqual({
			ok: false,
			notFound: true
		});
	});

	test('remove: gone from the list, audited; the last stand stays', async () => {
		expect(await removeStand(db, staff, 'hospital')).toBe('removed');
		expect((await listStands(db)).map((s) => s.id)).toEqual(['praca-central']);
		expect(await removeStand(db, staff, 'hospital')).toBe('not_found');
		expect(await removeStand(db, staff, 'praca-central')).toBe('last');
		const log = await auditLog(db, { entity: 'stand' });
		expect(log.map((r) => [r.action, r.entityId])).toEqual([['stand.remove', 'hospital']]);
	});
});
