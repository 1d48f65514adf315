/**
 * Smoke test of the third profile: Feira de Santana (BA), Lei nº 3.815/2018 — a law with its own
 * text, in another zone (America/Bahia, UTC−3), built differently (gravities, a points register,
 * fines as multiples of bandeira I). Run against a build made and served with
 * GARUPA_MUNICIPIO=feira-de-santana (playwright.config.ts runs only this file then; `npm test`
 * builds it apart, in build-fs). Fares: Decreto nº 12.334/2021 sets bandeira I only.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, flagHeading, loginAs } from './helpers';
import { fileComplaint, RIDER_PAGES, testOnlyOwnProfile } from './profile-facts';

/** The last Sunday, 10:00 in Feira de Santana: a bandeira II day, as the form's datetime-local. */
function lastSunday() {
	const day = new Date(Date.now() - 2 * 86_400_000);
	while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() - 1);
	return day.toISOString().slice(0, 10);
}

/** Files an overcharge complaint on a Sunday, without JavaScript; the receipt's address. */
async function fileOvercharge(browser: import('@playwright/test').Browser): Promise<string> {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/reclamar?veiculo=001');
	// Without JavaScript the vehicle-and-time summary is a closed <details>: open it, as a rider does.
	await page.locator('details:has(#quando) > summary').click();
	await page.locator('#quando').fill(`${lastSunday()}T10:00`);
	await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).check();
	await page.getByLabel('Quanto você pagou?').fill('20,00');
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(/\/reclamacoes\/FS-\d{4}-\d{6}\?token=[\w-]{24}$/);
	const url = new URL(page.url());
	await context.close();
	return `${url.pathname}${url.search}`;
}

