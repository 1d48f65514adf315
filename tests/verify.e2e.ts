import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	expectNoAxeViolations,
	pastRightEdge,
	PHONE,
	screens,
	SIZES,
	untilKept,
	untilRegistryKept
} from './helpers';

const verdictOf = async (request: APIRequestContext, q: string) =>
	(await (await request.get(`/api/verify?q=${encodeURIComponent(q)}`)).json()).verdict as string;

test.describe('/verificar — verify a mototáxi against the published registry', () => {
	test('the GET form works without JavaScript and shows what to compare', async ({
		browser,
		request
	}) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/verificar');
		await page.getByLabel('Prefixo ou placa').fill('MT-007');
		await page.getByRole('button', { name: 'Verificar', exact: true }).click();
		await expect(page).toHaveURL(/\/verificar\/MT-007$/);
		await expect(page.locator('[data-verdict]')).toHaveAttribute(
			'data-verdict',
			await verdictOf(request, '007')
		);
		await expect(page.locator('.facts')).toContainText('NDJ-8041');
		await expect(page.locator('.facts')).toContainText('Honda XRE 190');
		await expect(page.getByText('dados de exemplo (fictícios)').first()).toBeVisible();
		await context.close();
	});

	test('a plate matches in either format (old ↔ Mercosul, Res. CONTRAN 780/2019)', async ({
		page
	}) => {
		for (const code of ['ndj-8041', 'NDJ8A41']) {
			await page.goto(`/verificar/${code}`);
			await expect(page.locator('.facts')).toContainText('MT-007');
		}
	});

	test('a suspended authorization is irregular: "não embarque", citing Art. 23', async ({
		page
	}) => {
		await page.goto('/verificar/017');
		await expect(page.locator('#veredito')).toHaveText(/Irregular/i);
		await expect(page.getByText('Não embarque')).toBeVisible();
		await expect(page.locator('.checks')).toContainText('Autorização suspensa');
		await expect(page.locator('.checks a[href$="/lei#art23"]')).toBeVisible();
	});

	test.describe('IRREGULAR says why, first, with its article, at 360×740 and 320×568', () => {
		for (const size of screens(SIZES))
			for (const [path, lead, reason, anchor] of [
				['/verificar/017', 'Não embarque:', 'Autorização suspensa', '#art23'],
				['/verificar/029', 'Não embarque:', 'Autorização cassada', '#art25'],
				[
					'/verificar/052',
					'Não embarque:',
					'Seguro de vida pessoal e de terceiro vencido em 15/11/2026',
					'#art4'
				],
				['/es/verificar/029', 'No subas:', 'Autorización revocada', '#art25'],
				['/en/verificar/017', 'Do not get on:', 'Authorization suspended', '#art23']
			] as const) {
				test(`${size.width}×${size.height}: ${path}, "${reason}"`, async ({ browser }) => {
					const context = await browser.newContext({ viewport: size, ...PHONE });
					const page = await context.newPage();
					await page.goto(path);
					await expect(page.locator('#veredito')).toHaveText(/Irregular/i);
					const why = page.getByTestId('irregular-why');
					await expect(why).toBeVisible();
					await expect(why).toContainText(lead);
					await expect(why.locator('li').first()).toContainText(reason);
					await expect(why.locator(`a[href*="/lei${anchor}"]`).first()).toBeVisible();
					// Not the old catch-all, and the reason comes before the list of checks.
					await expect(
						page.getByText(/(autoriza\w+|authorization) (ou|o|or) (seguro|insurance)/i)
					).toHaveCount(0);
					const reasonBox = await why.boundingBox();
					const checksBox = await page.locator('.checks').first().boundingBox();
					expect(reasonBox && checksBox && reasonBox.y < checksBox.y).toBe(true);
					expect(await pastRightEdge(page)).toEqual([]);
					await expectNoAxeViolations(page);
					await context.close();
				});
			}
	});

	test('an unknown vehicle is "não encontrado"', async ({ page }) => {
		const res = await page.goto('/verificar/999');
		expect(res?.status()).toBe(200);
		await expect(page.locator('#veredito')).toHaveText(/Não encontrado/i);
	});

	for (const path of [
		'/verificar?q=%3Cscript%3E',
		'/verificar/%21%21%21',
		'/v/ABCDEFGHIJKLMNOPQRSTUVWXYZ'
	]) {
		test(`bad input ${path} → 400 with a clear message`, async ({ page }) => {
			const scripts: string[] = [];
			page.on('request', (r) => {
				if (r.resourceType() === 'script') scripts.push(r.url());
			});
			const res = await page.goto(path);
			expect(res?.status()).toBe(400);
			await expect(page.getByRole('alert')).toContainText('Código inválido');
			// The error page is complete on the server: no framework runtime is fetched for it.
			await page.waitForLoadState('networkidle');
			expect(scripts).toEqual([]);
		});
	}

	test('/v/<prefixo>, the QR target, shows the same verification', async ({ page, request }) => {
		await page.goto('/v/007');
		await expect(page.locator('[data-verdict]')).toHaveAttribute(
			'data-verdict',
			await verdictOf(request, '007')
		);
		await expect(page.locator('.facts')).toContainText('NDJ-8041');
		await expect(page.getByRole('link', { name: 'Reclamar deste veículo' })).toHaveAttribute(
			'href',
			'/reclamar?veiculo=007'
		);
		await expect(page.getByText(/Compartilhar corrida/).first()).toBeVisible();
		await expect(page.locator('.note')).toContainText(/bandeira I{1,2}/);
	});

	test('/verificar/<código> and /v/<código> render on the server, styled, with a live verdict', async ({
		page
	}) => {
		for (const path of ['/verificar/007', '/v/007']) {
			const scripts: string[] = [];
			page.on('request', (r) => {
				if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
			});
			await page.goto(path);
			// The verdict's own styles are linked by the server (its box, in the verdict's colour).
			await expect(page.locator('[data-verdict]')).toHaveCSS('border-top-width', '4px');
			// The island is live: "Ouvir" appears only once it has hydrated.
			await expect(page.getByTestId('ouvir')).toBeVisible();
			await page.waitForLoadState('networkidle');
			// No framework runtime: only the islands' script and its chunks.
			expect(scripts.filter((s) => !s.startsWith('/_app/immutable/islands/'))).toEqual([]);
			page.removeAllListeners('request');
		}
	});

	test('shows the Art. 10 count and the rider checklist', async ({ page }) => {
		await page.goto('/verificar');
		await expect(page.locator('section[aria-labelledby="art10"]')).toContainText(
			'de um máximo de 64'
		);
		await expect(page.locator('section[aria-labelledby="art10"]')).toContainText('56.406');
		await expect(page.locator('section[aria-labelledby="checklist"]')).toContainText(
			'Antena corta-pipa'
		);
	});

	test('offline, it verifies against the registry kept on the phone', async ({ page, context }) => {
		await page.goto('/verificar');
		await untilKept(page, '/verificar');
		await untilRegistryKept(page);
		await context.setOffline(true);
		await page.getByLabel('Prefixo ou placa').fill('017');
		await page.getByRole('button', { name: 'Verificar', exact: true }).click();
		await expect(page.locator('#veredito')).toHaveText(/Irregular/i);
		await expect(page.getByText('verificado com a cópia do cadastro')).toBeVisible();
		await expect(page.locator('.snapshot')).toContainText('versão');

		// The QR target opened with no signal lands on the kept copy too.
		await page.goto('/v/045');
		await expect(page).toHaveURL(/\/verificar\?q=045/);
		await expect(page.locator('#veredito')).toHaveText(/Pendente/i);
		await context.setOffline(false);
	});

	for (const path of ['/verificar', '/verificar/007', '/verificar/999', '/v/017']) {
		test(`${path} passes axe`, async ({ page }) => {
			await page.goto(path);
			await expectNoAxeViolations(page);
		});
	}
});

