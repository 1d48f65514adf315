/**
 * The field mode opens with no signal (issue 34, "saved with no signal"): on a phone at 360×740 where
 * the fiscal opened /admin/campo once online, a reload with no network gets the mode's shell (kept by
 * the service worker's cache, no staff data in it) filled from IndexedDB — the vehicle found, the
 * conduct chosen, the auto saved and its copy printed in the law's number of copies; the browser
 * closed and opened again offline, it still works; the signal back, exactly one auto is sent.
 * A persistent browser profile: a closed and reopened phone keeps its service worker and caches
 * (a storage state carries neither). And the mode's bill (scripts/bench/field-bench.js): the actions
 * of an auto, the first load and the offline shell on the wire, each within its budget.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../playwright.config';
import { chromiumArgs, chromiumPath } from '../scripts/test/chromium.js';
import { expectNoAxeViolations, loginAs } from './helpers';
import {
	FIELD_ACTIONS_BUDGET,
	FIELD_FIRST_LOAD_BUDGET_KIB,
	FIELD_SHELL_BUDGET_KIB,
	formatFieldMode,
	measureFieldMode
} from '../scripts/bench/field-bench.js';

test.describe.configure({ timeout: 300_000 });

const JPEG = Buffer.from([
	0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9
]);

/** The law's number of copies, read from the regime (Lei 2.059/2011: its procedure.auto.copies). */
const regime = JSON.parse(
	readFileSync('profiles/rolim-de-moura/regimes/lei-2059-2011.json', 'utf8')
) as { procedure: { auto: { copies: number } } };
const COPIES = regime.procedure.auto.copies;

const SHELL = '/admin/campo?casca=1';

function launch(dir: string, baseURL: string): Promise<BrowserContext> {
	return chromium.launchPersistentContext(dir, {
		executablePath: chromiumPath,
		args: chromiumArgs,
		baseURL,
		viewport: { width: 360, height: 740 },
		isMobile: true,
		hasTouch: true
	});
}

/** Looks vehicle 7 up, as typed: the record from the registry kept on the phone. */
async function findVehicle(page: Page) {
	await page.getByLabel('Prefixo ou placa').fill('7');
	await page.getByRole('button', { name: 'Buscar' }).click();
	await expect(page.getByTestId('record')).toContainText('Prefixo 7');
}

