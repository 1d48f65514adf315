import { describe, expect, test } from 'vitest';
import { chosenWithLink, prefillOf, vehicleOf } from './prefill';

const codes = new Set(['cobrou-mais', 'moto-nao-autorizada']);

describe('what a link to /reclamar carries, read alike by the server and the kept page', () => {
	const cases: [search: string, veiculo: string, situacao: string | null, why: string][] = [
		['?veiculo=007', '007', null, '"Reclamar deste veículo"'],
		[
			'?veiculo=999&situacao=moto-nao-autorizada',
			'999',
			'moto-nao-autorizada',
			'"Denunciar mototáxi não autorizado"'
		],
		['?veiculo=MT-007', 'MT-007', null, 'a prefix as painted'],
		['?veiculo=NDJ-8041', 'NDJ-8041', null, 'a plate'],
		['?veiculo=%3Cb%3E7', 'b7', null, 'markup is not a vehicle code'],
		['?veiculo=123456789012345678901234', '12345678901234567890', null, 'at most 20 characters'],
		['?situacao=nada', '', null, 'a situation no catalog has'],
		['', '', null, 'no query']
	];
	for (const [search, veiculo, situacao, why] of cases)
		test(`${search || '(none)'} → ${veiculo || '—'}, ${situacao ?? '—'}: ${why}`, () =>
			expect(prefillOf(search, codes)).toEqual({ veiculo, situacao }));

	test('vehicleOf keeps a prefix as typed', () => expect(vehicleOf(' mt 7')).toBe(' mt 7'));
});

describe('chosenWithLink', () => {
	const page = { veiculo: '', situacao: null };

	test('the link says what the page said: nothing changes', () => {
		expect(chosenWithLink(page, { veiculo: '', situacao: null }, ['x'])).toBeNull();
	});

	test("the link's situation joins those chosen, once", () => {
		const link = { veiculo: '007', situacao: 'cobrou-mais' };
		expect(chosenWithLink(page, link, ['x'])).toEqual(['x', 'cobrou-mais']);
		expect(chosenWithLink(page, link, ['cobrou-mais'])).toEqual(['cobrou-mais']);
		expect(chosenWithLink(page, { veiculo: '007', situacao: null }, ['x'])).toEqual(['x']);
	});
});
