import { describe, expect, test } from 'vitest';
import { foldsOpen, openedEarly } from './folds';

const closed = { vehicle: false, other: false, more: false };
const base = {
	early: closed,
	errors: {},
	chosen: [],
	tileCodes: new Set(['cobrou-mais']),
	prefilled: '007',
	keptRecording: false
};

describe('foldsOpen', () => {
	test('a vehicle from the link, nothing wrong: every fold closed', () => {
		expect(foldsOpen(base)).toEqual(closed);
	});

	test('no vehicle yet: its fold opens to ask for it', () => {
		expect(foldsOpen({ ...base, prefilled: '' }).vehicle).toBe(true);
	});

	test('an error opens the fold of its field', () => {
		expect(foldsOpen({ ...base, errors: { occurredAt: 'x' } })).toEqual({
			...closed,
			vehicle: true
		});
		expect(foldsOpen({ ...base, errors: { situations: 'x' } })).toEqual({ ...closed, other: true });
		expect(foldsOpen({ ...base, errors: { 'contact.email': 'x' } })).toEqual({
			...closed,
			more: true
		});
	});

	test('a situation that is not a tile opens "Outra situação"; a tile does not', () => {
		expect(foldsOpen({ ...base, chosen: ['cobrou-mais'] }).other).toBe(false);
		expect(foldsOpen({ ...base, chosen: ['embriagado'] }).other).toBe(true);
	});

	test('a kept recording, or a fold opened before the script, stays open', () => {
		expect(foldsOpen({ ...base, keptRecording: true }).more).toBe(true);
		expect(foldsOpen({ ...base, early: { ...closed, other: true } }).other).toBe(true);
	});
});

describe('openedEarly', () => {
	test('on the server (no document): nothing was opened', () => {
		expect(openedEarly()).toEqual(closed);
	});
});
