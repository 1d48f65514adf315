/**
 * The rider's data bill (riders pay for every kilobyte). The service worker's install download holds only what a rider
 * needs offline — nothing of the staff area, not the QR decoder (fetched when the scanner first
 * opens, with its progress shown, then kept for offline use), not Leaflet (kept on the first
 * visit to /pontos). Static files travel precompressed (brotli or gzip, by Accept-Encoding) and
 * hashed ones are cached for a year as immutable.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { firstUseFiles, staffOnlyFiles } from './build-files';
import { expectNoAxeViolations, untilRegistryKept } from './helpers';
import {
	INSTALL_BUDGET_KIB,
	measureWorkerBill,
	untilWorkerControls
} from '../scripts/bench/worker-bill.js';

test.describe.configure({ timeout: 90_000 });

/** Every cached URL's path, by cache name. */
const cachedPaths = (page: Page) =>
	page.evaluate(async () => {
		const all: Record<string, string[]> = {};
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			all[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
		}
		return all;
	});

/** A first visit: the worker installs (precache, offline pages), activates and takes the page. */
async function installWorker(page: Page, path = '/') {
	await page.goto(path);
	await untilWorkerControls(page);
}

/** The decoder's wasm, in the client build or in the islands' bundle (`islands/assets/…-hash`). */
const WASM = /\/_app\/immutable\/(?:islands\/)?assets\/zxing_reader[.-][\w-]+\.wasm$/;
const qrPng = (text: string) =>
	QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });
const photoInput = (page: Page) => page.getByLabel('Tirar ou escolher uma foto');

/** Holds the decoder's wasm for `ms` (a slow line) on its way from the server. */
async function slowWasm(context: BrowserContext, ms: number) {
	await context.route(WASM, async (route) => {
		await new Promise((resolve) => setTimeout(resolve, ms));
		await route.continue();
	});
}

