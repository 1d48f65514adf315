import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { FOREIGN_QR } from './global-setup';
import { CARD_007, cardDigits, tamper, unknownKey } from './card-fixtures';
import { expectNoAxeViolations, untilRegistryKept } from './helpers';

// Runs in the `camera` project, whose fake camera shows the sticker of prefix 007, and (tests
// tagged @foreign-camera) in `camera-foreign`, whose camera shows somebody else's QR code.

const SCANNER_PAGE = '/verificar';
const VEHICLE_PAGE = /\/(verificar|v)\/007$/;
/** The decoder's wasm, in the client build or in the islands' bundle (`islands/assets/…-hash`). */
const WASM = /\/_app\/immutable\/(?:islands\/)?assets\/zxing_reader[.-][\w-]+\.wasm$/;

/**
 * The ponyfill's chunks in this build (the client build's copy, in Vite's manifest, and the islands'
 * script's, in its own: scripts/build/islands-plugin.js), to prove it is not part of the page's
 * first load.
 */
function ponyfillChunks(): string[] | null {
	const files = ['manifest.json', 'islands.json'].flatMap((name) => {
		const path = new URL(
			`../${process.env.KIT_OUT_DIR ?? '.svelte-kit'}/output/client/.vite/${name}`,
			import.meta.url
		);
		if (!existsSync(path)) return [];
		const manifest: Record<string, { file: string; src?: string }> = JSON.parse(
			readFileSync(path, 'utf8')
		);
		return Object.entries(manifest)
			.filter(([k, v]) => (v.src ?? k).endsWith('barcode-detector/dist/es/ponyfill.js'))
			.map(([, v]) => v.file);
	});
	return files.length ? files : null;
}

/** Every URL the page and its service worker request, to check nothing leaves this server. */
function recordRequests(page: Page) {
	const urls: URL[] = [];
	page.context().on('request', (request) => urls.push(new URL(request.url())));
	return urls;
}

const openButton = (page: Page) => page.getByRole('button', { name: 'Escanear QR code' });
const closeButton = (page: Page) => page.getByRole('button', { name: 'Fechar câmera' });
const photoInput = (page: Page) => page.getByLabel('Tirar ou escolher uma foto');

/**
 * Opens the scanner. The component renders only once hydrated (it needs JavaScript), so a visible
 * button is a working one.
 */
async function openScanner(page: Page) {
	await openButton(page).click();
	await expect(closeButton(page)).toBeVisible();
}

/** A camera that sees a white wall, for tests that need the scanner open without a result. */
async function useBlankCamera(page: Page) {
	await page.addInitScript(() => {
		navigator.mediaDevices.getUserMedia = async (constraints) => {
			Object.assign(window, { askedCamera: constraints });
			const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
			const context = canvas.getContext('2d');
			const paint = () => {
				if (!context) return;
				context.fillStyle = '#fafafa';
				context.fillRect(0, 0, canvas.width, canvas.height);
			};
			paint();
			setInterval(paint, 100);
			const stream = canvas.captureStream(10);
			Object.assign(window, { blankCamera: stream });
			return stream;
		};
	});
}

const qrPng = (text: string) =>
	QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });

test.describe('in-app QR scanner (/verificar)', () => {
	test('the sticker seen by the camera opens the verification of prefix 007, from this server only', async ({
		page,
		baseURL
	}) => {
		const requests = recordRequests(page);
		const pageRequests: string[] = [];
		page.on('request', (request) => pageRequests.push(new URL(request.url()).pathname));

		await page.goto(SCANNER_PAGE);
		await expect(openButton(page)).toBeVisible();
		// The decoder is not part of the page's first load: it comes when the scanner opens.
		const chunks = ponyfillChunks();
		expect(chunks, 'run `npx vite build` first').not.toBeNull();
		const isPonyfill = (p: string) => (chunks ?? []).some((chunk) => p.endsWith(`/${chunk}`));
		const firstLoad = [...pageRequests];
		expect(firstLoad.filter((p) => WASM.test(p) || isPonyfill(p))).toEqual([]);

		await openButton(page).click(); // no wait for the camera view: the code may be read at once
		await expect(page).toHaveURL(VEHICLE_PAGE, { timeout: 15_000 });

		const native = await page.evaluate(() => 'BarcodeDetector' in globalThis);
		if (!native) {
			expect(pageRequests.some(isPonyfill)).toBe(true);
			expect(pageRequests.some((p) => WASM.test(p))).toBe(true);
		}
		const host = new URL(baseURL ?? 'http://localhost').host;
		const web = requests.filter((url) => url.protocol === 'http:' || url.protocol === 'https:');
		expect(web.length).toBeGreaterThan(0);
		expect(web.filter((url) => url.host !== host).map(String)).toEqual([]);
	});

	test('with the scanner open the page passes axe, and closing stops the camera', async ({
		page
	}) => {
		await useBlankCamera(page);
		await page.goto(SCANNER_PAGE);
		await openScanner(page);
		await expect(page.getByRole('status').filter({ hasText: 'Aponte a câmera' })).toBeVisible();
		await expect(page.getByLabel('Imagem da câmera')).toBeVisible();
		await expect(closeButton(page)).toBeFocused();
		await expectNoAxeViolations(page);

		await closeButton(page).click();
		await expect(page.getByLabel('Imagem da câmera')).toHaveCount(0);
		await expect(openButton(page)).toBeFocused();
		const live = await page.evaluate(() =>
			(window as unknown as { blankCamera: MediaStream }).blankCamera
				.getTracks()
				.map((track) => track.readyState)
		);
		expect(live).toEqual(['ended']);
	});

	test('the camera is asked for the rear one at an ideal 1920×1080, focusing continuously', async ({
		page
	}) => {
		await useBlankCamera(page);
		await page.goto(SCANNER_PAGE);
		await openScanner(page);
		await expect(page.getByLabel('Imagem da câmera')).toBeVisible();
		expect(
			await page.evaluate(() => (window as unknown as { askedCamera: unknown }).askedCamera)
		).toEqual({
			video: {
				facingMode: 'environment',
				width: { ideal: 1920 },
				height: { ideal: 1080 },
				focusMode: { ideal: 'continuous' }
			},
			audio: false
		});
	});

	test('the photo fallback reads the sticker from a picture', async ({ page, baseURL }) => {
		await page.goto(SCANNER_PAGE);
		await expect(openButton(page)).toBeVisible();
		await photoInput(page).setInputFiles({
			name: 'adesivo.png',
			mimeType: 'image/png',
			buffer: await qrPng(new URL('/v/007', baseURL).href)
		});
		await expect(page).toHaveURL(VEHICLE_PAGE, { timeout: 15_000 });
	});

	test('a photo of a foreign QR code gets a warning and is not opened', async ({ page }) => {
		const requests = recordRequests(page);
		await page.goto(SCANNER_PAGE);
		await expect(openButton(page)).toBeVisible();
		await photoInput(page).setInputFiles({
			name: 'promo.png',
			mimeType: 'image/png',
			buffer: await qrPng(FOREIGN_QR)
		});
		await expect(page.getByRole('alert')).toContainText('Este QR code não é do registro oficial');
		await expect(page).toHaveURL((url) => url.pathname === SCANNER_PAGE);
		expect(requests.filter((url) => url.host === 'example.com')).toEqual([]);
		await expectNoAxeViolations(page);
	});

	test('a photo without a QR code says so', async ({ page }) => {
		await page.goto(SCANNER_PAGE);
		await expect(openButton(page)).toBeVisible();
		await photoInput(page).setInputFiles('static/icons/icon-192.png');
		await expect(page.getByRole('alert')).toContainText('Nenhum QR code encontrado na foto');
		await expect(page).toHaveURL((url) => url.pathname === SCANNER_PAGE);
	});

	test('a refused camera says so and leaves the photo as the way in', async ({ page }) => {
		await page.addInitScript(() => {
			navigator.mediaDevices.getUserMedia = () =>
				Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
		});
		await page.goto(SCANNER_PAGE);
		await openButton(page).click();
		await expect(page.getByRole('alert')).toContainText('Sem permissão para usar a câmera');
		await expect(openButton(page)).toBeVisible();
		await expect(photoInput(page)).toBeAttached();
		await expect(page.getByText('Tirar ou escolher uma foto', { exact: true })).toBeVisible();
	});

	test(
		'a foreign QR code seen by the camera gets a warning, is not opened, and scanning goes on',
		{ tag: '@foreign-camera' },
		async ({ page }) => {
			const requests = recordRequests(page);
			await page.goto(SCANNER_PAGE);
			await openScanner(page);
			await expect(page.getByRole('alert')).toContainText(
				'Este QR code não é do registro oficial',
				{ timeout: 15_000 }
			);
			await page.waitForTimeout(1000); // several more reads of the same code
			await expect(page).toHaveURL((url) => url.pathname === SCANNER_PAGE);
			await expect(closeButton(page)).toBeVisible();
			await expect(page.getByRole('status')).toContainText('Aponte a câmera');
			expect(requests.filter((url) => url.host === 'example.com')).toEqual([]);
			await expectNoAxeViolations(page);
		}
	);

	const CARD_ANSWERS = [
		{
			path: '/verificar',
			open: 'Escanear QR code',
			photo: 'Tirar ou escolher uma foto',
			valid: 'Confira a placa NDJ-8041',
			today: 'Lista de hoje',
			foreign: 'Este QR não é da Prefeitura',
			otherPlate: 'a placa do cartão (ABC1D23) não é a do cadastro (NDJ-8041)'
		},
		{
			path: '/es/verificar',
			open: 'Escanear código QR',
			photo: 'Tomar o elegir una foto',
			valid: 'Verifica la placa NDJ-8041',
			today: 'Lista de hoy',
			foreign: 'Este QR no es de la Municipalidad',
			otherPlate: 'la placa de la tarjeta (ABC1D23) no es la del registro (NDJ-8041)'
		},
		{
			path: '/en/verificar',
			open: 'Scan QR code',
			photo: 'Take or choose a photo',
			valid: 'Check the plate NDJ-8041',
			today: 'Today’s list',
			foreign: 'This QR is not from the City',
			otherPlate: 'the card’s plate (ABC1D23) is not the registry’s (NDJ-8041)'
		}
	] as const;

	for (const l of CARD_ANSWERS)
		test(
			`${l.path}: a signed card seen by the camera is verified offline, and a tampered, other-plate or unknown-key card in a photo gets its answer`,
			{ tag: '@card-camera' },
			async ({ page, context, baseURL }) => {
				test.slow();
				await page.setViewportSize({ width: 360, height: 740 });
				await page.goto(l.path);
				await untilRegistryKept(page);
				// One use online: the decoder is downloaded and kept (a foreign code, not opened).
				const photo = page.getByLabel(l.photo);
				await photo.setInputFiles({
					name: 'promo.png',
					mimeType: 'image/png',
					buffer: await qrPng(FOREIGN_QR)
				});
				await expect(page.getByTestId('scan-problem')).toBeVisible({ timeout: 15_000 });

				await context.setOffline(true);
				await page.getByRole('button', { name: l.open }).click();
				const heading = page.locator('#cartao');
				await expect(heading).toHaveText(l.valid, { timeout: 20_000 });
				await expect(page.getByTestId('list-age')).toHaveText(l.today);
				await expect(page.locator('[data-verdict]')).toBeVisible();
				await expectNoAxeViolations(page);

				const good = cardDigits(CARD_007);
				const cases = [
					{ digits: tamper(good), answer: l.foreign, kind: 'foreign' },
					{
						digits: cardDigits({ ...CARD_007, placa: 'ABC1D23' }),
						answer: 'Irregular',
						kind: 'irregular'
					},
					{
						digits: cardDigits({ ...CARD_007, kid: 2 }, unknownKey()),
						answer: l.foreign,
						kind: 'foreign'
					}
				];
				for (const c of cases) {
					await photo.setInputFiles({
						name: 'cartao.png',
						mimeType: 'image/png',
						buffer: await qrPng(new URL(`/v/007/${c.digits}`, baseURL).href)
					});
					await expect(heading).toHaveText(c.answer, { timeout: 15_000 });
					await expect(page.locator(`[data-card="${c.kind}"]`)).toBeVisible();
					if (c.kind === 'irregular')
						await expect(page.locator('[data-card="irregular"]')).toContainText(l.otherPlate);
				}
				await context.setOffline(false);
			}
		);
});
