import { expect, test, type Browser } from '@playwright/test';
import { firstInDecember, local, useDeviceClock, year } from './helpers';

// What the rider's screen says must be so: a stand's list, "amanhã", a card of this very app, a
// staff note's audience, a page that does not jump.

const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const SIZES = [
	{ width: 360, height: 740 },
	{ width: 320, height: 568 }
] as const;

const phone = (browser: Browser, size: (typeof SIZES)[number], javaScriptEnabled = true) =>
	browser.newContext({ viewport: size, ...PHONE, javaScriptEnabled });

test.describe('a stand lists each prefix with its verdict, never an irregular one as "autorizado"', () => {
	for (const size of SIZES) {
		test(`${size.width}×${size.height}: /pontos and /pontos/praca-central`, async ({ browser }) => {
			const context = await phone(browser, size, false);
			const page = await context.newPage();
			await page.goto('/pontos');
			await expect(page.locator('main')).not.toContainText(/autorizad/i);
			const central = page.locator('ol.stands li', { hasText: 'Praça Central' });
			const prefixes = central.getByTestId('stand-prefixes');
			await expect(prefixes).toContainText('Prefixos deste ponto:');
			await expect(prefixes).toContainText('MT-007 (Regular)');
			await expect(prefixes).toContainText('MT-023 (Pendente)');
			await expect(prefixes).toContainText('MT-052 (Irregular)');
			await expect(page.locator('main')).toContainText(
				/Situação de cada prefixo no cadastro em \d{2}\/\d{2}\/\d{4}\./
			);

			await page.goto('/pontos/praca-central');
			await expect(
				page.getByRole('heading', { level: 2, name: 'Prefixos deste ponto' })
			).toBeVisible();
			await expect(page.locator('main')).not.toContainText(/autorizad/i);
			for (const [prefix, verdict, word] of [
				['007', 'regular', 'Regular'],
				['023', 'pendente', 'Pendente'],
				['052', 'irregular', 'Irregular']
			] as const) {
				const link = page.getByRole('link', { name: `MT-${prefix}` });
				await expect(link).toHaveAttribute('href', `/verificar/${prefix}`);
				await expect(link).toHaveAttribute('data-verdict', verdict);
				await expect(link).toContainText(word);
				await expect(link.locator(`svg[data-pictogram="${verdict}"]`)).toHaveCount(1);
			}
			// What the stand's list says is what the verification says.
			await page.getByRole('link', { name: 'MT-052' }).click();
			await expect(page.locator('#veredito')).toHaveText(/Irregular/i);
			await context.close();
		});
	}

	test('in Spanish and English too', async ({ page }) => {
		await page.goto('/es/pontos/praca-central');
		await expect(page.getByRole('heading', { name: 'Prefijos de esta parada' })).toBeVisible();
		await expect(page.getByRole('link', { name: 'MT-052' })).toContainText('Irregular');
		await page.goto('/en/pontos');
		await expect(
			page.locator('ol.stands li', { hasText: 'Praça Central' }).getByTestId('stand-prefixes')
		).toContainText('MT-023 (Pending)');
	});
});

test.describe('"amanhã" is relative to today, never to the planned day', () => {
	// A phone on the first Thursday of December: Sunday is three days away, and no holiday near.
	const thursday = firstInDecember(4);
	const at = (day: number, hhmm: string) => local(12, day, hhmm);
	for (const size of SIZES) {
		test(`${size.width}×${size.height}: Sunday 21:30 planned on a Thursday`, async ({
			browser
		}) => {
			const context = await phone(browser, size);
			const page = await context.newPage();
			await useDeviceClock(page);
			await page.clock.setFixedTime(at(thursday, '10:00'));
			const sunday = thursday + 3;
			await page.goto(`/tarifa?data=${year}-12-${pad(sunday)}&hora=21:30`);
			const until = page.locator('.until');
			await expect(until).toHaveText(
				`Bandeira I a partir de segunda-feira, ${sunday + 1}/12, 05:00`
			);
			// The same day planned at night: Friday 05:00 truly is tomorrow.
			await page.getByLabel('Dia').fill(`${year}-12-${pad(thursday)}`);
			await page.getByLabel('Hora').fill('21:30');
			await page.getByRole('button', { name: 'Calcular' }).click();
			await expect(until).toHaveText('Bandeira I a partir de amanhã, 05:00');
			await context.close();
		});
	}

	test('in English and Spanish, the weekday in words and the date as a Brazilian writes it', async ({
		page
	}) => {
		await useDeviceClock(page);
		await page.clock.setFixedTime(at(thursday, '10:00'));
		const sunday = thursday + 3;
		await page.goto(`/en/tarifa?data=${year}-12-${pad(sunday)}&hora=21:30`);
		await expect(page.locator('.until')).toHaveText(
			`Bandeira I from Monday, ${sunday + 1}/12, 05:00`
		);
		await page.goto(`/es/tarifa?data=${year}-12-${pad(sunday)}&hora=21:30`);
		await expect(page.locator('.until')).toHaveText(
			`Bandera I a partir de lunes, ${sunday + 1}/12, 05:00`
		);
	});
});

function pad(n: number) {
	return String(n).padStart(2, '0');
}
