import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, flagHeading } from './helpers';

test.describe('/tarifa — plan a ride', () => {
	test('works as a plain GET form without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/tarifa');
		await page.getByLabel('Dia').fill('2026-12-25');
		await page.getByLabel('Hora').fill('10:00');
		await page.getByRole('button', { name: 'Calcular' }).click();
		await expect(page).toHaveURL(/data=2026-12-25&hora=10%3A00/);
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.locator('.reasons')).toContainText('Feriado nacional — Natal');
		// "amanhã" only when it truly is tomorrow from today; otherwise the weekday and the date.
		await expect(
			page.getByText(/Bandeira I a partir de (amanhã|sábado, 26\/12), 05:00/)
		).toBeVisible();
		await context.close();
	});

	test('lists the holidays that count, with sources, and the pontos facultativos apart', async ({
		page
	}) => {
		await page.goto('/tarifa?data=2026-02-17&hora=10:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira I$/);
		const holidays = page.locator('section[aria-labelledby="feriados"] table');
		await expect(holidays).toContainText('Aniversário de Rolim de Moura');
		await expect(holidays).toContainText('Lei estadual nº 2.291/2010');
		await expect(holidays).not.toContainText('Carnaval');
		await expect(page.locator('section[aria-labelledby="feriados"]')).toContainText(
			'Carnaval (terça-feira)'
		);
		await expect(page.getByText('valores de exemplo').first()).toBeVisible();
	});

	test('with JavaScript the answer follows the fields without a round trip', async ({ page }) => {
		await page.goto('/tarifa?data=2026-12-08&hora=12:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira I$/);
		await page.getByLabel('Hora').fill('20:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		// Two fares only (Art. 16): no surcharge to add.
		await expect(page.getByTestId('tarifa-answer')).toContainText('R$ 9,00');
		await expect(page.getByLabel(/loteamento afastado/)).toHaveCount(0);
	});

	for (const query of [
		'data=2026-02-30&hora=10:00',
		'data=ontem',
		'data=2026-12-25&hora=25:00',
		'data=2026-12-25&hora=10:00&km=1e2',
		'data=2026-12-25&hora=10:00&km=100,01'
	]) {
		test(`bad input ?${query} → 400 with a clear message`, async ({ page }) => {
			const res = await page.goto(`/tarifa?${query}`);
			expect(res?.status()).toBe(400);
			await expect(page.getByRole('alert')).toContainText(/inválida/);
		});
	}

	test('a flat table (Art. 16: a bandeirada) asks no distance, and a given one changes nothing', async ({
		page
	}) => {
		await page.goto('/tarifa?data=2026-12-25&hora=10:00&km=2,5');
		await expect(page.getByLabel(/Distância/)).toHaveCount(0);
		await expect(page.getByTestId('tarifa-answer')).toContainText('R$ 9,00');
		await expect(page.getByTestId('tarifa-answer')).not.toContainText('km');
	});

	test('passes axe', async ({ page }) => {
		await page.goto('/tarifa?data=2026-12-25&hora=10:00&adicional=loteamento-afastado');
		await expectNoAxeViolations(page);
	});
});

test.describe('/lei — the law with stable anchors', () => {
	test('every provision has its anchor; the errata are explained', async ({ page }) => {
		await page.goto('/lei#art21-XVII');
		await expect(page.locator('#art16-p2')).toContainText('20 (vinte) horas');
		await expect(page.locator('#art21-XVII')).toContainText('tarifas em desacordo');
		await expect(page.locator('#art21-XVIII')).toContainText('serviços estranhos');
		await expect(page.locator('#errata')).toContainText('VIII');
		await expect(page.locator('#errata')).toContainText('SEMAM');
	});

	test('citations on / link to the law', async ({ page }) => {
		await page.goto('/');
		const link = page.locator('.answer a[href*="/lei#art16"]').first();
		await expect(link).toBeVisible();
		await link.click();
		await expect(page).toHaveURL(/\/lei#art16/);
	});

	test('passes axe', async ({ page }) => {
		await page.goto('/lei');
		await expectNoAxeViolations(page);
	});
});

test.describe('languages: pt-BR first, es and en complete', () => {
	const cases: [path: string, lang: string, text: string][] = [
		['/', 'pt-BR', 'Agora em Rolim de Moura'],
		['/es/', 'es', 'Ahora en Rolim de Moura'],
		['/en/', 'en', 'Now in Rolim de Moura'],
		['/en/tarifa', 'en', 'Plan a ride'],
		['/es/lei', 'es', 'Notas sobre el texto publicado']
	];
	for (const [path, lang, text] of cases) {
		test(`${path} is in ${lang}, with <html lang="${lang}">, and passes axe`, async ({ page }) => {
			await page.goto(path);
			await expect(page.locator('html')).toHaveAttribute('lang', lang);
			await expect(page.locator('main')).toContainText(text);
			await expectNoAxeViolations(page);
		});
	}
});

test('the browser never receives date-holidays (it costs 80–240 KiB gzip)', () => {
	const files: string[] = [];
	const walk = (dir: string) => {
		for (const name of readdirSync(dir)) {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) walk(path);
			else if (path.endsWith('.js')) files.push(path);
		}
	};
	walk(join(process.env.BUILD_DIR ?? 'build', 'client'));
	expect(files.length).toBeGreaterThan(3);
	// Strings of date-holidays' own data (our profile names these days differently).
	for (const file of files) {
		const text = readFileSync(file, 'utf8');
		expect(text, file).not.toContain('Noite de Natal');
		expect(text, file).not.toContain('Dia do evangélico');
	}
});
