import { describe, expect, test } from 'vitest';
import { mergeMine, mineOf, plainMine, receiptOf, type MineEntry } from './mine';

const TOKEN = 'abcdefghijklmnopqrstuvwx';

describe('Minhas reclamações: what the phone keeps of a sent complaint', () => {
	test('a receipt URL gives its protocol and token', () => {
		expect(receiptOf(`/reclamacoes/RM-2026-000123?token=${TOKEN}`)).toEqual({
			protocol: 'RM-2026-000123',
			token: TOKEN
		});
		expect(receiptOf(`/en/reclamacoes/RM-2026-000123?token=${TOKEN}`)?.protocol).toBe(
			'RM-2026-000123'
		);
	});
	test('anything else is not a receipt', () => {
		for (const url of [
			'/reclamar',
			'/reclamacoes/RM-2026-1?token=x',
			'/reclamacoes/RM-2026-000123'
		])
			expect(receiptOf(url), url).toBeNull();
	});
	test('an outbox send keeps protocol, token, date, vehicle and situations', () => {
		const fields: [string, string | Blob][] = [
			['veiculo', ' 007 '],
			['situacoes', 'cobrou-mais'],
			['situacoes', 'desrespeito'],
			['valor_pago', '12,50'],
			['telefone', '(69) 99988-7766']
		];
		const entry = mineOf(
			`/reclamacoes/RM-2026-000001?token=${TOKEN}`,
			fields,
			'2026-12-02T15:00:00.000Z'
		);
		expect(entry).toMatchObject({
			protocol: 'RM-2026-000001',
			token: TOKEN,
			createdAt: '2026-12-02T15:00:00.000Z',
			vehicle: '007',
			situations: ['cobrou-mais', 'desrespeito'],
			status: 'recebida'
		});
		// Contact data stays out of the phone's list.
		expect(JSON.stringify(entry)).not.toContain('99988');
	});
	test('"não sei" keeps no vehicle', () => {
		const entry = mineOf(
			`/reclamacoes/RM-2026-000002?token=${TOKEN}`,
			[
				['veiculo', '007'],
				['nao_sei', 'on']
			],
			'2026-12-02T15:00:00.000Z'
		);
		expect(entry?.vehicle).toBeNull();
	});
});

describe('what the list stores is plain data (IndexedDB clones it)', () => {
	// A page's reactive state hands proxies (Svelte's $state): the browser cannot clone them.
	const reactive = <T extends object>(value: T): T => new Proxy(value, {});
	const entry: MineEntry = reactive({
		protocol: 'RM-2026-000003',
		token: TOKEN,
		createdAt: '2026-12-02T15:00:00.000Z',
		vehicle: '007',
		situations: reactive(['fumando']),
		status: 'em_analise',
		statusAt: '2026-12-03T15:00:00.000Z'
	});

	test('a proxy cannot be cloned; its plain copy can, with the same fields', () => {
		expect(() => structuredClone(entry)).toThrow();
		const plain = plainMine(entry);
		expect(structuredClone(plain)).toEqual({ ...entry, situations: ['fumando'] });
	});

	test('only the list’s fields are kept', () => {
		const more = { ...entry, description: 'texto', contact: { phone: '69999887766' } };
		expect(Object.keys(plainMine(more)).sort()).toEqual(
			['createdAt', 'protocol', 'situations', 'status', 'statusAt', 'token', 'vehicle'].sort()
		);
	});

	test('an update keeps the first date and what it leaves out (the outbox key)', () => {
		const first = { ...plainMine(entry), key: 'k1', status: 'recebida' };
		const later = { ...plainMine(entry), createdAt: '2026-12-05T00:00:00.000Z' };
		expect(mergeMine(first, later)).toMatchObject({
			createdAt: '2026-12-02T15:00:00.000Z',
			key: 'k1',
			status: 'em_analise'
		});
	});
});
