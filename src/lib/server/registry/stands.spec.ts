import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseBoundary } from '$lib/domain/geo';
import { rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import type { Db } from '$lib/server/db';
import { closeTempDb, openTempDb } from '$lib/server/db/db.fixtures';
import { stand } from './stands.fixtures';
import { ensureSampleStands, getStand, listStands, replaceStands, standsAreSample } from './stands';
const boundaryText = rolimDeMouraFiles.boundary;
const sampleText = rolimDeMouraFiles.standsSample;

const boundary = parseBoundary(JSON.parse(boundaryText));
const ALL_SAMPLE_PREFIXES = new Set(Array.from({ length: 60 }, (_, i) => String(i + 1)));

let db: Db;

beforeEach(async () => {
	db = await openTempDb('stands');
});
afterEach(() => closeTempDb(db));

describe('replaceStands → listStands / getStand', () => {
	test('an empty database has no stands, and they are not sample', async () => {
		expect(await listStands(db)).toEqual([]);
		expect(await getStand(db, 'praca-central')).toBeNull();
		expect(await standsAreSample(db)).toBe(false);
	});

	test('every field round-trips; ordered by name in pt-BR, prefixes as numbers', async () => {
		const stands = [
			stand('zona-sul', { name: 'Zona Sul', prefixes: ['10', '2', '44'] }),
			stand('avenida', {
				name: 'Ávila',
				note: 'Das 6h às 22h',
				vagas: 8,
				lat: -11.74,
				lng: -61.79
			}),
			stand('base', { name: 'Banco', prefixes: [] }),
			stand('acai', { name: 'Açaí' })
		];
		await replaceStands(db, stands, { sample: false, updatedAt: '2026-12-02T14:00:00.000Z' });
		const listed = await listStands(db);
		expect(listed.map((s) => s.name)).toEqual(['Açaí', 'Ávila', 'Banco', 'Zona Sul']);
		expect(listed[1]).toEqual(stands[1]);
		expect(listed[3]?.prefixes).toEqual(['2', '10', '44']);
		expect(await getStand(db, 'zona-sul')).toEqual({ ...stands[0], prefixes: ['2', '10', '44'] });
		expect(await getStand(db, 'base')).toEqual(stands[2]);
		expect(await getStand(db, 'nao-existe')).toBeNull();
	});

	test('coordinates keep full double precision', async () => {
		const precise = stand('a', { lat: -11.727123456789, lng: -61.771498765432 });
		await replaceStands(db, [precise], { sample: false });
		expect(await getStand(db, 'a')).toEqual(precise);
	});

	test('a replacement removes stands and prefixes that are gone', async () => {
		await replaceStands(db, [stand('a'), stand('b')], { sample: true });
		expect(await standsAreSample(db)).toBe(true);
		await replaceStands(db, [stand('b', { prefixes: ['3'] }), stand('c')], { sample: false });
		expect((await listStands(db)).map((s) => [s.id, s.prefixes])).toEqual([
			['b', ['3']],
			['c', ['1', '7']]
		]);
		expect(await standsAreSample(db)).toBe(false);
		expect(await db.selectFrom('stand_prefix').select('stand_id').execute()).toHaveLength(3);
	});

	test('all or nothing: a failure halfway leaves the previous stands', async () => {
		await replaceStands(db, [stand('a'), stand('b')], { sample: false });
		const before = await listStands(db);
		// The second stand repeats an id: its INSERT fails after the deletes ran.
		await expect(replaceStands(db, [stand('c'), stand('c')], { sample: false })).rejects.toThrow();
		// Same prefix twice at one stand: the stand rows go in, the prefix rows fail.
		await expect(
			replaceStands(db, [stand('d', { prefixes: ['5', '5'] })], { sample: false })
		).rejects.toThrow();
		expect(await listStands(db)).toEqual(before);
	});

	test('an empty list or a bad instant is refused', async () => {
		await replaceStands(db, [stand('a')], { sample: false });
		await expect(replaceStands(db, [], { sample: false })).rejects.toThrow(/nenhum ponto/);
		await expect(
			replaceStands(db, [stand('b')], { sample: false, updatedAt: 'ontem' })
		).rejects.toThrow(/ISO 8601/);
		expect((await listStands(db)).map((s) => s.id)).toEqual(['a']);
	});

	test('updated_at is written for every stand', async () => {
		await replaceStands(db, [stand('a'), stand('b')], {
			sample: false,
			updatedAt: '2026-12-02T14:00:00.000Z'
		});
		const rows = await db.selectFrom('stand').select('updated_at').execute();
		expect(rows.map((r) => r.updated_at)).toEqual([
			'2026-12-02T14:00:00.000Z',
			'2026-12-02T14:00:00.000Z'
		]);
	});
});

describe('ensureSampleStands', () => {
	test('loads the 8 fictional stands once, marked as sample', async () => {
		const context = { boundary, knownPrefixes: ALL_SAMPLE_PREFIXES };
		expect(await ensureSampleStands(db, sampleText, context)).toBe(8);
		expect(await ensureSampleStands(db, sampleText, context)).toBeNull();
		const stands = await listStands(db);
		expect(stands).toHaveLength(8);
		expect(stands.every((s) => s.name.endsWith('(exemplo)'))).toBe(true);
		expect(await standsAreSample(db)).toBe(true);
	});

	test('is a no-op when any stand exists', async () => {
		await replaceStands(db, [stand('real')], { sample: false });
		expect(
			await ensureSampleStands(db, sampleText, { boundary, knownPrefixes: ALL_SAMPLE_PREFIXES })
		).toBeNull();
		expect((await listStands(db)).map((s) => s.id)).toEqual(['real']);
	});

	test('keeps only the prefixes the published registry knows', async () => {
		const knownPrefixes = new Set(['1', '2', '3']);
		expect(await ensureSampleStands(db, sampleText, { boundary, knownPrefixes })).toBe(8);
		const prefixes = (await listStands(db)).flatMap((s) => s.prefixes);
		expect(new Set(prefixes)).toEqual(knownPrefixes);
	});

	test('a broken sample is a bug: it throws and loads nothing', async () => {
		const broken = sampleText.replace('"vagas": 8', '"vagas": 0');
		await expect(
			ensureSampleStands(db, broken, { boundary, knownPrefixes: ALL_SAMPLE_PREFIXES })
		).rejects.toThrow(/ponto 1: Número de vagas inválido/);
		expect(await listStands(db)).toEqual([]);
	});
});
