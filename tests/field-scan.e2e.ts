/**
 * The field mode's vehicle (/admin/campo, issue 34 item 1) on a phone at 360×740: the riders' QR
 * scanner (same decoder, downloaded on first use, never with the page) PROPOSES the vehicle and
 * the agent confirms it; a signed card's verdict is shown with it; a vehicle outside the registry
 * is typed (plate, make/model, colour) and is either the law's offence against the authorized
 * driver's prefix or the printable forward to the traffic authority; the place is shown on the
 * municipal map (Leaflet loaded only when opened; no tile server reached in tests).
 *
 * Runs in the `camera` project (its fake camera shows the sticker of prefix 007) and, for the test
 * tagged @card-camera, in `camera-card` (the signed card of MT-007).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, loginAs } from './helpers';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** The decoder's wasm, in the client build (or the islands' bundle). */
const WASM = /\/_app\/immutable\/(?:islands\/)?assets\/zxing_reader[.-][\w-]+\.wasm$/;

/** A module's chunk in this build, from Vite's manifest. */
const chunkOf = (src: string) => {
	const manifest: Record<string, { file: string }> = JSON.parse(
		readFileSync(
			new URL(
				`../${process.env.KIT_OUT_DIR ?? '.svelte-kit'}/output/client/.vite/manifest.json`,
				import.meta.url
			),
			'utf8'
		)
	);
	return manifest[src]?.file ?? `${src} not in the build`;
};
/** The field mode's map module (Leaflet with it), and its scanner (with the card's check). */
const MAP_CHUNK = chunkOf('src/lib/field/field-map.ts');
const SCANNER_CHUNK = chunkOf('src/lib/field/FieldScanner.svelte');

async function open(page: Page): Promise<string[]> {
	// Tests never reach a tile server: every request off this machine fails, as offline.
	await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
		route.abort('internetdisconnected')
	);
	const asked: string[] = [];
	page.on('request', (r) => asked.push(new URL(r.url()).pathname));
	await loginAs(page, 'fiscal', '/admin/campo');
	await expect(page.getByTestId('numbers-left')).not.toHaveText('0', { timeout: 30_000 });
	return asked;
}

async function noSidewaysScroll(page: Page) {
	for (const size of [
		{ width: 360, height: 740 },
		{ width: 320, height: 568 }
	]) {
		await page.setViewportSize(size);
		const { scroll, client, wide } = await page.evaluate(() => {
			const client = document.documentElement.clientWidth;
			// What sticks out, to name it when it fails.
			const wide = [...document.querySelectorAll('body *')]
				.filter((el) => el.getBoundingClientRect().right > client + 0.5)
				.slice(0, 5)
				.map(
					(el) =>
						`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${JSON.stringify(el.getBoundingClientRect())} ${getComputedStyle(el).position}`
				);
			return { scroll: document.documentElement.scrollWidth, client, wide };
		});
		expect(scroll, `${size.width}×${size.height}: ${wide.join(', ')}`).toBeLessThanOrEqual(client);
	}
	await page.setViewportSize({ width: 360, height: 740 });
}

/** Conduct, place (on the map), signature; saves and waits until the server has it. */
async function finish(page: Page, search: string, conduct: RegExp): Promise<string> {
	const number = (await page.getByTestId('auto-number').textContent()) ?? '';
	expect(number).toMatch(/^AI-\d{4}-\d{6}$/);
	await page.getByLabel(/Buscar por palavras/).fill(search);
	await page.getByRole('radio', { name: conduct }).check();
	await page.getByLabel('Ou o endereço').fill('Av. Norte Sul, 100');
	await page.getByRole('radio', { name: /Recusou-se a assinar/ }).check();
	await page.getByRole('button', { name: 'Salvar o auto' }).click();
	await expect(page.getByTestId('driver-copy')).toContainText(number);
	// Sent: the server acknowledged it (not the "nothing waiting" of before the save).
	await expect(
		page.getByText(/1 auto\(s\) enviado\(s\) e recebido\(s\) pelo servidor/)
	).toBeVisible({
		timeout: 30_000
	});
	await expect(page.getByTestId('nothing-waiting')).toBeVisible();
	return number;
}