test.describe('registry API', () => {
	test('GET /api/verify: the verdict at a date, every check citing its article', async ({
		request
	}) => {
		const res = await request.get('/api/verify?q=MT-007&at=2026-12-02T12:00:00-04:00');
		expect(res.status()).toBe(200);
		const body = await res.json();
		expect(body).toMatchObject({
			query: 'MT-007',
			normalized: { kind: 'prefixo', value: '7' },
			verdict: 'regular',
			entry: { prefixo: '7', placa: 'NDJ8041' },
			registry: { version: expect.any(Number), publishedAt: expect.any(String) }
		});
		expect(
			body.checks.map((c: { id: string; article: string; ok: boolean }) => [c.id, c.article, c.ok])
		).toEqual([
			['autorizacao', 'Art. 11', true],
			['seguro', 'Art. 4 VII', true],
			['vistoria', 'Art. 8', true],
			['certidao_estadual', 'Art. 4 IV', true],
			['certidao_federal', 'Art. 4 IV', true],
			['idade', 'Art. 6 I', true],
			['cilindradas', 'Art. 6 II', true]
		]);
	});

	test('pendente and irregular at a fixed date', async ({ request }) => {
		const at = '2026-12-02T12:00:00-04:00';
		const v = async (q: string) =>
			(await (await request.get(`/api/verify?q=${q}&at=${at}`)).json()).verdict;
		expect(await v('014')).toBe('pendente');
		expect(await v('045')).toBe('pendente');
		expect(await v('029')).toBe('irregular');
		expect(await v('052')).toBe('irregular');
	});

	test('an unknown vehicle is a 200 nao_encontrado; an empty or absurd query a 400', async ({
		request
	}) => {
		const unknown = await request.get('/api/verify?q=ZZZ9Z99');
		expect(unknown.status()).toBe(200);
		expect((await unknown.json()).verdict).toBe('nao_encontrado');
		for (const q of ['', '%20', 'x'.repeat(60), '%3Cscript%3E', '12345678']) {
			const res = await request.get(`/api/verify?q=${q}`);
			expect(res.status(), q).toBe(400);
			expect((await res.json()).error.code).toBe('invalid_query');
		}
		expect((await request.get('/api/verify?q=007&at=2026-12-02')).status()).toBe(400);
	});

	test('GET /api/registry: public fields only, ETag and 304', async ({ request }) => {
		const res = await request.get('/api/registry');
		expect(res.status()).toBe(200);
		const body = await res.json();
		expect(body.entries.length).toBeGreaterThanOrEqual(50);
		expect(Object.keys(body.entries[0]).sort()).toEqual(
			[
				'anoFabricacao',
				'autorizacaoValidade',
				'certidaoEstadualValidade',
				'certidaoFederalValidade',
				'certidaoValidade',
				'cilindradas',
				'condutorAuxiliar',
				'cor',
				'marcaModelo',
				'placa',
				'prefixo',
				'seguroValidade',
				'situacao',
				'titular',
				'ultimaVistoria'
			].sort()
		);
		const etag = res.headers()['etag'];
		expect(etag).toBeTruthy();
		const again = await request.get('/api/registry', { headers: { 'if-none-match': etag ?? '' } });
		expect(again.status()).toBe(304);
	});
});