test('the worker installs only what a rider needs offline: nothing of the staff area, no QR decoder, no Leaflet', async ({
	page
}) => {
	const staffOnly = staffOnlyFiles();
	const firstUse = firstUseFiles();
	// The build has a staff area and a decoder to keep out (else this test would prove nothing).
	expect(staffOnly.length).toBeGreaterThan(10);
	expect(firstUse.some((file) => file.endsWith('.wasm'))).toBe(true);
	expect(firstUse.some((file) => file.endsWith('.css'))).toBe(true); // Leaflet's

	await installWorker(page);
	await expect
		.poll(async () => (await cachedPaths(page))['garupa-pages-v1']?.length ?? 0)
		.toBeGreaterThanOrEqual(5);
	const cached = Object.values(await cachedPaths(page)).flat();

	// The rider's app is there: the islands' script, the pages kept offline, the tab's icon — and not
	// SvelteKit's client runtime, which no rider page uses any more.
	const islandsEntry = /^\/_app\/immutable\/islands\/entry-[\w-]+\.js$/;
	expect(cached.some((p) => islandsEntry.test(p))).toBe(true);
	expect(cached.filter((p) => /^\/_app\/immutable\/entry\//.test(p))).toEqual([]);
	expect(cached).toEqual(expect.arrayContaining(['/', '/tarifa', '/lei', '/favicon.svg']));
	// The home-screen icons are read while installing, online: not paid for at every install.
	expect(cached.filter((p) => p.startsWith('/icons/'))).toEqual([]);
	// Nothing of the staff area: no /admin page, no file only staff pages load.
	expect(cached.filter((p) => /^(?:\/(?:es|en))?\/admin(?:\/|$)/.test(p))).toEqual([]);
	expect(cached.filter((p) => staffOnly.includes(p.slice(1)))).toEqual([]);
	// The precache fetches got the files whole, though the server sent them brotli-compressed.
	const start = cached.find((p) => islandsEntry.test(p)) ?? '';
	const kept = await page.evaluate(async (url) => (await caches.match(url))?.text(), start);
	const plain = await page.request.get(start, { headers: { 'accept-encoding': 'identity' } });
	expect(kept).toBe(await plain.text());
	// Neither the QR decoder nor Leaflet before they are used.
	expect(cached.filter((p) => WASM.test(p) || firstUse.includes(p.slice(1)))).toEqual([]);
});

test('the QR decoder comes when the scanner is first used, shows its download on a slow line, and is kept for offline use', async ({
	page,
	context,
	baseURL
}) => {
	await installWorker(page, '/verificar');
	expect(
		Object.values(await cachedPaths(page))
			.flat()
			.filter((p) => WASM.test(p))
	).toEqual([]);

	// A slow line: the download's progress is on screen, as a progress bar.
	await slowWasm(context, 5000);
	const sticker = await qrPng(new URL('/v/007', baseURL).href);
	await photoInput(page).setInputFiles({
		name: 'adesivo.png',
		mimeType: 'image/png',
		buffer: sticker
	});
	const progress = page.getByRole('progressbar', { name: 'Download do leitor de QR code' });
	await expect(progress).toBeVisible();
	await expect(page.getByTestId('scan-download')).toContainText(
		/Baixando o leitor de QR code \(só na primeira vez\): 0 kB de 1\.\d{3} kB/
	);
	await expectNoAxeViolations(page);
	await expect(page).toHaveURL(/\/(verificar|v)\/007$/, { timeout: 20_000 });
	await context.unroute(WASM);

	// Kept: the decoder's wasm and its JS are in the worker's first-use cache, and nothing else is.
	const firstUse = firstUseFiles();
	const kept = async () => (await cachedPaths(page))['garupa-first-use-v1'] ?? [];
	await expect.poll(async () => (await kept()).some((p) => WASM.test(p))).toBe(true);
	expect((await kept()).some((p) => p.endsWith('.js'))).toBe(true);
	expect((await kept()).filter((p) => !firstUse.includes(p.slice(1)))).toEqual([]);

	// Offline, the scanner reads the sticker from the phone's copy.
	await context.setOffline(true);
	await page.goto('/verificar');
	await photoInput(page).setInputFiles({
		name: 'adesivo.png',
		mimeType: 'image/png',
		buffer: sticker
	});
	// Offline the page checks the registry kept on the phone, in place.
	await expect(page.getByRole('heading', { level: 2, name: 'Regular' })).toBeVisible({
		timeout: 20_000
	});
	await expect(page.getByTestId('scan-problem')).toHaveCount(0);
	await expect(page.getByTestId('scan-needs-connection')).toHaveCount(0);
	await context.setOffline(false);
});

test('offline before the decoder was ever downloaded, the scanner says it needs one connection and that typing works', async ({
	page,
	context
}) => {
	await installWorker(page, '/verificar');
	// The registry is kept once the worker is ready (the rider pages' script): wait for the copy.
	await untilRegistryKept(page);
	await context.setOffline(true);
	await page.reload();
	// Said before the rider taps…
	await expect(page.getByTestId('scan-needs-connection')).toContainText(
		'Sem conexão: o leitor de QR code ainda não foi baixado neste celular'
	);
	// …and again, as the answer, when the scanner is asked for.
	await page.getByRole('button', { name: 'Escanear QR code' }).click();
	const problem = page.getByRole('alert');
	await expect(problem).toContainText(
		'Sem conexão: o leitor de QR code ainda não foi baixado neste celular'
	);
	await expect(problem).toContainText('Digitar o prefixo ou a placa sempre funciona');
	await expectNoAxeViolations(page);
	// And typing does work, offline, against the registry kept on the phone.
	await page.getByRole('textbox').first().fill('007');
	await page.getByRole('textbox').first().press('Enter');
	await expect(page.getByRole('heading', { level: 2, name: 'Regular' })).toBeVisible();
	await context.setOffline(false);
});

test('Leaflet is not precached and is kept after the first visit to /pontos', async ({ page }) => {
	await installWorker(page);
	const firstUse = firstUseFiles();
	const leafletCss = (paths: string[]) =>
		paths.filter((p) => p.endsWith('.css') && firstUse.includes(p.slice(1)));
	const cached = async () => Object.values(await cachedPaths(page)).flat();
	expect(leafletCss(await cached())).toEqual([]);

	await page.goto('/pontos');
	await expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 15_000 });
	await expect.poll(async () => leafletCss(await cached()).length).toBe(1);
	const kept = (await cachedPaths(page))['garupa-first-use-v1'] ?? [];
	expect(kept.some((p) => p.endsWith('.js'))).toBe(true);
	expect(kept.filter((p) => WASM.test(p))).toEqual([]); // the QR decoder still waits for the scanner
});

