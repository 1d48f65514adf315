/**
 * The service worker's bill: what a rider's phone downloads for the app
 * to work offline, measured by really installing the worker in Chromium.
 *
 * - **Install**: a fresh context visits `/` as a rider would, the worker installs and takes the
 *   page, and once the network is quiet every URL in every Cache Storage cache is what the first
 *   visit left on the phone (the precache, the pages kept offline, the registry copy…).
 * - **First use**: the QR decoder (a photo of a sticker read on /verificar) and Leaflet (a visit
 *   to /pontos), each the entries they add to the caches.
 *
 * Each URL is then fetched from the server as Chromium asks for it (`Accept-Encoding: gzip,
 * deflate, br`) and its body counted as it travels: brotli where the file was precompressed
 * (adapter-node serves `.br`), gzip where the server compresses on the fly (pages, JSON). Beside
 * it, gzip -9 of the plain bytes, comparable with the page budgets. Headers are not counted.
 * Requests leaving localhost are aborted (tiles never count; nothing reaches the internet).
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** The install download's budget (riders pay for every kilobyte), compressed on the wire. */
export const INSTALL_BUDGET_KIB = 150;

/** @typedef {'rider JS/CSS' | 'pages' | 'data' | 'icons' | 'other'} Group */
/** @type {readonly Group[]} */
export const GROUPS = ['rider JS/CSS', 'pages', 'data', 'icons', 'other'];

/**
 * @typedef {{ url: string, cache: string, group: Group, wire: number, encoding: string, gzip: number }} Entry
 * @typedef {{ entries: number, wire: number, gzip: number }} Sum
 * @typedef {{ entries: Entry[], byGroup: Record<Group, Sum>, total: Sum }} Bill
 */

/**
 * Which group a cached URL belongs to.
 * @param {string} path
 * @param {string} cache the Cache Storage cache holding it
 * @returns {Group}
 */
export function groupOf(path, cache) {
	if (/^\/_app\/immutable\/.+\.(js|css)$/.test(path)) return 'rider JS/CSS';
	if (/^\/(icons\/|favicon\.)/.test(path)) return 'icons';
	if (path.startsWith('/api/')) return 'data';
	if (/pages/.test(cache)) return 'pages';
	return 'other';
}

/**
 * The body of `path` as the server sends it to Chromium, and its plain bytes.
 * @param {string} local the server's address for Node (`http://127.0.0.1:port`)
 * @param {string} path
 * @param {Record<string, string>} [headers] more request headers (a staff session's cookie)
 */
function fetchAsServed(local, path, headers = {}) {
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			new URL(path, local),
			{ headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
			(res) => {
				/** @type {Buffer[]} */
				const parts = [];
				res.on('data', (part) => parts.push(part));
				res.on('error', reject);
				res.on('end', () => {
					const body = Buffer.concat(parts);
					const encoding = String(res.headers['content-encoding'] ?? 'identity');
					const plain =
						encoding === 'br'
							? brotliDecompressSync(body)
							: encoding === 'gzip'
								? gunzipSync(body)
								: encoding === 'deflate'
									? inflateSync(body)
									: body;
					resolve({ status: res.statusCode ?? 0, wire: body.length, encoding, plain });
				});
			}
		);
		req.on('error', reject);
		req.end();
	});
}

/**
 * Sizes a set of cached URLs.
 * @param {string} local
 * @param {{ url: string, cache: string }[]} cached
 * @param {Record<string, string>} [headers] more request headers (scripts/bench/field-bench.js: the
 *   agent's session, for the field mode's pages)
 * @returns {Promise<Bill>}
 */
export async function bill(local, cached, headers = {}) {
	/** @type {Entry[]} */
	const entries = [];
	for (const { url, cache } of cached) {
		const path = new URL(url).pathname + new URL(url).search;
		const served =
			/** @type {{ status: number, wire: number, encoding: string, plain: Buffer }} */ (
				await fetchAsServed(local, path, headers)
			);
		if (served.status !== 200) throw new Error(`${path}: HTTP ${served.status}`);
		entries.push({
			url: path,
			cache,
			group: groupOf(new URL(url).pathname, cache),
			wire: served.wire,
			encoding: served.encoding,
			gzip: gzipSync(served.plain, { level: 9 }).length
		});
	}
	const zero = () => ({ entries: 0, wire: 0, gzip: 0 });
	const byGroup = /** @type {Record<Group, Sum>} */ (
		Object.fromEntries(GROUPS.map((g) => [g, zero()]))
	);
	const total = zero();
	for (const e of entries)
		for (const sum of [byGroup[e.group], total]) {
			sum.entries++;
			sum.wire += e.wire;
			sum.gzip += e.gzip;
		}
	return { entries, byGroup, total };
}

