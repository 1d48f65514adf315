import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, loginAs } from './helpers';

/** A recent weekday morning in Rolim de Moura (datetime-local value), and its instant. */
function recentMorning() {
	const day = new Date(Date.now() - 3 * 86_400_000);
	while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() - 1);
	const date = day.toISOString().slice(0, 10);
	return { local: `${date}T10:00`, iso: `${date}T10:00:00-04:00` };
}

async function fareAt(request: APIRequestContext, iso: string) {
	const body = await (await request.get(`/api/bandeira?at=${encodeURIComponent(iso)}`)).json();
	return body as { bandeira: 1 | 2; fare: { centavos: number } };
}

/** Unfolds a <details> of the form by its summary (vehicle, "Outra situação", details). */
async function expand(page: Page, summary: string | RegExp) {
	const details = page.locator('details').filter({
		has: page.locator(':scope > summary', { hasText: summary })
	});
	if ((await details.getAttribute('open')) === null)
		await details.locator(':scope > summary').click();
}

async function fillBasics(page: Page) {
	await expand(page, /Moto/);
	await page.getByLabel('Prefixo ou placa').fill('007');
	await expand(page, 'Outra situação');
	await page.getByLabel('Fumou ou deixou alguém fumar durante a corrida').check();
	await expand(page, 'Adicionar detalhes');
	await page
		.getByLabel('Conte o que aconteceu')
		.fill('Fumou a corrida inteira. <b>sem</b> máscara');
}

const PROTOCOL_URL = /\/reclamacoes\/RM-\d{4}-\d{6}\?token=[\w-]{24}$/;

