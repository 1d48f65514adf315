/**
 * What a rider's phone downloads on a first visit to a page, and the budgets it must keep.
 * One measurement, shared by the bench (scripts/bench/bench.js prints it) and the
 * budget test (tests/first-visit-download.e2e.ts gates it: sizes are deterministic, timings are not).
 *
 * A first visit is a fresh browser context (empty cache, no service worker) loading the page
 * until the network is idle: the document, the `modulepreload` closure and whatever the page
 * loads before it is idle. The service worker (its registration module, its script, the
 * precache, what the page loads once it is ready) is left out: that is the worker's bill,
 * counted apart. Requests leaving localhost are aborted
 * (map tiles never count, and tests never reach the internet).
 *
 * Budgets are judged on gzip -9 of each file's bytes, so figures compare across servers; brotli
 * (quality 11) is reported beside them.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The budgets (KiB), what a rider's first visit may cost: JS for `/`, `/verificar` and `/reclamar`; JS + CSS for
 * `/pontos` (Leaflet included, tiles excluded).
 * @type {readonly { path: string, kind: 'js' | 'js+css', budgetKiB: number }[]}
 */
export const FIRST_VISIT_BUDGETS = [
	{ path: '/', kind: 'js', budgetKiB: 40 },
	{ path: '/verificar', kind: 'js', budgetKiB: 45 },
	{ path: '/reclamar', kind: 'js', budgetKiB: 45 },
	{ path: '/pontos', kind: 'js+css', budgetKiB: 95 }
];

/** @param {Buffer} body */
const sizes = (body) => ({
	raw: body.length,
	gzip: gzipSync(body, { level: 9 }).length,
	brotli: brotliCompressSync(body, {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: 11,
			[constants.BROTLI_PARAM_SIZE_HINT]: body.length
		}
	}).length
});

/**
 * @typedef {{ raw: number, gzip: number, brotli: number }} Sizes
 * @typedef {{ url: string, type: 'document' | 'script' | 'stylesheet' } & Sizes} FileSizes
 * @typedef {{ files: FileSizes[], html: Sizes, js: Sizes, css: Sizes, total: Sizes,
 *   excludedServiceWorker: string[], failed: string[] }} FirstVisit
 */

/**
 * Loads `url` in a fresh context of `browser` (a Playwright Browser) and sizes every document,
 * script and stylesheet it fetched.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @returns {Promise<FirstVisit>}
 */
export async function measureFirstVisit(browser, url) {
	// No service worker: its registration module, its install (the precache) and what the page
	// loads once it is ready are the worker's bill, counted apart; and whether they start before
	// "idle" is timing, not size. The pages register it only where the browser has one.
	const context = await browser.newContext({ serviceWorkers: 'block' });
	await context.addInitScript(() => {
		Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
	});
	await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
	/** @type {Map<string, FileSizes | null>} */
	const files = new Map();
	/** @type {Set<string>} */
	const excluded = new Set();
	/** @type {string[]} */
	const failed = [];
	/** @type {Promise<unknown>[]} */
	const pending = [];
	context.on('response', (response) => {
		const request = response.request();
		const type = request.resourceType();
		if (type !== 'document' && type !== 'script' && type !== 'stylesheet') return;
		const href = response.url();
		const fromWorker =
			request.serviceWorker() !== null ||
			response.fromServiceWorker() ||
			new URL(href).pathname === '/service-worker.js';
		if (fromWorker) return void excluded.add(href);
		if (response.status() >= 400) failed.push(`${response.status()} ${new URL(href).pathname}`);
		if (files.has(href)) return;
		files.set(href, null);
		pending.push(
			response.body().then(
				(body) => files.set(href, { url: new URL(href).pathname, type, ...sizes(body) }),
				() => files.delete(href) // redirects and aborted requests have no body
			)
		);
	});
	try {
		const page = await context.newPage();
		await page.goto(url, { waitUntil: 'networkidle' });
		await Promise.all(pending);
	} finally {
		await context.close();
	}
	const list = /** @type {FileSizes[]} */ ([...files.values()].filter(Boolean)).sort(
		(a, b) => b.gzip - a.gzip
	);
	/** @param {(f: FileSizes) => boolean} which @returns {Sizes} */
	const sum = (which) =>
		list.filter(which).reduce(
			(t, f) => ({
				raw: t.raw + f.raw,
				gzip: t.gzip + f.gzip,
				brotli: t.brotli + f.brotli
			}),
			{ raw: 0, gzip: 0, brotli: 0 }
		);
	return {
		files: list,
		html: sum((f) => f.type === 'document'),
		js: sum((f) => f.type === 'script'),
		css: sum((f) => f.type === 'stylesheet'),
		total: sum(() => true),
		excludedServiceWorker: [...excluded],
		// A page that asks for a file the build does not have (say, a script under another hash)
		// would look small here: the budget test refuses it.
		failed
	};
}

/**
 * The figure a budget judges: gzip bytes of the page's JS, or of its JS + CSS.
 * @param {FirstVisit} visit
 * @param {'js' | 'js+css'} kind
 */
export const budgetedBytes = (visit, kind) =>
	kind === 'js' ? visit.js.gzip : visit.js.gzip + visit.css.gzip;
