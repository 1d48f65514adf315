import { expect, test } from '@playwright/test';

test.describe('GET /api/bandeira (Art. 16)', () => {
	test('the contract, at Christmas 2026 (a holiday run from 24 Dec 20:00 to 26 Dec 05:00)', async ({
		request
	}) => {
		const res = await request.get('/api/bandeira?at=2026-12-25T14:00:00Z');
		expect(res.status()).toBe(200);
		expect(res.headers()['access-control-allow-origin']).toBe('*');
		expect(await res.json()).toEqual({
			at: '2026-12-25T14:00:00.000Z',
			local: '2026-12-25T10:00:00-04:00',
			timeZone: 'America/Porto_Velho',
			bandeira: 2,
			reasons: [
				{
					kind: 'holiday',
					name: 'Natal',
					scope: 'national',
					source: 'Lei federal nº 662/1949 (red. Lei nº 10.607/2002)',
					date: '2026-12-25',
					article: 'Art. 16 §1º'
				}
			],
			since: '2026-12-25T00:00:00.000Z',
			until: '2026-12-26T09:00:00.000Z',
			fare: {
				centavos: 900,
				perKmCentavos: null,
				currency: 'BRL',
				decree: expect.stringContaining('exemplo'),
				decreeId: 'exemplo-2026',
				validFrom: '2026-01-01',
				sample: true
			},
			basis: 'Lei 2.059/2011, art. 16'
		});
	});

	test('bandeira I has no reasons; night and Sunday reasons cite their paragraph', async ({
		request
	}) => {
		const day = await (await request.get('/api/bandeira?at=2026-12-08T12:00:00-04:00')).json();
		expect(day).toMatchObject({ bandeira: 1, reasons: [], fare: { centavos: 700 } });
		const sunNight = await (await request.get('/api/bandeira?at=2026-12-06T21:00:00-04:00')).json();
		expect(sunNight.reasons).toEqual([
			{ kind: 'night', from: '20:00', to: '05:00', article: 'Art. 16 §2º' },
			{ kind: 'sunday', article: 'Art. 16 §1º' }
		]);
	});

	test('without `at`, it answers for now', async ({ request }) => {
		const body = await (await request.get('/api/bandeira')).json();
		expect(Math.abs(Date.parse(body.at) - Date.now())).toBeLessThan(60_000);
		expect([1, 2]).toContain(body.bandeira);
	});

	const bad: [query: string, code: string][] = [
		['at=2026-12-25T10:00:00', 'missing_offset'],
		['at=2026-12-25', 'missing_offset'],
		['at=amanh%C3%A3', 'invalid_instant'],
		['at=2026-02-30T10:00:00Z', 'invalid_instant'],
		['at=', 'invalid_instant'],
		['at=2001-01-01T10:00:00Z', 'out_of_range'],
		['at=9999-01-01T10:00:00Z', 'out_of_range']
	];
	for (const [query, code] of bad) {
		test(`?${query} → 400 ${code}, in pt-BR by default`, async ({ request }) => {
			const res = await request.get(`/api/bandeira?${query}`);
			expect(res.status()).toBe(400);
			const body = await res.json();
			expect(body.error.code).toBe(code);
			expect(body.error.message).toMatch(/[a-z]/);
			expect(res.headers()['access-control-allow-origin']).toBe('*');
		});
	}

	// `km` is a decimal with `.` or `,`, 0 < km ≤ 100, else 400 invalid_km.
	// Rolim de Moura's table is flat (sample values, Art. 16): the total is the bandeirada.
	const kms: [km: string, value: number | null][] = [
		['2,5', 2.5],
		['2.5', 2.5],
		['100', 100],
		['0.001', 0.001],
		['0', null],
		['100.01', null],
		['100,01', null],
		['abc', null],
		['1e2', null],
		['-1', null],
		['-0,5', null],
		['', null],
		['%20', null],
		['1.000', 1],
		['1.000,5', null]
	];
	for (const [km, value] of kms) {
		test(`?km=${km} → ${value === null ? '400 invalid_km' : `fare.km ${value}`}`, async ({
			request
		}) => {
			const res = await request.get(`/api/bandeira?at=2026-12-08T12:00:00-04:00&km=${km}`);
			const body = await res.json();
			if (value === null) {
				expect(res.status()).toBe(400);
				expect(body.error.code).toBe('invalid_km');
				expect(body.error.fields.km).toBe(body.error.message);
				expect(body.error.message).toContain('km');
				expect(res.headers()['access-control-allow-origin']).toBe('*');
			} else {
				expect(res.status()).toBe(200);
				expect(body.fare).toMatchObject({
					centavos: 700,
					perKmCentavos: null,
					km: value,
					totalCentavos: 700
				});
			}
		});
	}
	test('without km the fare has no km nor total; invalid_km follows Accept-Language', async ({
		request
	}) => {
		const body = await (await request.get('/api/bandeira?at=2026-12-08T12:00:00-04:00')).json();
		expect(body.fare.perKmCentavos).toBeNull();
		expect(body.fare).not.toHaveProperty('km');
		expect(body.fare).not.toHaveProperty('totalCentavos');
		const es = await request.get('/api/bandeira?km=abc', { headers: { 'accept-language': 'es' } });
		expect((await es.json()).error.message).toContain('distancia');
		const en = await request.get('/api/bandeira?km=0', { headers: { 'accept-language': 'en' } });
		expect((await en.json()).error.message).toContain('distance');
	});

	test('errors follow Accept-Language', async ({ request }) => {
		const res = await request.get('/api/bandeira?at=2026-12-25', {
			headers: { 'accept-language': 'en-US,en;q=0.9' }
		});
		expect((await res.json()).error.message).toContain('needs an instant with an offset');
	});
});

