/**
 * Smoke test of the second real profile, against a build made and served with
 * GARUPA_MUNICIPIO=porto-velho (playwright.config.ts runs only this file then; `npm test` does it
 * after the main suite). Porto Velho's fares: Decreto nº 12.253/2011, Art. 1º — R$ 3,00 at
 * departure + R$ 0,50/km (bandeira 1) or R$ 0,69/km (bandeira 2, at night and all day on
 * Saturdays, Sundays and holidays). Its mototáxi law's text is not available: complaints go to the
 * office unclassified.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, flagHeading, loginAs } from './helpers';
import { fileComplaint, RIDER_PAGES, testOnlyOwnProfile } from './profile-facts';

test.describe('Porto Velho (GARUPA_MUNICIPIO=porto-velho)', () => {
	for (const path of RIDER_PAGES)
		test(`${path} answers for Porto Velho and passes axe`, async ({ page }) => {
			const res = await page.goto(path);
			expect(res?.status()).toBe(200);
			await expect(page.locator('main')).toBeVisible();
			await expect(page.locator('body')).not.toContainText('Lei 2.059/2011');
			// No article of a law whose text we do not have (Rolim de Moura's cites read `Art. 16`).
			await expect(page.locator('main')).not.toContainText(/\bArt\. \d/);
			await expect(page.locator('main')).not.toContainText('SEMAM');
			await expectNoAxeViolations(page);
		});

	test('/tarifa on a Saturday: bandeira II all day, and the total with the distance, without JavaScript', async ({
		browser
	}) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/tarifa?data=2026-12-05&hora=10:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.locator('.reasons')).toContainText('Sábado');
		await page.getByLabel(/Distância/).fill('2,345');
		await page.getByRole('button', { name: 'Calcular' }).click();
		await expect(page).toHaveURL(/km=2%2C345/);
		const parts = page.locator('.parts');
		// R$ 3,00 + 2,345 km × R$ 0,69 = 161,805 centavos → R$ 1,62 (half up); total R$ 4,62.
		await expect(parts).toContainText('R$ 3,00');
		await expect(parts).toContainText('2,345 km × R$ 0,69/km');
		await expect(parts).toContainText('R$ 1,62');
		await expect(parts).toContainText('R$ 4,62');
		await expect(page.locator('body')).toContainText('Decreto nº 12.253');
		await context.close();
	});

	test('/tarifa on a weekday at 06:00 is bandeira I (night ends at 06:00)', async ({ page }) => {
		await page.goto('/tarifa?data=2026-12-08&hora=06:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira I$/);
		await page.goto('/tarifa?data=2026-12-08&hora=05:59');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		// The rules as the profile states them: Decreto nº 12.253/2011, art. 1º, not Rolim de Moura's.
		const rules = page.locator('section[aria-labelledby="regras"]');
		await expect(rules).toContainText('das 20h de um dia às 6h do dia seguinte');
		await expect(rules).toContainText('sábados, domingos e feriados');
		await expect(rules).toContainText('valor por km');
		await expect(rules).toContainText('Decreto nº 12.253/2011, art. 1º');
		await expect(rules).not.toContainText('Art. 16');
		// Porto Velho's pontos facultativos are its own (listed from the profile), not Rolim de
		// Moura's afternoons of 24 and 31 December.
		await expect(rules).not.toContainText('24 e 31 de dezembro');
	});

	test('GET /api/bandeira: the decree, the rate per km and the total', async ({ request }) => {
		const body = await (
			await request.get('/api/bandeira?at=2026-12-05T10:00:00-04:00&km=2,345')
		).json();
		expect(body).toMatchObject({
			bandeira: 2,
			reasons: [{ kind: 'saturday', article: 'Decreto nº 12.253/2011, art. 1º' }],
			fare: {
				centavos: 300,
				perKmCentavos: 69,
				km: 2.345,
				totalCentavos: 462,
				decreeId: 'decreto-12253-2011',
				sample: false
			},
			basis: 'Decreto nº 12.253/2011, art. 1º'
		});
		const bad = await request.get('/api/bandeira?km=100.01');
		expect(bad.status()).toBe(400);
		expect((await bad.json()).error.code).toBe('invalid_km');
		// The holidays' basis is the decree's article too, not Rolim de Moura's law.
		const holidays = await (await request.get('/api/holidays?year=2026')).json();
		expect(holidays.basis).toBe('Decreto nº 12.253/2011, art. 1º');
	});

	test('one complaint, without JavaScript: unclassified, with the distance, protocol PV-', async ({
		browser,
		page: withScript
	}) => {
		test.slow();
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/reclamar?veiculo=001');
		await expect(page.getByTestId('unclassified')).toContainText('SEMTRAN');
		await expect(page.getByTestId('unclassified')).toContainText('não está disponível');
		await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).check();
		await page.getByLabel('Quanto você pagou?').fill('20,00');
		await page.getByLabel(/Distância da corrida/).fill('5');
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(page).toHaveURL(/\/reclamacoes\/PV-\d{4}-\d{6}\?token=[\w-]{24}$/);
		await expect(page.getByTestId('protocol')).toHaveText(/^PV-\d{4}-\d{6}$/);
		await expect(page.locator('main')).toContainText('Cobrou mais do que a tabela');
		await expect(page.locator('main')).toContainText('(5 km)');
		await expect(page.locator('main')).not.toContainText('Art. 21');
		const receipt = page.url();
		await context.close();
		// Axe runs in the page: the receipt again, with JavaScript.
		await withScript.goto(receipt);
		await expect(withScript.getByTestId('protocol')).toHaveText(/^PV-/);
		await expectNoAxeViolations(withScript);
	});

	test('Open311 lists the situations, answered by the office; the staff area signs in', async ({
		page,
		request
	}) => {
		const services = await (await request.get('/open311/v2/services.json')).json();
		expect(services.map((s: { service_code: string }) => s.service_code)).toContain('cobrou-mais');
		expect(JSON.stringify(services)).toContain('SEMTRAN');
		expect(JSON.stringify(services)).not.toContain('SEMAM');
		await loginAs(page, 'fiscal', '/admin/reclamacoes');
		await expect(page).toHaveURL(/\/admin\/reclamacoes/);
		await expect(page.locator('main')).toContainText(/PV-\d{4}-\d{6}|Nenhuma/);
		// The staff area names Porto Velho's office and city, not Rolim de Moura's.
		await expect(page.locator('body')).toContainText('SEMTRAN');
		await expect(page.locator('body')).toContainText('Prefeitura de Porto Velho');
		await expect(page.locator('body')).not.toContainText('SEMAM');
	});

	// The field mode has no catalogue to draw up autos from, and says why (issue 34).
	test('/admin/campo: no catalogue, and why', async ({ page }) => {
		await loginAs(page, 'fiscal', '/admin/campo');
		await expect(page.getByTestId('no-catalog')).toContainText('não tem catálogo de infrações');
		await expect(page.getByRole('button', { name: 'Salvar o auto' })).toHaveCount(0);
		await expectNoAxeViolations(page);
	});

	// /lei names the law in force and says plainly that its text is not available.
	test('/lei: the law in force, its text not available, and why', async ({ page }) => {
		await page.goto('/lei');
		await expect(page.getByRole('heading', { level: 1 })).toContainText(
			'Lei municipal nº 1.856/2009'
		);
		await expect(page.getByRole('status')).toContainText(
			'O texto desta lei não está disponível no Garupa.'
		);
		await expect(page.getByRole('status')).toContainText('Lei nº 1.856/2009');
		await expect(page.locator('article')).toHaveCount(0);
		await page.goto('/lei?data=2010-01-01');
		await expect(page.getByRole('status')).toContainText(
			'Nenhuma lei do mototáxi está em vigor em 01/01/2010'
		);
	});

	testOnlyOwnProfile('porto-velho', (browser) =>
		fileComplaint(browser, 'Me tratou com falta de respeito')
	);
});
