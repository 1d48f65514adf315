import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';
import { untilRegistryKept } from './helpers';

/**
 * "Offline" comes in two kinds, and every note that says so follows both:
 *  - no network: `context.setOffline(true)`;
 *  - lie-fi: the phone says it is online (`navigator.onLine === true`) while every request fails —
 *    a captive portal, one bar of signal at the stand. Here every request is routed to fail.
 * The notes read what actually happened ($lib/offline/signal): the service worker says it answered
 * from the phone's copy, the page's own requests fail; `navigator.onLine` is only a hint. And
 * when the server answers 5xx (its database down), the worker serves the kept copy too.
 */

interface Kind {
	name: string;
	off: (context: BrowserContext) => Promise<void>;
	on: (context: BrowserContext) => Promise<void>;
	/** What `navigator.onLine` says meanwhile, when the kind fixes it. */
	onLine?: boolean;
}

const KINDS: Kind[] = [
	{
		name: 'no network (setOffline)',
		off: (context) => context.setOffline(true),
		on: (context) => context.setOffline(false)
	},
	{
		name: 'lie-fi (navigator.onLine true, every request fails)',
		off: async (context) => {
			await context.route('**/*', (route) => route.abort('internetdisconnected'));
		},
		on: (context) => context.unrouteAll({ behavior: 'ignoreErrors' }),
		onLine: true
	}
];

const banner = (page: Page) => page.locator('.offline-banner');

/** The worker controls the page and keeps `paths` (the offline pages are kept at install). */
async function keep(page: Page, paths: string[] = []) {
	await untilWorkerControls(page);
	await page.evaluate(async (paths) => {
		for (let i = 0; i < 100; i++) {
			const kept = await Promise.all(paths.map((p) => caches.match(p)));
			if (kept.every(Boolean)) return;
			await new Promise((r) => setTimeout(r, 100));
		}
		throw new Error(`not kept: ${paths.join(', ')}`);
	}, paths);
}

async function expectOnLine(page: Page, kind: Kind) {
	if (kind.onLine !== undefined)
		expect(await page.evaluate(() => navigator.onLine), 'navigator.onLine').toBe(kind.onLine);
}

for (const kind of KINDS) {
	test.describe(`offline, ${kind.name}`, () => {
		test.describe.configure({ timeout: 90_000 });
		test.afterEach(async ({ context }) => kind.on(context));

		test('the kept pages say so: the banner, /lei’s date, the clock note; the banner leaves when the signal returns', async ({
			page,
			context
		}) => {
			await page.goto('/');
			await keep(page, ['/', '/tarifa', '/lei']);
			await kind.off(context);

			await page.goto('/tarifa');
			await expectOnLine(page, kind);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planejar uma corrida');
			await expect(banner(page)).toHaveText('Sem conexão: mostrando dados guardados no aparelho.');

			await page.goto('/lei?data=2011-10-01');
			await expect(
				page.getByRole('status').filter({ hasText: 'Sem sinal: esta é a lei' })
			).toContainText('A lei de 01/10/2011 aparece quando houver conexão.');
			await expect(banner(page)).toBeVisible();

			await page.goto('/');
			await expect(page.getByTestId('clock-note')).toContainText('usando o relógio do aparelho');
			await expect(banner(page)).toBeVisible();

			// The signal returns: the page finds out by itself (lie-fi sends no `online` event).
			await kind.on(context);
			await expect(banner(page)).toHaveCount(0, { timeout: 45_000 });
		});

		test('the scanner says it needs one connection before the decoder was ever downloaded', async ({
			page,
			context
		}) => {
			await page.goto('/verificar');
			await keep(page, ['/verificar']);
			await untilRegistryKept(page);
			await kind.off(context);
			await page.reload();
			await expectOnLine(page, kind);
			await expect(page.getByTestId('scan-needs-connection')).toContainText(
				'Sem conexão: o leitor de QR code ainda não foi baixado neste celular'
			);
			// Typing still works, from the registry kept on the phone, in place.
			await page.getByRole('textbox').first().fill('007');
			await page.getByRole('textbox').first().press('Enter');
			await expect(page.getByRole('heading', { level: 2, name: 'Regular' })).toBeVisible();
		});

		test('a complaint made on the kept page is "Guardada no celular", then sent when the signal returns', async ({
			page,
			context
		}) => {
			await page.goto('/reclamar?veiculo=007');
			await keep(page, ['/reclamar?veiculo=007']);
			await kind.off(context);
			await page.reload();
			await expectOnLine(page, kind);
			await expect(banner(page)).toBeVisible();
			await page.getByLabel('Cobrou mais do que a tabela').check();
			await page.getByLabel('Quanto você pagou?').fill('15');
			await page.getByRole('button', { name: 'Enviar reclamação' }).click();
			const card = page.getByTestId('saved-card');
			await expect(card).toContainText('Guardada no celular');
			await expect(card).toContainText('Moto 007');

			await kind.on(context);
			await expect(page.getByTestId('saved-protocol')).toHaveText(/^RM-\d{4}-\d{6}$/, {
				timeout: 45_000
			});
		});
	});
}

test.describe('the server answers 5xx (its database down)', () => {
	/** Every page and the server's time answer 503, as the server does with its database down. */
	async function serverDown(context: BrowserContext) {
		await context.route(
			(url) => !url.pathname.startsWith('/_app/') && !/\.\w+$/.test(url.pathname),
			(route) =>
				route.fulfill({
					status: 503,
					contentType: 'text/html; charset=utf-8',
					body: '<!doctype html><html lang="pt-BR"><title>503</title><h1>Serviço temporariamente indisponível</h1></html>'
				})
		);
	}

	test('a kept page is answered from the phone and says the service is down; a page never kept gets the server’s 503', async ({
		page,
		context
	}) => {
		await page.goto('/');
		await keep(page, ['/tarifa']);
		await serverDown(context);

		const kept = await page.goto('/tarifa');
		expect(kept?.status()).toBe(200);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planejar uma corrida');
		await expect(banner(page)).toHaveText(
			'O serviço está fora do ar agora: mostrando dados guardados no aparelho.'
		);
		expect(await page.evaluate(() => navigator.onLine)).toBe(true);

		const never = await page.goto('/reclamacoes');
		expect(never?.status()).toBe(503);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			'Serviço temporariamente indisponível'
		);

		// The 503 did not replace the good copy.
		await context.unrouteAll({ behavior: 'ignoreErrors' });
		const copy = await page.evaluate(async () => (await caches.match('/tarifa'))?.status);
		expect(copy).toBe(200);
	});
});
