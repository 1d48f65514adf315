import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, flagHeading, loginAs, useDeviceClock } from './helpers';

// The suite shares one server and database, and other files assert today's sample fares: the
// decree and the decreed day entered here are in 2030, a date no other test looks at.
// 2030-03-05 is a Tuesday, 2030-03-06 a Wednesday; neither is a holiday.
const DECREE = 'Decreto nº 123/2029';
const TUESDAY_10H = '2030-03-05T10:00:00-04:00';
const WEDNESDAY_10H = '2030-03-06T10:00:00-04:00';

// Serial: the second test relies on the first's decree. Signing in (scrypt) is slow on a busy
// machine, and the first test walks four pages.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('/admin/regras — decrees and decreed days (Art. 15–17)', () => {
	test('a decree entered by a gestor rules /, /tarifa and /api/bandeira from its date', async ({
		page,
		request
	}) => {
		await loginAs(page, 'gestor', '/admin/regras');
		await expect(page).toHaveURL(/\/admin\/regras$/);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifas e dias decretados');
		await expectNoAxeViolations(page);

		// A table that is not a decree is refused, with the error beside the field.
		const form = page.locator('form[action="?/adicionarDecreto"]');
		await form.getByLabel('Decreto').fill('Tabela da cooperativa');
		await form.getByLabel('Vale a partir de').fill('2030-01-01');
		await form.getByLabel(/^Bandeira I \(/).fill('8,00');
		await form.getByLabel(/^Bandeira II \(/).fill('11,00');
		await form.getByRole('button', { name: 'Registrar decreto' }).click();
		await expect(page.locator('#referencia-erro')).toContainText('Art. 15');
		await expect(form.getByLabel('Decreto')).toHaveAttribute('aria-invalid', 'true');
		await expectNoAxeViolations(page);

		await form.getByLabel('Decreto').fill(DECREE);
		await form.getByRole('button', { name: 'Registrar decreto' }).click();
		await expect(page.getByRole('status')).toContainText(`${DECREE} registrado`);
		await expect(page.getByRole('row', { name: new RegExp(DECREE) })).toContainText('Agendado');

		// The API, at once.
		const api = await (
			await request.get(`/api/bandeira?at=${encodeURIComponent(TUESDAY_10H)}`)
		).json();
		expect(api).toMatchObject({
			bandeira: 1,
			fare: { centavos: 800, decree: DECREE, validFrom: '2030-01-01', sample: false }
		});
		// The day before its date still answers with the sample table (nothing retroactive).
		const before = await (
			await request.get(`/api/bandeira?at=${encodeURIComponent('2029-12-31T10:00:00-04:00')}`)
		).json();
		expect(before.fare).toMatchObject({ centavos: 700, sample: true });

		// /tarifa, planning a ride on that date.
		await page.goto('/tarifa?data=2030-03-05&hora=10:00');
		const decree = page.locator('section[aria-labelledby="decreto"]');
		await expect(decree).toContainText(DECREE);
		await expect(decree).toContainText('R$ 8,00');
		await expect(decree).toContainText('R$ 11,00');
		// (The footer's general notice speaks of today's fares, still samples: only the badge counts.)
		await expect(page.locator('main .sample')).toHaveCount(0);

		// /, with the phone's clock on that date.
		await useDeviceClock(page);
		await page.clock.setFixedTime(new Date(TUESDAY_10H));
		await page.goto('/');
		await expect(flagHeading(page)).toHaveText(/Bandeira I$/);
		await expect(page.locator('main')).toContainText('R$ 8,00');
		// (The footer's general notice speaks of today's fares, still samples: only the badge counts.)
		await expect(page.locator('main .sample')).toHaveCount(0);
	});

	test('a decreed holiday on a weekday gives bandeira II on that day only', async ({
		page,
		request
	}) => {
		const at = (iso: string) => `/api/bandeira?at=${encodeURIComponent(iso)}`;
		expect((await (await request.get(at(WEDNESDAY_10H))).json()).bandeira).toBe(1);

		await loginAs(page, 'gestor', '/admin/regras');
		const form = page.locator('form[action="?/adicionarDia"]');
		await form.getByLabel('Data').fill('2030-03-06');
		await form.getByLabel(/torna o dia feriado/).check();
		await form.getByLabel('Nome do dia').fill('Feriado municipal decretado');
		await form.getByLabel('Decreto').fill('Decreto nº 45/2030');
		await form.getByRole('button', { name: 'Registrar dia' }).click();
		await expect(page.getByRole('status')).toContainText('06/03/2030 registrado como feriado');
		await expectNoAxeViolations(page);

		const body = await (await request.get(at(WEDNESDAY_10H))).json();
		expect(body.bandeira).toBe(2);
		expect(body.reasons).toContainEqual(
			expect.objectContaining({
				kind: 'holiday',
				name: 'Feriado municipal decretado',
				scope: 'decreed',
				source: 'Decreto nº 45/2030',
				article: 'Art. 16 §1º'
			})
		);
		expect(body.fare.centavos).toBe(1100);
		expect((await (await request.get(at('2030-03-07T10:00:00-04:00'))).json()).bandeira).toBe(1);

		// Adding it again is refused with a clear message.
		await form.getByLabel('Data').fill('2030-03-06');
		await form.getByLabel('Nome do dia').fill('De novo');
		await form.getByLabel('Decreto').fill('Decreto nº 46/2030');
		await form.getByRole('button', { name: 'Registrar dia' }).click();
		await expect(page.locator('#data-erro')).toContainText('Já há um dia decretado');
	});

	test('a decree that closes the office on a weekday is no holiday: the bandeira does not change', async ({
		page,
		request
	}) => {
		const wednesday = '2030-03-13T10:00:00-04:00';
		const at = `/api/bandeira?at=${encodeURIComponent(wednesday)}`;
		await loginAs(page, 'gestor', '/admin/regras');
		const form = page.locator('form[action="?/adicionarDia"]');
		await form.getByLabel('Data').fill('2030-03-13');
		await form.getByLabel(/fecha a repartição sem ser feriado/).check();
		await form.getByLabel('Nome do dia').fill('Ponto facultativo municipal');
		await form.getByLabel('Decreto').fill('Decreto nº 47/2030');
		await form.getByRole('button', { name: 'Registrar dia' }).click();
		await expect(page.getByRole('status')).toContainText(
			'13/03/2030 registrado como dia de repartição fechada'
		);
		await expect(page.getByRole('row', { name: /13\/03\/2030/ })).toContainText(
			'Repartição fechada (não é feriado)'
		);
		await expectNoAxeViolations(page);

		const body = await (await request.get(at)).json();
		expect(body.bandeira).toBe(1);
		expect(body.reasons).not.toContainEqual(expect.objectContaining({ kind: 'holiday' }));

		// Riders read it as what it is, beside the holidays.
		await page.goto('/tarifa?data=2030-03-13&hora=10:00');
		await expect(page.locator('main')).toContainText(
			'Ponto facultativo municipal (Decreto nº 47/2030): repartição fechada, não é feriado: a bandeira não muda'
		);
	});

	test('a fiscal cannot open the page', async ({ page }) => {
		await loginAs(page, 'fiscal');
		const res = await page.goto('/admin/regras');
		expect(res?.status()).toBe(403);
	});
});

