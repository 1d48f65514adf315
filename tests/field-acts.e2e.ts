/**
 * The impound in Rolim de Moura (Lei 2.059/2011 Art. 22 §§1º–3º), on a phone at 360×740: recorded
 * for a ground of Art. 22 (also without JavaScript), the driver's copy opened by its token (not
 * without) showing the law's terms — the deposit and release with 30 days (§1º), the costs (§2º),
 * auction after 3 months (§3º) — and no inspection term, which this law does not have. The law has
 * no preliminary notice: the field mode shows no link and the page does not exist. axe on every
 * new page.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginAs } from './helpers';

test.describe.configure({ timeout: 180_000 });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

test('impound under Art. 22: the driver’s copy shows §§1º–3º, only with its token; no notice in this law', async ({
	browser,
	baseURL
}) => {
	const context = await browser.newContext(PHONE);
	const page = await context.newPage();
	await loginAs(page, 'fiscal', '/admin/campo');
	await expect(page.getByRole('link', { name: 'Notificações preliminares' })).toHaveCount(0);
	const notices = await page.goto('/admin/campo/notificacoes');
	expect(notices?.status()).toBe(404);
	await expect(page.getByText('A lei em vigor não prevê notificação preliminar.')).toBeVisible();

	await page.goto('/admin/campo');
	await page.getByRole('link', { name: 'Apreensões' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apreensões');
	await expectNoAxeViolations(page);

	// Bad input: a conduct of Art. 20 is no ground of Art. 22 — 422 in pt-BR, nothing recorded.
	const bad = await page.request.post('/admin/campo/apreensoes', {
		form: { veiculo: '7', dispositivo: 'art20-VII', local: 'Centro' },
		headers: { origin: baseURL ?? '', accept: 'text/html' }
	});
	expect(bad.status()).toBe(422);
	expect(await bad.text()).toContain('não é caso de apreensão na lei (Art. 22)');
	await page.reload();
	await expect(page.getByText('Nenhuma apreensão registrada.')).toBeVisible();

	// Recorded without JavaScript (a form action), by the phone of the signed-in agent.
	const plain = await browser.newContext({
		...PHONE,
		javaScriptEnabled: false,
		storageState: await context.storageState()
	});
	const noJs = await plain.newPage();
	await noJs.goto('/admin/campo/apreensoes?veiculo=7');
	await noJs.getByRole('radio', { name: /Art\. 22, V —/ }).check();
	await noJs.getByLabel('Local da apreensão').fill('Av. Norte Sul, 100');
	await noJs.getByRole('button', { name: 'Registrar a apreensão' }).click();
	const copy = noJs.getByTestId('impound-copy');
	await expect(copy).toContainText(/Apreensão AP-\d{4}-\d{6} registrada/);
	const link = (await copy.getByRole('link').first().textContent()) ?? '';
	expect(link).toMatch(/\/apreensoes\/AP-\d{4}-\d{6}\?token=[\w-]{32}$/);
	const number = /AP-\d{4}-\d{6}/.exec(link)?.[0] ?? '';
	await plain.close();

	const driver = await browser.newContext(PHONE);
	const d = await driver.newPage();
	await d.goto(link);
	await expect(d.getByRole('heading', { level: 1 })).toContainText(number);
	await expect(d.getByTestId('impound-record')).toContainText('Art. 22, V (Lei 2.059/2011)');
	await expect(d.getByTestId('impound-record')).toContainText('o depósito da Prefeitura');
	const terms = d.getByTestId('impound-terms');
	await expect(terms).toContainText('Depósito (Art. 22 §1º)');
	await expect(terms.locator('[data-term="release"]')).toContainText('30 dias');
	await expect(terms).toContainText('Despesas (Art. 22 §2º)');
	await expect(terms.locator('[data-term="auction"]')).toContainText('3 meses');
	await expect(terms).toContainText('Hasta pública (Art. 22 §3º)');
	await expect(
		terms.locator('[data-term="inspection"], [data-term="releaseInspection"]')
	).toHaveCount(0);
	await expectNoAxeViolations(d);
	expect((await d.goto(link.replace(/\?token=.*$/, '')))?.status()).toBe(404);
	await driver.close();

	await page.goto(`/admin/campo/apreensoes/${number}`);
	await expect(page.getByTestId('impound-terms')).toContainText('Hasta pública (Art. 22 §3º)');
	await expectNoAxeViolations(page);
	await page.goto('/admin/veiculos/7');
	await expect(page.getByRole('region', { name: 'Apreensões' })).toContainText(number);
	await context.close();
});
