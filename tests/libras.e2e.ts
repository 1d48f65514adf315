/**
 * Libras on request: VLibras, the federal government's widget, is loaded only
 * when the rider taps "Libras" — in the footer of every rider page, and on `/` — and then by itself
 * on later pages of that phone until switched off. Offline, the button says Libras needs a
 * connection. This machine has no internet: VLibras's origin is first unreachable (as on a bad
 * line), then answered by a stand-in of its script, to follow what the page does with it; the CSP
 * must let that origin's script run.
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { expectNoAxeViolations, pastRightEdge } from './helpers';

const SIZES = [
	{ width: 360, height: 740 },
	{ width: 320, height: 568 }
] as const;
const VLIBRAS = /^https:\/\/([\w-]+\.)*vlibras\.gov\.br\//;

/** What VLibras's plugin does, in short: `new VLibras.Widget(root)` puts its button in `[vw]`. */
const STAND_IN = `window.VLibras = { Widget: function (root) {
	var b = document.createElement('button');
	b.type = 'button'; b.textContent = 'VLibras'; b.setAttribute('data-stand-in', root);
	document.querySelector('[vw]').append(b);
} };`;

/** Every request the phone makes to VLibras's origin, and how that origin answers. */
async function vlibras(context: BrowserContext) {
	const asked: string[] = [];
	let reachable = false;
	context.on('request', (r) => {
		if (VLIBRAS.test(r.url())) asked.push(r.url());
	});
	await context.route(VLIBRAS, (route) =>
		reachable
			? route.fulfill({ contentType: 'text/javascript', body: STAND_IN })
			: route.abort('internetdisconnected')
	);
	return {
		asked,
		reachable: (on: boolean) => {
			reachable = on;
		}
	};
}

for (const size of SIZES)
	test(`${size.width}×${size.height}: nothing of VLibras before the tap; one request after; kept for later pages until switched off; offline it says so`, async ({
		browser
	}) => {
		test.setTimeout(90_000);
		const context = await browser.newContext({
			viewport: size,
			isMobile: true,
			hasTouch: true,
			deviceScaleFactor: 2
		});
		const origin = await vlibras(context);
		const page = await context.newPage();

		await page.goto('/');
		const home = page.locator('main [data-libras]');
		const footer = page.locator('footer [data-libras]');
		await expect(home.getByRole('button', { name: 'Libras' })).toBeVisible();
		await expect(footer.getByRole('button', { name: 'Libras' })).toBeAttached();
		await page.waitForTimeout(1500);
		expect(origin.asked, 'nothing of VLibras before the tap').toEqual([]);
		expect(await pastRightEdge(page)).toEqual([]);
		await expectNoAxeViolations(page);

		// The words beside the button are read out when they change (a polite live region).
		await expect(home.locator('[data-libras-status]')).toHaveAttribute('aria-live', 'polite');

		// A bad line: one attempt, and the rider is told.
		await home.getByRole('button', { name: 'Libras' }).tap();
		await expect(home.locator('[data-libras-status]')).toHaveText(
			'Não foi possível carregar a Libras agora. Tente de novo com sinal.'
		);
		expect(origin.asked).toHaveLength(1);
		expect(origin.asked[0]).toBe('https://vlibras.gov.br/app/vlibras-plugin.js');
		await expect(home.getByRole('button', { name: 'Libras' })).toHaveAttribute(
			'aria-pressed',
			'false'
		);

		// With signal: the widget starts (the CSP lets its origin's script run), the button is pressed.
		origin.reachable(true);
		await home.getByRole('button', { name: 'Libras' }).tap();
		await expect(home.locator('[data-libras-status]')).toContainText('Libras ligada');
		await expect(page.locator('[vw] [data-stand-in="https://vlibras.gov.br/app"]')).toBeAttached();
		await expect(home.getByRole('button', { name: 'Libras' })).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		expect(await pastRightEdge(page)).toEqual([]);

		// A later page loads it by itself, and says so in its footer.
		const before = origin.asked.length;
		await page.goto('/tarifa');
		await expect(page.locator('[vw] [data-stand-in]')).toBeAttached();
		expect(origin.asked.length).toBe(before + 1);
		await expect(page.locator('footer [data-libras-status]')).toContainText('Libras ligada');
		await expect(
			page.locator('footer [data-libras]').getByRole('button', { name: 'Libras' })
		).toHaveAttribute('aria-pressed', 'true');

		// Switched off from the footer: hidden now, and not loaded on the next page.
		await page.locator('footer [data-libras]').getByRole('button', { name: 'Libras' }).tap();
		await expect(page.locator('footer [data-libras-status]')).toHaveText('Libras desligada.');
		await expect(page.locator('[vw]')).toBeHidden();
		const off = origin.asked.length;
		await page.goto('/verificar');
		await expect(
			page.locator('footer [data-libras]').getByRole('button', { name: 'Libras' })
		).toBeAttached();
		await page.waitForTimeout(1500);
		expect(origin.asked.length).toBe(off);

		// Offline: said, and nothing requested.
		await context.setOffline(true);
		await page.locator('footer [data-libras]').getByRole('button', { name: 'Libras' }).tap();
		await expect(page.locator('footer [data-libras-status]')).toHaveText(
			'A Libras precisa de internet.'
		);
		expect(origin.asked.length).toBe(off);
		await context.setOffline(false);
		await context.close();
	});

test('in Spanish and English the button says what Libras is', async ({ page }) => {
	for (const [path, word] of [
		['/es/tarifa', 'Libras (lengua de señas)'],
		['/en/tarifa', 'Libras (sign language)']
	] as const) {
		await page.goto(path);
		await expect(page.locator('footer [data-libras] button')).toHaveText(word);
	}
});

test('without JavaScript there is no Libras button (it could do nothing)', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/');
	await expect(page.locator('[data-libras]').first()).toBeHidden();
	await context.close();
});

test('the CSP lets VLibras in on the rider pages that offer Libras only, never on /admin or /api', async ({
	request
}) => {
	const csp = async (path: string) =>
		(await request.get(path, { maxRedirects: 0 })).headers()['content-security-policy'] ?? '';
	for (const path of ['/', '/tarifa', '/verificar', '/es/tarifa'])
		expect(await csp(path), path).toMatch(/script-src [^;]*https:\/\/vlibras\.gov\.br/);
	const admin = await csp('/admin/login');
	expect(admin).toMatch(/script-src 'self'/);
	expect(admin).not.toContain('vlibras');
	expect(await csp('/api/registry')).not.toContain('vlibras');
});