test('static files go precompressed by Accept-Encoding, hashed ones immutable for a year; pages compressed on the fly', async ({
	request
}) => {
	const html = await (await request.get('/verificar')).text();
	// The page's script: the islands' entry, a hashed file under /_app/immutable.
	const asset = /<script type="module"[^>]* src="(\/_app\/immutable\/[\w/.-]+\.js)"/.exec(
		html
	)?.[1];
	expect(asset, 'the page links its script').toBeTruthy();
	const plain = await request.get(asset ?? '', { headers: { 'accept-encoding': 'identity' } });
	expect(plain.headers()['content-encoding']).toBeUndefined();
	const body = await plain.text();

	for (const encoding of ['br', 'gzip'] as const) {
		const response = await request.get(asset ?? '', {
			headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' }
		});
		const headers = response.headers();
		expect(headers['content-encoding'], encoding).toBe(encoding);
		expect(headers['vary']?.toLowerCase()).toContain('accept-encoding');
		const directives = (headers['cache-control'] ?? '').split(',').map((d) => d.trim());
		expect(directives.sort()).toEqual(['immutable', 'max-age=31536000', 'public']);
		expect(await response.text()).toBe(body); // the same file, decoded
	}

	// The worker itself and the icons travel compressed too (the worker revalidates, not immutable).
	const worker = await request.get('/service-worker.js', { headers: { 'accept-encoding': 'br' } });
	expect(worker.headers()['content-encoding']).toBe('br');
	expect(worker.headers()['cache-control'] ?? '').not.toContain('immutable');

	// Server-rendered pages and JSON: gzip on the fly (src/lib/server/http/compress.ts).
	for (const path of ['/', '/api/registry']) {
		const response = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
		expect(response.headers()['content-encoding'], path).toBe('gzip');
	}
});

test('the worker’s install download stays within 150 KiB on the wire', async ({
	browser,
	baseURL
}) => {
	// npm run bench prints the same bill by group.
	const origin = baseURL ?? 'http://localhost:4173';
	const { install, decoder } = await measureWorkerBill(
		browser,
		origin,
		origin.replace('//localhost', '//127.0.0.1')
	);
	// What the bill must hold for its figure to mean anything.
	expect(install.byGroup['rider JS/CSS'].entries).toBeGreaterThan(10);
	expect(install.byGroup.pages.entries).toBeGreaterThanOrEqual(5);
	expect(decoder.total.wire).toBeGreaterThan(300 * 1024); // the wasm came on first use, not before
	expect(install.total.wire / 1024).toBeLessThanOrEqual(INSTALL_BUDGET_KIB);
});

test('a page carries its live part’s words in its own language only (and Portuguese, the fallback)', async ({
	request
}) => {
	// The profile keeps every holiday's name in three languages; each page needs one.
	const cases: [path: string, own: string[], foreign: string[]][] = [
		['/', [], ['Año Nuevo', 'Labour Day']],
		['/tarifa', ['Dia do Trabalho'], ['Año Nuevo', 'Labour Day']],
		['/es/tarifa', ['Año Nuevo'], ['Labour Day']],
		['/en/tarifa', ['Labour Day'], ['Año Nuevo']]
	];
	for (const [path, own, foreign] of cases) {
		const html = await (await request.get(path)).text();
		for (const word of own) expect(html, `${path} says ${word}`).toContain(word);
		for (const word of foreign) expect(html, `${path} carries ${word}`).not.toContain(word);
	}
});
