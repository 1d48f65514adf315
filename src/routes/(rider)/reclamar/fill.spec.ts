import { describe, expect, it } from 'vitest';
import { fill } from './fill';

describe('fill', () => {
	it('fills each placeholder, once, with its value', () => {
		expect(fill('Moto {vehicle}', { vehicle: '007' })).toBe('Moto 007');
		expect(fill('{flag}: {legal}.', { flag: 'II', legal: 'R$ 7,50' })).toBe('II: R$ 7,50.');
		// A value is not read again for placeholders.
		expect(fill('{a} {b}', { a: '{b}', b: 'x' })).toBe('{b} x');
	});

	it('leaves a placeholder without a value as it is', () => {
		expect(fill('código {status}', {})).toBe('código {status}');
	});
});
