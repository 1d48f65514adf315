import { describe, expect, test } from 'vitest';
import { lei2059Offenses as catalog } from '$lib/profile/rolim-de-moura';
import {
	PUBLIC_STATES,
	parseRequestFilters,
	toService,
	toServiceRequest,
	type PublicComplaint
} from './open311';

const TZ = 'America/Porto_Velho';
const situation = (code: string) => catalog.situations.find((s) => s.code === code)!;

describe('services: the situations a rider can report', () => {
	test('cobrou-mais → Art. 21, XVII (multa), GeoReport fields', () => {
		expect(toService(situation('cobrou-mais'), catalog, 'pt-BR')).toEqual({
			service_code: 'cobrou-mais',
			service_name: 'Cobrou mais do que a tabela',
			description: 'Cobrou mais do que a tabela. Lei 2.059/2011: Art. 21, XVII (multa).',
			metadata: false,
			type: 'realtime',
			keywords: 'art21-XVII,multa',
			group: 'Lei 2.059/2011, Art. 21'
		});
	});
	test('names follow the language; "outro" has its own group', () => {
		expect(toService(situation('cobrou-mais'), catalog, 'en').service_name).toBe(
			'Charged more than the official fare'
		);
		expect(toService(situation('outro'), catalog, 'pt-BR').group).toBe('Outros');
	});
	test('every situation is a service with a unique code', () => {
		const codes = catalog.situations.map((s) => toService(s, catalog, 'pt-BR').service_code);
		expect(new Set(codes).size).toBe(codes.length);
	});
});

const complaint: PublicComplaint = {
	protocol: 'RM-2026-000001',
	status: 'em_analise',
	createdAt: '2026-12-02T14:00:00.000Z',
	updatedAt: '2026-12-03T15:30:00.000Z',
	situations: ['cobrou-mais', 'fumando'],
	lat: -11.727_123,
	lng: -61.779_789,
	answerExtended: false,
	publicNote: 'Em análise pela fiscalização.'
};

describe('a public complaint as a service request', () => {
	test('fields, dates with the −04:00 offset, rounded position', () => {
		expect(toServiceRequest(complaint, catalog, 'pt-BR', TZ)).toEqual({
			service_request_id: 'RM-2026-000001',
			status: 'open',
			status_notes: 'Em análise pela fiscalização.',
			service_name: 'Cobrou mais do que a tabela',
			service_code: 'cobrou-mais',
			description: expect.stringMatching(/^Cobrou mais do que a tabela \(Art\. 21, XVII\); /),
			agency_responsible: 'SEMAM',
			service_notice: null,
			requested_datetime: '2026-12-02T10:00:00-04:00',
			updated_datetime: '2026-12-03T11:30:00-04:00',
			// Lei 13.460/2017, art. 16: 30 days from receipt, to the end of that day.
			expected_datetime: '2027-01-01T23:59:59-04:00',
			address: null,
			lat: -11.727,
			long: -61.78,
			media_url: null
		});
	});
	test('an extended answer moves the expected date by 30 more days', () => {
		const r = toServiceRequest({ ...complaint, answerExtended: true }, catalog, 'pt-BR', TZ);
		expect(r.expected_datetime).toBe('2027-01-31T23:59:59-04:00');
	});
	test('a closed complaint is closed and expects nothing', () => {
		const r = toServiceRequest({ ...complaint, status: 'procedente' }, catalog, 'pt-BR', TZ);
		expect(r).toMatchObject({ status: 'closed', expected_datetime: null });
	});
	test('the offset holds whatever the host zone (dates never read the host clock)', () => {
		const r = toServiceRequest(
			{ ...complaint, createdAt: '2026-12-02T03:30:00Z' },
			catalog,
			'pt-BR',
			TZ
		);
		expect(r.requested_datetime).toBe('2026-12-01T23:30:00-04:00');
	});
	test('duplicada and arquivada are never public', () => {
		expect(PUBLIC_STATES).toEqual(['recebida', 'em_analise', 'procedente', 'improcedente']);
	});
});

describe('requests.json filters', () => {
	const now = new Date('2026-12-02T14:00:00Z');
	const codes = new Set(catalog.situations.map((s) => s.code));
	const parse = (q: string) => parseRequestFilters(new URLSearchParams(q), now, codes, TZ);

	test('no parameters: the last 90 days, every public state', () => {
		const r = parse('');
		expect(r.ok && r.filters).toEqual({
			from: new Date('2026-09-03T14:00:00Z'),
			to: now,
			states: PUBLIC_STATES,
			serviceCodes: null,
			ids: null
		});
	});
	test('status=open / closed', () => {
		const open = parse('status=open');
		expect(open.ok && open.filters.states).toEqual(['recebida', 'em_analise']);
		const closed = parse('status=closed');
		expect(closed.ok && closed.filters.states).toEqual(['procedente', 'improcedente']);
	});
	test('dates as local days: from the start of one to the end of the other', () => {
		const r = parse('start_date=2026-11-01&end_date=2026-11-30');
		expect(r.ok && r.filters.from.toISOString()).toBe('2026-11-01T04:00:00.000Z');
		expect(r.ok && r.filters.to.toISOString()).toBe('2026-12-01T03:59:59.000Z');
	});
	test('exactly 90 days is accepted; a start alone spans 90 days', () => {
		expect(
			parse('start_date=2026-01-01T00:00:00-04:00&end_date=2026-04-01T00:00:00-04:00').ok
		).toBe(true);
		const r = parse('start_date=2026-01-01T00:00:00-04:00');
		expect(r.ok && r.filters.to.toISOString()).toBe('2026-04-01T04:00:00.000Z');
	});

	const bad: [q: string, text: RegExp][] = [
		['start_date=2026-01-01&end_date=2026-04-01', /90 dias/],
		['start_date=2026-05-01&end_date=2026-04-01', /anterior/],
		['start_date=ontem', /start_date inválido/],
		['end_date=2026-12-01T10:00:00', /end_date inválido/],
		// Its end would be in year 10000: a 500 ("Invalid local date") before.
		['end_date=9999-12-31', /end_date inválido/],
		['start_date=9999-12-01&end_date=9999-12-31', /end_date inválido/],
		['status=pending', /open ou closed/],
		['service_code=nao-existe', /service_code desconhecido/]
	];
	for (const [q, text] of bad) {
		test(`400: ${q}`, () => {
			const r = parse(q);
			expect(r.ok).toBe(false);
			if (!r.ok) {
				expect(r.error.code).toBe(400);
				expect(r.error.description).toMatch(text);
			}
		});
	}
	test('lists: several codes, several protocols', () => {
		const r = parse(
			'service_code=cobrou-mais,fumando&service_request_id=RM-2026-000001,RM-2026-000002'
		);
		expect(r.ok && r.filters.serviceCodes).toEqual(['cobrou-mais', 'fumando']);
		expect(r.ok && r.filters.ids).toEqual(['RM-2026-000001', 'RM-2026-000002']);
	});
});