test('reloaded and reopened with no signal, the field mode works; back online, one auto is sent', async ({
	baseURL
}) => {
	const dir = mkdtempSync(join(tmpdir(), 'garupa-campo-'));
	const origin = baseURL ?? '';
	const fiscal = E2E_ACCOUNTS.fiscal;
	try {
		let context = await launch(dir, origin);
		let page = context.pages()[0] ?? (await context.newPage());
		await loginAs(page, 'fiscal', '/admin/campo');
		await expect(page.getByTestId('numbers-left')).not.toHaveText('0', { timeout: 30_000 });
		await expect(page.getByTestId('shell-kept')).toBeVisible({ timeout: 60_000 });

		// The shell holds no staff data: no name, no matrícula, no e-mail, no registry, no autos.
		const kept = await page.evaluate(async (shellUrl) => {
			const cache = await caches.open('garupa-campo-casca-v1');
			const keys = (await cache.keys()).map((r) => new URL(r.url));
			const shell = await cache.match(shellUrl);
			return {
				keys: keys.map((u) => u.pathname + u.search),
				html: (await shell?.text()) ?? ''
			};
		}, SHELL);
		expect(kept.html).toContain('Modo de campo');
		for (const secret of [fiscal.name, 'E2E-1', fiscal.email, 'Prefixo 7', 'AI-'])
			expect(kept.html).not.toContain(secret);
		for (const key of kept.keys)
			expect(key === SHELL || /^\/_app\/immutable\//.test(key), key).toBe(true);

		// No signal: a reload opens the mode from the phone.
		await context.setOffline(true);
		await page.reload();
		await expect(page.getByTestId('from-phone')).toBeVisible();
		await expect(page.locator('.who')).toContainText(`${fiscal.name} · matrícula E2E-1`);
		await findVehicle(page);
		await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
		const number = (await page.getByTestId('auto-number').textContent()) ?? '';
		expect(number).toMatch(/^AI-\d{4}-\d{6}$/);
		await page.getByLabel(/Buscar por palavras/).fill('20 VII');
		await page.getByRole('radio', { name: /Fumou/ }).check();
		await page
			.getByLabel('Fotos (até 4)')
			.setInputFiles({ name: 'prova.jpg', mimeType: 'image/jpeg', buffer: JPEG });
		await expect(page.locator('.thumbs code')).toHaveCount(1);
		await page.getByLabel('Ou o endereço').fill('Av. Norte Sul, 100');
		await page.getByRole('radio', { name: /Recusou-se a assinar/ }).check();
		await page.getByRole('button', { name: 'Salvar o auto' }).click();
		await expect(page.getByTestId('driver-copy')).toContainText(number);
		await expect(page.getByTestId('waiting')).toContainText(number);
		await expectNoAxeViolations(page);

		// Printed: the law's number of copies, each labelled, and nothing else of the mode.
		await expect(page.getByRole('button', { name: `Imprimir (${COPIES} vias)` })).toBeVisible();
		await page.emulateMedia({ media: 'print' });
		const vias = page.getByTestId('printed-copies').locator('article');
		await expect(vias).toHaveCount(COPIES);
		for (let i = 0; i < COPIES; i++) {
			await expect(vias.nth(i)).toBeVisible();
			await expect(vias.nth(i)).toContainText(`${i + 1}ª via — auto ${number}`);
		}
		await expect(page.getByTestId('field-state')).toBeHidden();
		await expect(page.getByTestId('driver-copy')).toBeHidden();
		await page.emulateMedia({ media: 'screen' });

		// The browser closed and opened again, still with no signal.
		await context.close();
		context = await launch(dir, origin);
		await context.setOffline(true);
		page = context.pages()[0] ?? (await context.newPage());
		await page.goto('/admin/campo');
		await expect(page.getByTestId('from-phone')).toBeVisible();
		await expect(page.getByTestId('waiting')).toContainText(number);
		await findVehicle(page);

		// The signal returns: the auto goes by itself, once, and leaves the phone.
		await context.setOffline(false);
		await expect(page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 30_000 });
		await page.goto('/admin/veiculos/7');
		await expect(page.getByRole('link', { name: number })).toHaveCount(1);
		await page.goto('/admin/campo');
		await expect(page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 30_000 });
		await expect(page.getByTestId('from-phone')).toHaveCount(0);
		await context.close();
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

test('the field mode’s bill: an auto in at most 8 actions; its first load and its offline shell within their budgets', async ({
	browser,
	baseURL
}) => {
	// npm run bench prints the same figures (scripts/bench/field-bench.js).
	const origin = baseURL ?? 'http://localhost:4173';
	const { actions, firstLoad, shell } = await measureFieldMode(
		browser,
		origin,
		origin.replace('//localhost', '//127.0.0.1'),
		E2E_ACCOUNTS.fiscal
	);
	console.log(formatFieldMode({ actions, firstLoad, shell }).join('\n'));
	// What the bill must hold for its figures to mean anything: the page and its code.
	expect(firstLoad.entries.map((e) => e.url)).toContain('/admin/campo');
	expect(firstLoad.total.entries).toBeGreaterThan(10);
	expect(shell.entries.map((e) => e.url)).toContain(SHELL);
	expect(shell.total.entries).toBeGreaterThan(10);
	expect(actions.length).toBeLessThanOrEqual(FIELD_ACTIONS_BUDGET);
	expect(firstLoad.total.wire / 1024).toBeLessThanOrEqual(FIELD_FIRST_LOAD_BUDGET_KIB);
	expect(shell.total.wire / 1024).toBeLessThanOrEqual(FIELD_SHELL_BUDGET_KIB);
});