test('scan → the vehicle proposed → confirmed → conduct → saved; the decoder comes on first use', async ({
	page
}) => {
	const asked = await open(page);
	expect(asked.filter((p) => WASM.test(p) || p.endsWith(`/${SCANNER_CHUNK}`))).toEqual([]);
	await expectNoAxeViolations(page);

	await page.getByRole('button', { name: 'Escanear QR code' }).click();
	const record = page.getByTestId('record');
	await expect(record).toContainText('Prefixo 7', { timeout: 30_000 });
	expect(asked.some((p) => WASM.test(p))).toBe(true);
	expect(asked.some((p) => p.endsWith(`/${SCANNER_CHUNK}`))).toBe(true);
	// Proposed, not filled: no auto number until the agent confirms.
	await expect(page.getByTestId('auto-number')).toHaveCount(0);
	await expect(page.getByRole('radio', { name: /Fumou/ })).toHaveCount(0);
	await expect(page.getByLabel('Prefixo ou placa')).toHaveValue('007');
	await expectNoAxeViolations(page);
	await noSidewaysScroll(page);

	await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
	const number = await finish(page, '20 VII', /Fumou/);
	await page.goto('/admin/veiculos/7');
	await expect(page.getByRole('link', { name: number })).toHaveCount(1);
});

test(
	'a signed card: its verdict on the phone, the card’s vehicle proposed',
	{ tag: '@card-camera' },
	async ({ page }) => {
		await open(page);
		await page.getByRole('button', { name: 'Escanear QR code' }).click();
		await expect(page.locator('#cartao')).toHaveText('Confira a placa NDJ-8041', {
			timeout: 30_000
		});
		await expect(page.getByTestId('field-card').locator('[data-card="valid"]')).toBeVisible();
		await expect(page.getByTestId('record')).toContainText('Prefixo 7');
		await expect(page.getByTestId('auto-number')).toHaveCount(0);
		await expectNoAxeViolations(page);
		await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
		await expect(page.getByTestId('auto-number')).toHaveText(/^AI-\d{4}-\d{6}$/);
	}
);

test('a vehicle outside the registry driven by an authorized holder: the law’s offence, the auto carries the typed vehicle', async ({
	page
}) => {
	await open(page);
	await page.getByLabel('Prefixo ou placa').fill('qwe-1r23');
	await page.getByRole('button', { name: 'Buscar' }).click();
	const panel = page.getByTestId('unlisted');
	await expect(panel).toBeVisible();
	await expect(panel.getByLabel(/^Placa/)).toHaveValue('QWE1R23');
	// Nothing typed yet: said, nothing proposed.
	await panel.getByRole('button', { name: 'Continuar' }).click();
	await expect(panel.getByRole('alert')).toHaveText(/marca e o modelo/);
	await panel.getByLabel('Marca e modelo').fill('Honda CG 160');
	await panel.getByLabel('Cor').fill('vermelha');
	await panel.getByRole('radio', { name: /Um condutor autorizado/ }).check();
	await panel.getByLabel('Prefixo do condutor autorizado').fill('7');
	await expectNoAxeViolations(page);
	await noSidewaysScroll(page);
	await panel.getByRole('button', { name: 'Continuar' }).click();

	await expect(page.getByTestId('typed-vehicle')).toContainText('QWE1R23');
	await expect(page.getByTestId('typed-vehicle')).toContainText('Honda CG 160');
	await expect(page.getByTestId('auto-number')).toHaveCount(0);
	await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
	// Only the law's offence for such a vehicle is offered.
	await expect(page.getByRole('radio', { name: /Fumou/ })).toHaveCount(0);
	const number = await finish(page, '', /Moto não autorizada/);
	const link = (await page.getByTestId('driver-copy').getByRole('link').textContent()) ?? '';
	await page.goto(link);
	await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
	await expect(page.getByText('placa QWE1R23')).toBeVisible();
	// Staff see the typed vehicle on the auto.
	await page.goto(`/admin/campo/auto/${number}`);
	await expect(page.getByTestId('auto-vehicle')).toContainText(
		'Fora do cadastro: placa QWE1R23 · Honda CG 160 · cor vermelha'
	);
	await expectNoAxeViolations(page);
});