test.describe('GET /api/holidays', () => {
	test('the holidays that count and the pontos facultativos, apart', async ({ request }) => {
		const res = await request.get('/api/holidays?year=2026');
		expect(res.status()).toBe(200);
		const body = await res.json();
		expect(body.year).toBe(2026);
		expect(body.basis).toBe('Lei 2.059/2011, art. 16 §1º');
		expect(body.holidays).toContainEqual({
			date: '2026-08-05',
			name: 'Aniversário de Rolim de Moura',
			names: { es: 'Aniversario de Rolim de Moura', en: 'Rolim de Moura Anniversary' },
			scope: 'municipal',
			source: expect.stringContaining('071')
		});
		expect(body.holidays).toContainEqual(
			expect.objectContaining({
				date: '2026-06-18',
				scope: 'state',
				source: 'Lei estadual nº 1.026/2001'
			})
		);
		expect(body.holidays.map((h: { date: string }) => h.date)).not.toContain('2026-02-17');
		expect(body.pontosFacultativos.map((h: { date: string }) => h.date)).toContain('2026-02-17');
		// `names` (es/en, where known) is a field added later; nothing else.
		for (const h of body.holidays)
			expect(
				Object.keys(h)
					.filter((k) => k !== 'names')
					.sort()
			).toEqual(['date', 'name', 'scope', 'source']);
		expect(body.holidays.find((h: { date: string }) => h.date === '2026-12-25')?.names).toEqual({
			es: 'Navidad',
			en: 'Christmas Day'
		});
	});

	test('20 Nov counts from 2024, not in 2023 (Lei 14.759/2023)', async ({ request }) => {
		const dates = async (y: number) =>
			(await (await request.get(`/api/holidays?year=${y}`)).json()).holidays.map(
				(h: { date: string }) => h.date
			);
		expect(await dates(2023)).not.toContain('2023-11-20');
		expect(await dates(2024)).toContain('2024-11-20');
	});

	for (const year of ['abc', '20266', '1800', '-1', '2026.5']) {
		test(`?year=${year} → 400`, async ({ request }) => {
			const res = await request.get(`/api/holidays?year=${year}`);
			expect(res.status()).toBe(400);
			expect((await res.json()).error.code).toBe('invalid_year');
		});
	}
});

test('an unknown API path is a JSON 404', async ({ request }) => {
	const res = await request.get('/api/nada');
	expect(res.status()).toBe(404);
	expect((await res.json()).error.code).toBe('not_found');
});

test('CORS preflight is answered', async ({ request }) => {
	const res = await request.fetch('/api/bandeira', { method: 'OPTIONS' });
	expect(res.status()).toBe(204);
	expect(res.headers()['access-control-allow-methods']).toContain('GET');
});
