import { describe, expect, test } from 'vitest';
import { refusalWords } from './refusal';

describe('a refused complaint in the rider’s words, with what to do', () => {
	test('the form’s own errors: their words, and "fix it"', () => {
		expect(
			refusalWords(
				{
					status: 400,
					errors: { situations: 'Escolha o que aconteceu.', vehicle: 'Diga a moto.' }
				},
				'SEMAM'
			)
		).toEqual({ text: 'Escolha o que aconteceu. Diga a moto.', fix: true });
	});
	test('photos too large (413 before the form ran): "fix it"', () => {
		expect(refusalWords({ status: 413 }, 'SEMAM')).toMatchObject({ fix: true });
	});
	test('refused before the form ran (403): the code, try again, then the office', () => {
		const { text, fix } = refusalWords({ status: 403 }, 'SEMAM');
		expect(fix).toBe(false);
		expect(text).toContain('403');
		expect(text).toContain('SEMAM');
		expect(text).toContain('Tentar de novo');
		expect(text).not.toMatch(/sinal/i);
	});
});