test('a vehicle outside the registry with nobody authorized: the forward to the traffic authority, printable', async ({
	page
}) => {
	await open(page);
	await page.getByLabel('Prefixo ou placa').fill('QWE1234');
	await page.getByRole('button', { name: 'Buscar' }).click();
	const panel = page.getByTestId('unlisted');
	await panel.getByLabel('Marca e modelo').fill('Yamaha Factor 150');
	await panel.getByLabel('Cor').fill('preta');
	await panel.getByRole('radio', { name: /Ninguém autorizado/ }).check();
	await panel.getByRole('button', { name: 'Continuar' }).click();
	await expect(page.getByTestId('unlisted-forward-why')).toContainText(
		'as penalidades da lei municipal recaem sobre condutores autorizados'
	);
	const forward = page.getByTestId('unlisted-forward');
	await expect(forward.getByTestId('unlisted-plate')).toHaveText('QWE-1234');
	await expect(forward.getByTestId('unlisted-cite')).toHaveText(/art\. 231, VIII/);
	await panel.getByLabel('Local').fill('Rua das Flores, 10');
	await expect(forward).toContainText('Rua das Flores, 10');
	await expect(forward).toContainText('Fernanda Fiscal, matrícula E2E-1');
	await expect(page.getByTestId('record')).toHaveCount(0);
	await expectNoAxeViolations(page);
	await noSidewaysScroll(page);
	// Printed, the forward alone.
	await page.emulateMedia({ media: 'print' });
	await expect(forward).toBeVisible();
	await expect(page.getByRole('heading', { name: 'Modo de campo' })).toBeHidden();
	await page.emulateMedia({ media: 'screen' });
});

test('the place on the municipal map: the GPS fix in its accuracy circle, inside the boundary; Leaflet only when opened', async ({
	page,
	context
}) => {
	await context.grantPermissions(['geolocation']);
	// A fix near the town centre, 35 m accuracy.
	await context.setGeolocation({ latitude: -11.7271, longitude: -61.7714, accuracy: 35 });
	const asked = await open(page);
	await page.getByLabel('Prefixo ou placa').fill('7');
	await page.getByRole('button', { name: 'Buscar' }).click();
	await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
	const leaflet = () => asked.filter((p) => p.endsWith(`/${MAP_CHUNK}`));
	expect(leaflet()).toEqual([]);

	await page.getByRole('button', { name: 'Usar o GPS' }).click();
	await expect(page.getByText(/Posição obtida \(precisão de 35 m\)/)).toBeVisible();
	await page.getByRole('button', { name: 'Ver o local no mapa' }).click();
	const map = page.getByTestId('place-map');
	await expect(map.locator('path.municipal-boundary')).toBeVisible({ timeout: 30_000 });
	await expect(map.locator('path.gps-accuracy')).toBeVisible();
	await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
	await expect(page.getByTestId('place-inside')).toBeVisible();
	await expect(page.getByTestId('place-map-text')).toContainText('precisão de 35 m');
	expect(leaflet().length).toBeGreaterThan(0);
	await expectNoAxeViolations(page);
	await noSidewaysScroll(page);

	await page.getByRole('button', { name: 'Fechar o mapa' }).click();
	await expect(map).toHaveCount(0);
});

test('the server refuses a bad typed vehicle with a 4xx in pt-BR, nothing recorded', async ({
	page
}) => {
	await open(page);
	const answer = await page.evaluate(async () => {
		const response = await fetch('/admin/campo/autos', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				key: 'chave-do-auto-ruim-0001',
				number: 'AI-2026-999999',
				copyToken: 'via-do-condutor-ruim-0001-xxxxxxxxxxxxxxxx',
				prefixo: '7',
				conduct: 'moto-nao-autorizada',
				provision: 'art22-II',
				occurredAt: new Date().toISOString(),
				clockOffsetMs: 0,
				place: { address: 'Av. Norte Sul, 100' },
				driver: 'titular',
				signature: 'assinou',
				observations: '',
				photos: [],
				vehicle: { placa: 'QWE12', modelo: 'Honda', cor: 'azul' }
			})
		});
		return { status: response.status, body: await response.json() };
	});
	expect(answer.status).toBe(400);
	expect(answer.body.message).toMatch(/^Placa inválida/);
	await page.goto('/admin/veiculos/7');
	await expect(page.getByRole('link', { name: 'AI-2026-999999' })).toHaveCount(0);
});