test.describe('Feira de Santana (GARUPA_MUNICIPIO=feira-de-santana)', () => {
	for (const path of RIDER_PAGES)
		test(`${path} answers for Feira de Santana and passes axe`, async ({ page }) => {
			// Axe over the whole law's text is slow on a loaded machine.
			test.slow();
			const res = await page.goto(path);
			expect(res?.status()).toBe(200);
			await expect(page.locator('main')).toBeVisible();
			await expectNoAxeViolations(page);
		});

	test('GET /api/bandeira: Saturday is bandeira I with the decree; Sunday has no published value', async ({
		request
	}) => {
		const saturday = await (
			await request.get('/api/bandeira?at=2026-12-05T10:00:00-03:00&km=2')
		).json();
		expect(saturday).toMatchObject({
			bandeira: 1,
			timeZone: 'America/Bahia',
			fare: { centavos: 480, perKmCentavos: 90, km: 2, totalCentavos: 660 },
			basis: 'Lei 3.815/2018, art. 35'
		});
		const sunday = await (
			await request.get('/api/bandeira?at=2026-12-06T10:00:00-03:00&km=2')
		).json();
		expect(sunday.bandeira).toBe(2);
		expect(sunday.fare).toMatchObject({ centavos: null, perKmCentavos: null, totalCentavos: null });
		expect(sunday.fare.note).toContain('bandeira II');
		// 20:00 in Feira de Santana is 23:00 UTC (UTC−3).
		const night = await (await request.get('/api/bandeira?at=2026-12-07T23:00:00Z')).json();
		expect(night.reasons).toMatchObject([{ kind: 'night', article: 'Art. 35, II' }]);
	});

	test('/tarifa: Art. 35, the conflicting Art. 2 as a note, and bandeira II not published', async ({
		page
	}) => {
		await page.goto('/tarifa?data=2026-12-06&hora=10:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.getByTestId('fare-unpublished').first()).toContainText(
			'valor da bandeira II não publicado'
		);
		const rules = page.locator('section[aria-labelledby="regras"]');
		await expect(rules).toContainText('das 20h de um dia às 5h do dia seguinte');
		await expect(rules.getByTestId('bandeira-note')).toContainText('Art. 2º, XXX e XXXI');
		await expect(page.locator('body')).toContainText('Decreto nº 12.334');
		// Corpus Christi is a municipal holiday here (Lei 851/1978).
		await page.goto('/tarifa?data=2026-06-04&hora=10:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.locator('.reasons')).toContainText('Corpus Christi');
	});

	test('/lei: Lei 3.815/2018 with its gravities and the notes on its text', async ({ page }) => {
		await page.goto('/lei');
		await expect(page.getByRole('heading', { level: 1 })).toContainText('LEI Nº 3815');
		await expect(page.locator('#art35')).toContainText('Bandeira II');
		await expect(page.locator('#art44-XX')).toContainText('GRAVES');
		await expect(page.locator('#errata')).toContainText('Art. 35');
		await expect(page.locator('#errata')).toContainText('art. 27');
	});

	test('a complaint on a Sunday: protocol FS-, nothing to compare with, Feira’s procedure', async ({
		browser,
		page
	}) => {
		test.slow();
		const receipt = await fileOvercharge(browser);
		await page.goto(receipt);
		await expect(page.getByTestId('protocol')).toHaveText(/^FS-\d{4}-\d{6}$/);
		const main = page.locator('main');
		await expect(main.getByTestId('overcharge')).toContainText('não foi publicado');
		await expect(main).toContainText('Art. 44, XXXV');
		await expect(main).toContainText('50 × bandeira I');
		await expect(main.getByTestId('deadline-notice')).toContainText('30 dias');
		await expect(main.getByTestId('deadline-notice')).toContainText('Art. 55 §1º');
		await expect(main.getByTestId('deadline-defence')).toContainText('no mínimo 30 dias');
		await expect(main.getByTestId('deadline-defence')).toContainText('CJAI');
		await expect(main.getByTestId('deadline-defence')).toContainText('Art. 55 §2º');
		await expect(main.getByTestId('deadline-review')).toContainText('NIP');
		await expectNoAxeViolations(page);
		// Staff see the same law: the fine as a multiple of bandeira I, the office of Feira.
		await loginAs(
			page,
			'fiscal',
			receipt.replace(/^\/reclamacoes\/([^?]+).*$/, '/admin/reclamacoes/$1')
		);
		await expect(page.locator('main')).toContainText('50 × bandeira I');
		await expect(page.locator('body')).toContainText('SMTT');
	});

	test('a suspension is imposed with the days the office fixes, 10 to 40 (Art. 49 §1º)', async ({
		browser,
		page
	}) => {
		test.slow();
		// More than one passenger: Art. 44, LV, apreensão and suspensão (Arts. 48, 49).
		const receipt = await fileComplaint(browser, 'Levou mais de um passageiro');
		const protocol = receipt.replace(/^\/reclamacoes\/([^?]+).*$/, '$1');
		await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
		const steps: [to: string, note: string][] = [
			['Em análise', 'Apurando.'],
			['Procedente', 'Confirmado pela fiscalização.']
		];
		for (const [to, note] of steps) {
			await page.getByLabel('Nova situação').selectOption({ label: to });
			await page.getByLabel('Nota (obrigatória)').fill(note);
			await page.getByRole('button', { name: 'Mudar situação' }).click();
			await expect(page.getByTestId('status')).toContainText(to);
		}
		// The auto's text first; it is issued once confirmed.
		await page.getByRole('button', { name: 'Lavrar auto' }).click();
		await page.getByRole('button', { name: 'Confirmar e emitir' }).click();
		await expect(page.getByRole('status').filter({ hasText: /lavrado/ })).toBeVisible();
		await page.goto(`/admin/reclamacoes/${protocol}`);

		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bahia' }).format(
			new Date()
		);
		const notified = page.getByRole('group', { name: 'Infrator notificado' });
		await notified.getByLabel('Data da notificação do auto').fill(today);
		await notified.getByRole('button', { name: 'Registrar' }).click();
		await expect(page.getByRole('status').filter({ hasText: 'Infrator notificado' })).toBeVisible();

		const imposed = page.getByRole('group', { name: 'Penalidade imposta' });
		const days = imposed.getByLabel('Dias de suspensão (10 a 40, Art. 49 §1º)');
		await expect(days).toHaveAttribute('min', '10');
		await expect(days).toHaveAttribute('max', '40');
		await days.fill('15');
		await imposed.getByLabel('Data da ciência da decisão pelo infrator').fill(today);
		await imposed.getByRole('button', { name: 'Registrar' }).click();
		await expect(page.locator('main')).toContainText('Penalidade imposta: suspensão de 15 dias.');
		await expectNoAxeViolations(page);
	});

	testOnlyOwnProfile('feira-de-santana', fileOvercharge);

	test('the manifest names Feira de Santana', async ({ request }) => {
		const manifest = await (await request.get('/manifest.webmanifest')).json();
		expect(manifest.name).toBe('Garupa — Mototáxi de Feira de Santana');
	});
});
