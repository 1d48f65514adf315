import { describe, expect, test } from 'vitest';
import { keyFor, lostOrBusy, wordsOf } from './sending';

describe('keyFor', () => {
	test('a new key is kept; the same content again keeps it', () => {
		const used: Record<string, string> = {};
		expect(keyFor(used, 'k1', 'a', () => 'k2')).toBe('k1');
		expect(keyFor(used, 'k1', 'a', () => 'k2')).toBe('k1');
		expect(used).toEqual({ k1: 'a' });
	});

	test('other content under a used key gets a fresh key', () => {
		const used: Record<string, string> = { k1: 'a' };
		expect(keyFor(used, 'k1', 'b', () => 'k2')).toBe('k2');
		expect(used).toEqual({ k1: 'a', k2: 'b' });
	});
});

describe('lostOrBusy', () => {
	test('no answer, a 5xx or a 429 wait for another try', () => {
		expect(lostOrBusy({ type: 'error', error: null })).toBe(true);
		expect(lostOrBusy({ type: 'error', status: 503, error: null })).toBe(true);
		expect(lostOrBusy({ type: 'error', status: 429, error: null })).toBe(true);
	});

	test('another refusal, or an answer, does not', () => {
		expect(lostOrBusy({ type: 'error', status: 413, error: null })).toBe(false);
		expect(lostOrBusy({ type: 'failure', status: 400, data: {} })).toBe(false);
		expect(lostOrBusy({ type: 'redirect', status: 303, location: '/x' })).toBe(false);
	});
});

describe('wordsOf', () => {
	const say = {
		none: 'Veículo não informado',
		vehicle: (v: string) => `Veículo ${v}`,
		situations: [
			{
				code: 'cobrou-mais',
				wording: { 'pt-BR': 'Cobrou a mais', es: 'Cobró de más', en: 'Overcharged' }
			}
		]
	};
	const data = (entries: [string, string | File][]) => {
		const f = new FormData();
		for (const [k, v] of entries) f.append(k, v);
		return f;
	};

	test('the vehicle, the situations in words, the money as money', () => {
		const words = wordsOf(
			data([
				['veiculo', ' 007 '],
				['situacoes', 'cobrou-mais'],
				['situacoes', 'outra'],
				['valor_pago', '12,50']
			]),
			say,
			'pt-BR'
		);
		expect(words.vehicle).toBe('Veículo 007');
		expect(words.situations).toEqual(['Cobrou a mais', 'outra']);
		expect(words.paid).toMatch(/^R\$\s?12,50$/);
		expect(words.audio).toBe(false);
	});

	test('"não sei", or no vehicle typed: the vehicle is unknown; a recording is said', () => {
		const audio = new File(['x'], 'a.webm', { type: 'audio/webm' });
		expect(
			wordsOf(
				data([
					['veiculo', '007'],
					['nao_sei', 'on']
				]),
				say,
				'pt-BR'
			).vehicle
		).toBe(say.none);
		const words = wordsOf(
			data([
				['veiculo', ' '],
				['audio', audio]
			]),
			say,
			'pt-BR'
		);
		expect(words.vehicle).toBe(say.none);
		expect(words.paid).toBe('');
		expect(words.audio).toBe(true);
	});
});
