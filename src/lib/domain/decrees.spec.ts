import { describe, expect, test } from 'vitest';
import { effectiveDecreedDays, effectiveDecrees, firstRealDecree, removable } from './decrees';
import { decreeOn, type TariffDecree } from './tariff';

const decree = (id: string, validFrom: string, sample: boolean): TariffDecree => ({
	id,
	reference: id,
	validFrom,
	sample,
	bandeiras: { 1: { flagfall: 700 }, 2: { flagfall: 900 } },
	surcharges: []
});
const coop = decree('cooperativa-2016', '2016-01-01', true);
const exemplo = decree('exemplo-2026', '2026-01-01', true);

describe('effective decrees: a real decree ends the sample tables from its date (Art. 15)', () => {
	test('no real decree: the samples stay', () => {
		expect(effectiveDecrees([coop, exemplo], []).map((d) => d.id)).toEqual([
			'cooperativa-2016',
			'exemplo-2026'
		]);
		expect(firstRealDecree([coop, exemplo])).toBeNull();
	});

	const cases: [real: string, ids: string[], why: string][] = [
		['2030-01-01', ['cooperativa-2016', 'exemplo-2026', 'd'], 'after every sample: appended'],
		['2025-06-01', ['cooperativa-2016', 'd'], 'before the 2026 sample: that sample never returns'],
		['2026-01-01', ['cooperativa-2016', 'd'], 'same date as a sample: the real one wins'],
		['2015-01-01', ['d'], 'before every sample: no sample left']
	];
	for (const [validFrom, ids, why] of cases) {
		test(`real decree from ${validFrom}: ${why}`, () => {
			const all = effectiveDecrees([coop, exemplo], [decree('d', validFrom, false)]);
			expect(all.map((d) => d.id)).toEqual(ids);
		});
	}

	test('dates before the first real decree keep their answer (no retroactive change)', () => {
		const all = effectiveDecrees([coop, exemplo], [decree('d', '2030-01-01', false)]);
		expect(decreeOn('2029-12-31', all)?.id).toBe('exemplo-2026');
		expect(decreeOn('2030-01-01', all)?.id).toBe('d');
	});
});

describe('effective decreed days', () => {
	test('entered days come after the profile days, by date', () => {
		const p = { date: '2027-01-04', action: 'remove' as const, name: 'p', reference: 'x' };
		const a = { date: '2030-03-05', action: 'add' as const, name: 'a', reference: 'x' };
		const b = { date: '2029-03-05', action: 'add' as const, name: 'b', reference: 'x' };
		expect(effectiveDecreedDays([p], [a, b]).map((d) => d.name)).toEqual(['p', 'b', 'a']);
	});
});

describe('an entry can be removed only before its date comes', () => {
	test.each([
		['2030-01-01', '2029-12-31', true],
		['2030-01-01', '2030-01-01', false],
		['2030-01-01', '2030-01-02', false]
	])('entry of %s on %s → %s', (date, today, ok) => expect(removable(date, today)).toBe(ok));
});
