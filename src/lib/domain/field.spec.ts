/**
 * The field mode's pure parts. The catalogue is the whole law: Lei 2.059/2011 (Rolim de Moura)
 * situations and the incisos no rider can observe (Art. 20, II is the passenger's attire), each
 * found by words or by article and inciso; numbers come from the device's blocks in order; a
 * phone's clock off by more than five minutes is said; an auto before the law (in force from
 * 2011-10-24) or in the future is refused.
 */
import { describe, expect, test } from 'vitest';
import { offenseCatalogs } from '$lib/profile/offenses';
import {
	autoNumber,
	correctedInstant,
	fieldConducts,
	fieldDateProblem,
	nextFieldNumber,
	numbersLeft,
	parseAutoNumber,
	searchConducts
} from './field';

const catalog = offenseCatalogs.at(-1)!;
const conducts = fieldConducts(catalog, (a) => (a === 'art20-II' ? 'trajes e asseio' : null));

describe('the whole catalogue, searchable', () => {
	test('situations and the incisos no rider can observe are all there, each once', () => {
		expect(conducts.some((c) => c.code === 'fumando')).toBe(true);
		expect(conducts.find((c) => c.code === 'inciso:art20-II')?.label).toBe('trajes e asseio');
		const codes = conducts.map((c) => c.code);
		expect(new Set(codes).size).toBe(codes.length);
	});

	test.each([
		// Art. 20, VII: smoking (Lei 2.059/2011).
		['art 20, VII', 'fumando'],
		['Art. 20 VII', 'fumando'],
		['20-vii', 'fumando'],
		['fumou', 'fumando'],
		['FUMOU corrida', 'fumando'],
		['asseio', 'inciso:art20-II']
	])('%s finds %s', (query, code) => {
		expect(searchConducts(conducts, query).map((c) => c.code)).toContain(code);
	});

	test('a query that names nothing finds nothing; an empty one finds all', () => {
		expect(searchConducts(conducts, 'xyzzy')).toEqual([]);
		expect(searchConducts(conducts, '  ')).toHaveLength(conducts.length);
		expect(searchConducts(conducts, 'art 99')).toEqual([]);
	});
});

describe('numbers from blocks', () => {
	const blocks = [
		{ year: 2026, first: 1, last: 2 },
		{ year: 2026, first: 11, last: 12 }
	];
	test.each([
		[[], 'AI-2026-000001', 4],
		[['AI-2026-000001'], 'AI-2026-000002', 3],
		[['AI-2026-000001', 'AI-2026-000002'], 'AI-2026-000011', 2],
		[['AI-2026-000001', 'AI-2026-000002', 'AI-2026-000011', 'AI-2026-000012'], null, 0]
	])('used %j → next %s, %i left', (used, next, left) => {
		expect(nextFieldNumber(blocks, used)).toBe(next);
		expect(numbersLeft(blocks, used)).toBe(left);
	});
	test('the format round-trips', () => {
		expect(parseAutoNumber(autoNumber(2026, 7))).toEqual({ year: 2026, seq: 7 });
		expect(parseAutoNumber('AI-26-7')).toBeNull();
	});
});

describe('clock and dates', () => {
	test.each([
		[null, false],
		[4 * 60_000, false],
		[-6 * 60_000, true]
	])('offset %s → off %s', (offset, off) => {
		const r = correctedInstant(1_000_000, offset);
		expect(r.off).toBe(off);
		expect(r.at.getTime()).toBe(1_000_000 + (offset ?? 0));
	});

	const now = new Date('2026-11-20T15:00:00Z');
	test.each([
		['2026-11-20T14:50:00Z', '2026-11-20', null],
		['2026-11-20T15:04:00Z', '2026-11-20', null],
		['2026-11-20T16:00:00Z', '2026-11-20', 'future'],
		['2010-01-01T12:00:00Z', '2010-01-01', 'beforeLaw']
	] as const)('%s → %s', (at, day, problem) => {
		expect(fieldDateProblem(new Date(at), now, day, offenseCatalogs)).toBe(problem);
	});
	test('a day whose law has no catalogue (its text unavailable) is refused', () => {
		expect(
			fieldDateProblem(now, now, '2026-11-20', [
				{ validFrom: '2020-01-01', unclassified: 'Texto da lei indisponível.' }
			])
		).toBe('noCatalog');
	});
});
