/**
 * The fiscal's field mode (/admin/campo) on a phone at 360×740: an auto drawn up with no signal is
 * kept on the phone (IndexedDB), survives a reload and the browser closed and reopened, and is sent
 * exactly once when the signal returns — same number, same photo hashes. Two phones offline at
 * once never collide. A revoked phone's kept auto is refused and shown as refused, its numbers
 * voided in the audit. The driver's copy opens with its token and not without.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, loginAs } from './helpers';

test.describe.configure({ timeout: 300_000, mode: 'serial' });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
// The first bytes of a JPEG: the phone may not decode it (kept as taken), the server checks the type.
const JPEG = Buffer.from([
	0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9
]);

/** Blocks sending (the signal is gone for the server) without blocking the page itself. */
const noSignal = (context: BrowserContext) =>
	context.route('**/admin/campo/autos', (route) => route.abort('internetdisconnected'));

async function phone(
	browser: Browser,
	role: 'fiscal' | 'gestor',
	state?: object,
	{ blocked = false }: { blocked?: boolean } = {}
) {
	const context = await browser.newContext({
		...PHONE,
		...(state ? { storageState: state as never } : {})
	});
	if (blocked) await noSignal(context);
	const page = await context.newPage();
	if (!state) await loginAs(page, role, '/admin/campo');
	else await page.goto('/admin/campo');
	await expect(page.getByTestId('numbers-left')).not.toHaveText('0', { timeout: 30_000 });
	return { context, page };
}

/** Draws up an auto for vehicle 7 (smoking) and saves it; its number and first photo hash. */
async function drawUp(page: Page): Promise<{ number: string; hash: string; link: string }> {
	await page.getByLabel('Prefixo ou placa').fill('7');
	await page.getByRole('button', { name: 'Buscar' }).click();
	await expect(page.getByTestId('record')).toContainText('Prefixo 7');
	await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
	const number = (await page.getByTestId('auto-number').textContent()) ?? '';
	expect(number).toMatch(/^AI-\d{4}-\d{6}$/);
	await page.getByLabel(/Buscar por palavras/).fill('20 VII');
	await page.getByRole('radio', { name: /Fumou/ }).check();
	await page.getByLabel('Fotos (até 4)').setInputFiles({
		name: 'prova.jpg',
		mimeType: 'image/jpeg',
		buffer: JPEG
	});
	const hashText = (await page.locator('.thumbs code').first().textContent()) ?? '';
	await page.getByLabel('Ou o endereço').fill('Av. Norte Sul, 100');
	await page.getByRole('radio', { name: /Recusou-se a assinar/ }).check();
	await page.getByRole('button', { name: 'Salvar o auto' }).click();
	await expect(page.getByTestId('driver-copy')).toContainText(number);
	const link = (await page.getByTestId('driver-copy').getByRole('link').textContent()) ?? '';
	return { number, hash: hashText.replace('…', ''), link };
}

test('saved with no signal, kept across a reload and a restart, sent exactly once', async ({
	browser
}) => {
	const { context, page } = await phone(browser, 'fiscal');
	await expectNoAxeViolations(page);
	await context.setOffline(true);
	const auto = await drawUp(page);
	await expect(page.getByTestId('waiting')).toContainText(auto.number);
	await expectNoAxeViolations(page);

	// A reload while the server is still out of reach: the auto is still waiting, same number.
	await noSignal(context);
	await context.setOffline(false);
	await page.reload();
	await expect(page.getByTestId('waiting')).toContainText(auto.number);

	// The browser closed and opened again (the phone restarted).
	const state = await context.storageState({ indexedDB: true });
	await context.close();
	const again = await phone(browser, 'fiscal', state, { blocked: true });
	await expect(again.page.getByTestId('waiting')).toContainText(auto.number);

	// The signal returns: it goes by itself on the next open, and leaves the phone.
	await again.context.unrouteAll();
	await again.page.reload();
	await expect(again.page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 30_000 });
	await again.page.reload();
	await expect(again.page.getByTestId('nothing-waiting')).toBeVisible();

	// Exactly one auto with that number, listed with the vehicle's autos; the photo hash matches.
	await again.page.goto('/admin/veiculos/7');
	await expect(again.page.getByRole('link', { name: auto.number })).toHaveCount(1);
	await again.page.goto(`/admin/campo/auto/${auto.number}`);
	const hashes = await again.page.getByTestId('photo-hash').allTextContents();
	expect(hashes).toHaveLength(1);
	expect(hashes[0]?.startsWith(auto.hash)).toBe(true);
	await expectNoAxeViolations(again.page);

	// The driver's copy: with its token, and not without.
	const copy = await again.page.goto(auto.link);
	expect(copy?.status()).toBe(200);
	await expect(again.page.getByRole('heading', { level: 1 })).toContainText(auto.number);
	await expect(again.page.getByRole('heading', { name: 'Como se defender' })).toBeVisible();
	await expectNoAxeViolations(again.page);
	const without = await again.page.goto(new URL(auto.link).pathname);
	expect(without?.status()).toBe(404);
	await again.context.close();
});

test('two phones offline at once never give the same number', async ({ browser }) => {
	const a = await phone(browser, 'fiscal');
	const b = await phone(browser, 'gestor');
	await a.context.setOffline(true);
	await b.context.setOffline(true);
	const first = await drawUp(a.page);
	const second = await drawUp(b.page);
	expect(first.number).not.toBe(second.number);
	for (const p of [a, b]) {
		await p.context.setOffline(false);
		await p.page.reload();
		await expect(p.page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 30_000 });
	}
	await b.page.goto('/admin/veiculos/7');
	for (const n of [first.number, second.number])
		await expect(b.page.getByRole('link', { name: n })).toHaveCount(1);
	await a.context.close();
	await b.context.close();
});

test('a revoked phone: its kept auto is refused and shown as refused; the audit voids its numbers', async ({
	browser
}) => {
	const lost = await phone(browser, 'fiscal');
	await noSignal(lost.context);
	const auto = await drawUp(lost.page);
	await expect(lost.page.getByTestId('waiting')).toContainText(auto.number);

	const office = await browser.newContext();
	const gestor = await office.newPage();
	await loginAs(gestor, 'gestor', '/admin/equipe');
	const revoke = gestor
		.getByRole('row')
		.filter({ hasText: 'fiscal@garupa.test' })
		.getByRole('button', { name: /Revogar/ });
	for (let n = await revoke.count(); n > 0; n = await revoke.count()) {
		await revoke.first().click();
		await expect(revoke).toHaveCount(n - 1);
	}

	await lost.context.unrouteAll();
	await lost.page.reload();
	await expect(lost.page.getByTestId('refused')).toContainText(auto.number);
	await expect(lost.page.getByTestId('refused')).toContainText('revogado');

	await gestor.goto('/admin/auditoria');
	await expect(
		gestor
			.getByTestId('block')
			.filter({ hasText: 'aparelho revogado' })
			.filter({ hasText: auto.number })
	).not.toHaveCount(0);
	await expectNoAxeViolations(gestor);
	await lost.context.close();
	await office.close();
});