/** @param {import('@playwright/test').Page} page */
const cacheContents = (page) =>
	page.evaluate(async () => {
		/** @type {{ url: string, cache: string }[]} */
		const all = [];
		for (const cache of await caches.keys())
			for (const request of await (await caches.open(cache)).keys())
				all.push({ url: request.url.replace(/[?&]__WB_REVISION__=[^&]*/, ''), cache });
		return all;
	});

/** @param {import('@playwright/test').Page} page */
async function settle(page) {
	await page.waitForLoadState('networkidle');
	await page.waitForTimeout(1500); // the worker's and the layout's cache writes after idle
}

/**
 * Waits until the service worker has installed (its precache is complete) and controls `page`.
 * @param {import('@playwright/test').Page} page
 */
export async function untilWorkerControls(page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
		if (!navigator.serviceWorker.controller)
			await new Promise((resolve) =>
				navigator.serviceWorker.addEventListener('controllerchange', resolve)
			);
	});
}

/**
 * Installs the worker in a fresh context of `browser` and sizes what it keeps, then what the QR
 * decoder and Leaflet add on first use.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin the server's origin for the browser (`http://localhost:port`)
 * @param {string} local the server's address for Node
 */
export async function measureWorkerBill(browser, origin, local) {
	const context = await browser.newContext({ baseURL: origin, locale: 'pt-BR' });
	await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
	try {
		const page = await context.newPage();
		await page.goto('/');
		await untilWorkerControls(page);
		await settle(page);
		const installed = await cacheContents(page);
		// The worker's own script is downloaded at install too.
		const worker = { url: `${origin}/service-worker.js`, cache: '(the worker itself)' };
		const install = await bill(local, [...installed, worker]);

		const seen = new Set(installed.map((e) => e.url));
		/** @param {{ url: string, cache: string }[]} now */
		const added = (now) => {
			const fresh = now.filter((e) => !seen.has(e.url));
			for (const e of fresh) seen.add(e.url);
			return fresh;
		};

		await page.goto('/verificar');
		await settle(page);
		added(await cacheContents(page)); // what visiting /verificar keeps is not the decoder's
		const sticker = await QRCode.toBuffer(new URL('/v/007', origin).href, { margin: 4, scale: 8 });
		await page
			.getByLabel('Tirar ou escolher uma foto')
			.setInputFiles({ name: 'adesivo.png', mimeType: 'image/png', buffer: sticker });
		await page.waitForURL(/\/(verificar|v)\/007$/, { timeout: 30_000 });
		await settle(page);
		const decoder = await bill(
			local,
			added(await cacheContents(page)).filter((e) => e.cache.includes('first-use'))
		);

		await page.goto('/pontos');
		await page.locator('.leaflet-container').waitFor({ timeout: 30_000 });
		await settle(page);
		const leaflet = await bill(
			local,
			added(await cacheContents(page)).filter((e) => e.cache.includes('first-use'))
		);
		return { install, decoder, leaflet };
	} finally {
		await context.close();
	}
}

/**
 * The bill as the bench prints it.
 * @param {{ install: Bill, decoder: Bill, leaflet: Bill }} measured
 * @returns {string[]}
 */
export function formatWorkerBill({ install, decoder, leaflet }) {
	const kib = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
	/** @param {string} label @param {Sum} sum @param {string} [target] */
	const row = (label, sum, target = '') =>
		`  ${label.padEnd(24)}${String(sum.entries).padStart(7)}${kib(sum.wire).padStart(12)}${kib(sum.gzip).padStart(12)}  ${target}`;
	const ok = install.total.wire / 1024 <= INSTALL_BUDGET_KIB;
	return [
		'',
		'Service worker bill (wire: brotli as served for static files, gzip on the fly for pages/JSON; gzip -9 to compare)',
		`  ${'install download'.padEnd(24)}${'entries'.padStart(7)}${'wire KiB'.padStart(12)}${'gzip-9 KiB'.padStart(12)}`,
		...GROUPS.map((g) => row(`  ${g}`, install.byGroup[g])),
		row(
			'  total',
			install.total,
			`target ≤ ${INSTALL_BUDGET_KIB} KiB on the wire ${ok ? '✓' : '✗'}`
		),
		row('first use: QR decoder', decoder.total),
		row('first use: Leaflet', leaflet.total)
	];
}