test.describe('/reclamar — a complaint in plain words (Art. 20/21)', () => {
	test('a danger chosen: the emergency numbers come before anything else', async ({ page }) => {
		await page.goto('/reclamar');
		await expect(page.getByRole('link', { name: /190/ })).toBeHidden();
		await page.getByLabel('Dirigia de forma perigosa').check();
		const first = page.locator('main h2').first();
		await expect(first).toHaveText(/Ligue antes de tudo/);
		await expect(page.getByRole('link', { name: /190/ })).toHaveAttribute('href', 'tel:190');
		await expect(page.getByRole('link', { name: /192/ })).toHaveAttribute('href', 'tel:192');
		await expect(page.getByRole('link', { name: /190/ })).toBeInViewport();
	});

	test('without JavaScript: the whole form, then the rider’s receipt', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/reclamar?veiculo=007');
		await expect(page.getByLabel('Prefixo ou placa')).toHaveValue('007');
		await fillBasics(page);
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(page).toHaveURL(PROTOCOL_URL);
		await expect(page.getByTestId('protocol')).toHaveText(/^RM-\d{4}-\d{6}$/);
		await expect(page.locator('.status')).toHaveText('Recebida');
		await expect(page.getByTestId('registry-match')).toHaveText('(no cadastro oficial: MT-007)');
		await expect(page.locator('.offenses')).toContainText('Art. 20, VII');
		await expect(page.locator('.offenses')).toContainText('advertência');
		// The rider's text is shown as text, never as markup.
		await expect(page.locator('dd.text')).toHaveText('Fumou a corrida inteira. <b>sem</b> máscara');
		await expect(page.locator('dd.text b')).toHaveCount(0);
		await context.close();
	});

	test('without JavaScript: errors beside each field, and nothing typed is lost', async ({
		browser
	}) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/reclamar');
		await expand(page, 'Adicionar detalhes');
		await page.getByLabel('Conte o que aconteceu').fill('Texto que não pode se perder');
		await page.getByLabel('Telefone com DDD').fill('123');
		const response = page.waitForResponse((r) => r.request().method() === 'POST');
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		expect((await response).status()).toBe(400);
		await expect(page.getByRole('alert').first()).toContainText('Confira os campos');
		await expect(page.locator('#situacoes-erro')).toBeVisible();
		await expect(page.locator('#veiculo-erro')).toBeVisible();
		await expect(page.locator('#telefone-erro')).toBeVisible();
		await expect(page.getByLabel('Conte o que aconteceu')).toHaveValue(
			'Texto que não pode se perder'
		);
		await expect(page.getByLabel('Telefone com DDD')).toHaveValue('123');
		await context.close();
	});

	test('with JavaScript: the overcharge is computed against the table in force then', async ({
		page,
		request
	}) => {
		const { local, iso } = recentMorning();
		const { bandeira, fare } = await fareAt(request, iso);
		await page.goto('/reclamar');
		await page.getByLabel('Prefixo ou placa').fill('MT-007');
		await page.getByLabel('Dia e hora da corrida').fill(local);
		await page.getByLabel('Cobrou mais do que a tabela').check();
		await page
			.getByLabel('Quanto você pagou?')
			.fill(((fare.centavos + 500) / 100).toFixed(2).replace('.', ','));
		const hint = page.getByTestId('overcharge');
		await expect(hint).toContainText(`bandeira ${bandeira === 1 ? 'I' : 'II'}`);
		await expect(hint).toContainText('R$ 5,00 a mais');
		await expect(hint).toContainText('valores de exemplo');
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(page).toHaveURL(PROTOCOL_URL);
		await expect(page.locator('.offenses')).toContainText('Art. 21, XVII');
		await expect(page.locator('main')).toContainText('pela tabela');
	});

	test('“Reclamar deste veículo” on /verificar fills the vehicle in', async ({ page }) => {
		await page.goto('/verificar/007');
		await page.getByRole('link', { name: 'Reclamar deste veículo' }).click();
		await expect(page).toHaveURL(/\/reclamar\?veiculo=007$/);
		await expect(page.getByLabel('Prefixo ou placa')).toHaveValue('007');
	});

	test('offline: kept on the phone, sent exactly once when the connection returns', async ({
		page,
		context
	}) => {
		test.slow(); // ends with a fiscal's sign-in (scrypt)
		await page.goto('/reclamar');
		await page.evaluate(() => navigator.serviceWorker.ready);
		await context.setOffline(true);
		await fillBasics(page);
		// A mark of this complaint alone, to count its copies in SEMAM's queue at the end.
		const mark = `marca-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
		await page.getByLabel('Conte o que aconteceu').fill(`Fumou a corrida inteira. ${mark}`);
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(page.getByTestId('saved-card')).toContainText('Guardada no celular');
		await expect(page.getByRole('button', { name: 'Enviar reclamação' })).toHaveCount(0);

		// Back online, the first reply is lost on the way after the server stored the complaint…
		let stored = '';
		// (context.route: the service worker may be the one replaying it, on its sync event.)
		await context.route('**/reclamar', async (route) => {
			if (route.request().method() !== 'POST' || stored) return route.continue();
			const reply = await route.fetch();
			stored = /RM-\d{4}-\d{6}/.exec(await reply.text())?.[0] ?? 'none';
			return route.fulfill({ status: 503, body: 'reply lost' });
		});
		await context.setOffline(false);
		await page.evaluate(() => dispatchEvent(new Event('online')));
		// …and the retry with the same key gets the same protocol back: one complaint, not two.
		const sent = page.getByTestId('saved-protocol').filter({ hasText: /^RM-\d{4}-\d{6}$/ });
		await expect
			.poll(
				async () => {
					if ((await sent.count()) === 0)
						await page.evaluate(() => dispatchEvent(new Event('online')));
					return sent.count();
				},
				{ timeout: 20_000 }
			)
			.toBe(1);
		expect(stored).toMatch(/^RM-/);
		const first = (await sent.textContent()) ?? '';
		expect(first).toBe(stored);
		await context.unroute('**/reclamar');

		// The lost reply created nothing extra: SEMAM's queue holds this complaint once. (Counted by
		// its mark, not by the next protocol number: other tests file complaints at the same time.)
		const staff = await context.newPage();
		await loginAs(staff, 'fiscal', `/admin/reclamacoes?busca=${mark}`);
		const rows = staff.locator('tbody tr');
		await expect(rows).toHaveCount(1);
		await expect(rows.first()).toContainText(first);
		await context.close();
	});

	test('the receipt: a wrong token is a 404 that does not reveal the protocol', async ({
		page
	}) => {
		const res = await page.goto('/reclamacoes/RM-2026-000001?token=AAAAAAAAAAAAAAAAAAAAAAAA');
		expect(res?.status()).toBe(404);
		await expect(page.getByRole('alert')).toContainText('não encontrada');
	});

	test('/reclamar, its errors and the receipt pass axe', async ({ page }) => {
		await page.goto('/reclamar');
		await expectNoAxeViolations(page);
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(page.locator('#situacoes-erro')).toBeVisible();
		await expectNoAxeViolations(page);
		await fillBasics(page);
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(page).toHaveURL(PROTOCOL_URL);
		await expectNoAxeViolations(page);
	});
});

test.describe('complaints API', () => {
	const body = (occurredAt: string) => ({ vehicle: '007', occurredAt, situations: ['fumando'] });

	test('201 with protocol and token; the same key replays; another body is a 422', async ({
		request
	}) => {
		const { iso } = recentMorning();
		const key = `e2e-${Date.now()}`;
		const first = await request.post('/api/complaints', {
			headers: { 'idempotency-key': key },
			data: body(iso)
		});
		expect(first.status()).toBe(201);
		const receipt = await first.json();
		expect(receipt).toMatchObject({
			protocol: expect.stringMatching(/^RM-\d{4}-\d{6}$/),
			status: 'recebida'
		});
		expect(receipt.offenses).toContainEqual(
			expect.objectContaining({ article: 'art20-VII', penalty: 'advertencia' })
		);
		const again = await request.post('/api/complaints', {
			headers: { 'idempotency-key': key },
			data: body(iso)
		});
		expect(again.status()).toBe(201);
		expect(await again.json()).toEqual(receipt);
		const other = await request.post('/api/complaints', {
			headers: { 'idempotency-key': key },
			data: { ...body(iso), situations: ['desrespeito'] }
		});
		expect(other.status()).toBe(422);
		const status = await request.get(`/api/complaints/${receipt.protocol}?token=${receipt.token}`);
		expect(status.status()).toBe(200);
		expect((await request.get(`/api/complaints/${receipt.protocol}?token=x`)).status()).toBe(404);
	});

	test('bad input is a 4xx, never a 500', async ({ request }) => {
		const { iso } = recentMorning();
		expect((await request.post('/api/complaints', { data: body(iso) })).status()).toBe(400);
		const h = { 'idempotency-key': `bad-${Date.now()}` };
		expect(
			(
				await request.post('/api/complaints', {
					headers: { ...h, 'content-type': 'application/xml' },
					data: 'x'
				})
			).status()
		).toBe(415);
		expect(
			(
				await request.post('/api/complaints', {
					headers: { ...h, 'content-type': 'application/json' },
					data: Buffer.from('{nope')
				})
			).status()
		).toBe(400);
		const invalid = await request.post('/api/complaints', {
			headers: h,
			data: { occurredAt: 'ontem', situations: [] }
		});
		expect(invalid.status()).toBe(422);
		expect((await invalid.json()).error.fields).toHaveProperty('occurredAt');
	});
});
