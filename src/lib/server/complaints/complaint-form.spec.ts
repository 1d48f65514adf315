import { describe, expect, test } from 'vitest';
import { parseAmount } from '$lib/domain/rider-input';
import { centavosOf, instantOf, requestOf } from './complaint-form';

describe('what the rider types → the complaint request', () => {
	test.each([
		['12', 1200],
		['12,5', 1250],
		['12,50', 1250],
		['R$ 9,00', 900],
		['1.012,50', 101250],
		['doze', NaN],
		['12.5', 1250],
		['12.50', 1250],
		['-3', NaN]
	])('%s → %s centavos', (text, centavos) => expect(centavosOf(text)).toBe(centavos));

	test('the server reads an amount exactly as the browser does (one parser)', () => {
		for (const text of ['12', '12,50', '12.50', '12.5', 'R$ 1.012,50', '12,505', 'doze'])
			expect(centavosOf(text)).toBe(parseAmount(text) ?? NaN);
	});

	test('a local date-time is Rolim de Moura time (UTC−4)', () => {
		expect(instantOf('2026-12-02T21:10', 'America/Porto_Velho')).toBe('2026-12-03T01:10:00.000Z');
		expect(instantOf('ontem', 'America/Porto_Velho')).toBe('ontem');
	});

	test('fields map onto the schema; "não sei" drops the vehicle; a stand gives coordinates', () => {
		const form = new FormData();
		form.set('veiculo', 'MT-007');
		form.set('nao_sei', 'on');
		form.set('veiculo_descricao', 'Moto azul');
		form.set('quando', '2026-12-02T21:10');
		form.append('situacoes', 'fumando');
		form.append('situacoes', 'cobrou-mais');
		form.set('valor_pago', '12,00');
		form.set('distancia_km', ' 2,5 ');
		form.set('onde_ponto', 'praca');
		form.set('nome', ' Ana ');
		const stands = [
			{
				id: 'praca',
				name: 'Praça',
				address: '',
				lat: -11.7,
				lng: -61.7,
				vagas: 3,
				note: null,
				prefixes: []
			}
		];
		expect(requestOf(form, 'America/Porto_Velho', stands)).toEqual({
			vehicle: null,
			vehicleUnknown: true,
			vehicleDescription: 'Moto azul',
			occurredAt: '2026-12-03T01:10:00.000Z',
			situations: ['fumando', 'cobrou-mais'],
			paidCentavos: 1200,
			// The schema reads it (`.` or `,`, 0 < km ≤ 100).
			distanceKm: '2,5',
			location: { lat: -11.7, lng: -61.7 },
			description: null,
			contact: { name: 'Ana', phone: '', email: '' }
		});
	});
});
