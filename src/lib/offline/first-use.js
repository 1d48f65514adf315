/**
 * Files the service worker caches the first time a rider uses them, never at install: the QR
 * decoder and Leaflet (riders pay for every kilobyte). scripts/build/precache.js lists them in the worker's manifest with
 * this revision; src/service-worker.ts precaches the other entries and keeps these in FIRST_USE_CACHE.
 * Plain JavaScript: the build scripts import it too.
 */
export const FIRST_USE_REVISION = 'garupa:first-use';

/** The runtime cache of first-use files (hashed URLs under /_app/immutable). */
export const FIRST_USE_CACHE = 'garupa-first-use-v1';

let watching = false;

/**
 * Tells the service worker which first-use files this page loads, so that it keeps them even
 * when they came before it controlled the page (the scanner or the map used on the very first
 * visit). The worker keeps only URLs of its first-use list; a file loaded moments ago comes from
 * the browser's HTTP cache (hashed files are cached as immutable), not again over the network.
 * Call it where a first-use module is loaded; watching starts once per page.
 */
export function keepFirstUseFiles() {
	if (watching || typeof PerformanceObserver === 'undefined' || !('serviceWorker' in navigator))
		return;
	watching = true;
	const prefix = `${location.origin}/_app/immutable/`;
	/** @param {PerformanceEntryList} entries */
	const send = (entries) => {
		const urls = entries.map((e) => e.name).filter((url) => url.startsWith(prefix));
		if (urls.length === 0) return;
		navigator.serviceWorker.ready
			.then((registration) => registration.active?.postMessage({ type: 'keep-first-use', urls }))
			.catch(() => undefined);
	};
	new PerformanceObserver((list) => send(list.getEntries())).observe({
		type: 'resource',
		buffered: true
	});
}