test.describe('Open311 GeoReport v2 (public, read-only)', () => {
	test('a complaint filed with contact data is listed without it', async ({ request }) => {
		const contact = {
			name: 'Joana Open311',
			phone: '(69) 99988-7766',
			email: 'joana.open311@example.com'
		};
		const filed = await request.post('/api/complaints', {
			headers: { 'idempotency-key': `open311-${Date.now()}` },
			data: {
				vehicle: '007',
				occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
				situations: ['fumando'],
				description: 'Texto do passageiro que não vai para o Open311',
				contact
			}
		});
		expect(filed.status()).toBe(201);
		const { protocol } = await filed.json();

		const res = await request.get('/open311/v2/requests.json');
		expect(res.status()).toBe(200);
		expect(res.headers()['access-control-allow-origin']).toBe('*');
		const text = await res.text();
		for (const secret of [contact.name, '99988', contact.email, 'Texto do passageiro'])
			expect(text).not.toContain(secret);
		const listed = JSON.parse(text).find(
			(r: { service_request_id: string }) => r.service_request_id === protocol
		);
		expect(listed).toMatchObject({
			status: 'open',
			service_code: 'fumando',
			agency_responsible: 'SEMAM',
			requested_datetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-04:00$/),
			expected_datetime: expect.stringMatching(/T23:59:59-04:00$/)
		});

		const one = await request.get(`/open311/v2/requests/${protocol}.json`);
		expect(one.status()).toBe(200);
		expect((await one.json())[0].service_request_id).toBe(protocol);
		const none = await request.get('/open311/v2/requests/RM-1999-000001.json');
		expect(none.status()).toBe(404);
		expect(await none.json()).toEqual([{ code: 404, description: expect.any(String) }]);
	});

	test('services, and the 90-day limit as a GeoReport error', async ({ request }) => {
		const services = await (await request.get('/open311/v2/services.json')).json();
		expect(services).toContainEqual(
			expect.objectContaining({ service_code: 'cobrou-mais', metadata: false, type: 'realtime' })
		);
		const bad = await request.get(
			'/open311/v2/requests.json?start_date=2026-01-01&end_date=2026-12-01'
		);
		expect(bad.status()).toBe(400);
		expect(await bad.json()).toEqual([
			{ code: 400, description: expect.stringContaining('90 dias') }
		]);
	});
});
