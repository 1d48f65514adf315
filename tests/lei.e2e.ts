import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

// /lei shows the law in force on the date asked; earlier ones are reachable.
test.describe('/lei by date', () => {
	const cases: [query: string, shows: string, article: boolean][] = [
		['?data=2011-11-01', 'Lei em vigor em 01/11/2011.', true],
		['?data=2026-12-02', 'Lei em vigor em 02/12/2026.', true],
		// Before Lei 2.059/2011 (in force from 24/10/2011, Art. 32) there is no law in the data.
		['?data=2011-10-23', 'Nenhuma lei do mototáxi está em vigor em 23/10/2011', false]
	];
	for (const [query, shows, article] of cases)
		test(`/lei${query}`, async ({ page }) => {
			await page.goto(`/lei${query}`);
			await expect(page.locator('main')).toContainText(shows);
			await expect(page.locator('#art16-p2')).toHaveCount(article ? 1 : 0);
			await expect(page.getByRole('link', { name: 'Lei municipal nº 2.059/2011' })).toHaveAttribute(
				'href',
				'?data=2011-10-24'
			);
		});

	test('a date that is not one is a 400 with a clear message', async ({ page }) => {
		const res = await page.goto('/lei?data=2011-02-30');
		expect(res?.status()).toBe(400);
		await expect(page.locator('body')).toContainText('Data inválida: use o formato AAAA-MM-DD');
	});

	test('the date form works without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/lei');
		await page.getByLabel('Data', { exact: true }).fill('2011-10-01');
		await page.getByRole('button', { name: 'Ver a lei desta data' }).click();
		await expect(page).toHaveURL(/\/lei\?data=2011-10-01$/);
		await expect(page.getByRole('status')).toContainText('Nenhuma lei do mototáxi');
		await context.close();
	});

	test('the notice and the laws by date pass axe', async ({ page }) => {
		test.setTimeout(90_000);
		await page.goto('/lei?data=2011-10-01');
		await expect(page.getByRole('status')).toBeVisible();
		await expectNoAxeViolations(page);
	});

	test('in Spanish, the law of a date', async ({ page }) => {
		await page.goto('/es/lei?data=2011-11-01');
		await expect(page.locator('main')).toContainText('Ley vigente el 1 de noviembre de 2011.');
		await expect(page.locator('main')).toContainText('Art. 32: 90 días después de su publicación');
	});
});
