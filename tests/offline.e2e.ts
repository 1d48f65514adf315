import { expect, test } from '@playwright/test';
import { flagHeading } from './helpers';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

test.describe('offline and installable (PWA)', () => {
	test('the manifest names the app, in pt-BR, with 192/512/maskable icons', async ({ request }) => {
		const manifest = await (await request.get('/manifest.webmanifest')).json();
		expect(manifest).toMatchObject({
			name: expect.stringContaining('Garupa'),
			short_name: 'Garupa',
			lang: 'pt-BR',
			display: 'standalone'
		});
		const sizes = manifest.icons.map(
			(i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`
		);
		expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
		for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
	});

	test('after one visit, /, /tarifa and /lei load offline, and / shows a live bandeira', async ({
		page,
		context
	}) => {
		await page.goto('/');
		await untilWorkerControls(page);
		await context.setOffline(true);

		await page.reload();
		await expect(flagHeading(page)).toHaveText(/Bandeira I{1,2}$/);
		await expect(page.getByTestId('clock-note')).toContainText('usando o relógio do aparelho');
		const now = new Date();
		const hhmm = new Intl.DateTimeFormat('pt-BR', {
			timeZone: 'America/Porto_Velho',
			hour: '2-digit',
			minute: '2-digit',
			hourCycle: 'h23'
		});
		await expect(page.locator('.now')).toContainText(
			new RegExp(`${hhmm.format(now)}|${hhmm.format(new Date(now.getTime() + 60_000))}`)
		);

		await page.goto('/tarifa');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planejar uma corrida');
		await page.goto('/lei');
		await expect(page.locator('#art16')).toBeVisible();
		// Links work offline too (full navigations served by the worker).
		await page.getByRole('link', { name: 'Agora', exact: true }).click();
		await expect(flagHeading(page)).toBeVisible();
		await context.setOffline(false);
	});

	test('a rider reading in Spanish gets the Spanish pages offline', async ({ page, context }) => {
		await page.goto('/es/');
		await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
			// The layout stores the pages in the rider's language once the worker is ready.
			for (let i = 0; i < 50; i++) {
				const cache = await caches.open('garupa-pages-v1');
				if (await cache.match('/es/tarifa')) return;
				await new Promise((r) => setTimeout(r, 100));
			}
			throw new Error('the Spanish pages were not stored');
		});
		await context.setOffline(true);
		await page.goto('/es/tarifa');
		await expect(page.locator('html')).toHaveAttribute('lang', 'es');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planear un viaje');
		await context.setOffline(false);
	});
});
