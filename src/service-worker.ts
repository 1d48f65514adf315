/// <reference lib="webworker" />
/**
 * Offline first. With adapter-node every page is rendered on the server, so there is no HTML in
 * the build to precache and the plugin's default SPA fallback would serve an empty shell. Instead:
 * - what a rider needs offline is precached (workbox-precaching): the rider pages' JS and CSS, the
 *   tab's icon, the web manifest (not the home-screen icons, read only while installing) — worked out
 *   from the build's manifest by scripts/build/precache.js. Nothing
 *   of the staff area (`/admin`: its pages, components and chunks), which works online only (but
 *   for the field mode's shell, below);
 * - the QR decoder (zxing's wasm and its JS) and Leaflet are fetched the first time the scanner
 *   opens or /pontos draws its map, and kept from then on (FIRST_USE_CACHE): the install download
 *   stays small on a prepaid plan (riders pay for every kilobyte);
 * - pages are network first (src/lib/offline/page-network-first.ts): online the rider always gets
 *   a fresh server-rendered page, and every page seen is kept; offline, after 4 s of weak signal,
 *   or when the server answers 5xx (its database down), the kept copy is served — a real page that
 *   hydrates and recomputes the bandeira with the phone's clock — and the page is told so when it
 *   asks (src/lib/offline/signal.ts): its notes follow what happened, not `navigator.onLine`;
 * - `/`, `/tarifa` and `/lei` are fetched into that cache when the worker installs, and the layout
 *   adds the page being read and those pages in the rider's language (src/lib/offline/pages.ts),
 *   so they work offline after a single visit to any page;
 * - the fiscal's field mode (`/admin/campo`) is the one staff page that opens with no signal: its
 *   *shell* — the page with every field empty, and the hashed JS/CSS it ran — is kept by the page
 *   itself on an enrolled device (src/lib/field/shell.ts), in a cache of its own that holds no staff
 *   data; offline, a navigation there gets the shell and the page fills itself from IndexedDB.
 *   Sign-out deletes it.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { forgetStaffPages, mayKeep, OFFLINE_PAGES, PAGES_CACHE as PAGES } from '$lib/offline/pages';
import { flushOutbox, SYNC_TAG } from '$lib/offline/outbox';
import { FIRST_USE_CACHE, FIRST_USE_REVISION } from '$lib/offline/first-use.js';
import { NoKeptCopy, PageNetworkFirst } from '$lib/offline/page-network-first';
import { HOW_SERVED, SERVED, type KeptBecause } from '$lib/offline/served';
import { FIELD_PATH, FIELD_SHELL_CACHE, FIELD_SHELL_URL, forgetFieldShell } from '$lib/field/shell';

declare let self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;
const isFirstUse = (entry: (typeof manifest)[number]) =>
	typeof entry !== 'string' && entry.revision === FIRST_USE_REVISION;
/** Absolute URLs of the files kept on first use (hashed: a new build brings new URLs). */
const firstUse = new Set(
	manifest
		.filter(isFirstUse)
		.map((e) => new URL(typeof e === 'string' ? e : e.url, self.location.href).href)
);

precacheAndRoute(manifest.filter((e) => !isFirstUse(e)));
cleanupOutdatedCaches();

registerRoute(
	({ url }) => firstUse.has(url.href),
	new CacheFirst({
		cacheName: FIRST_USE_CACHE,
		plugins: [new CacheableResponsePlugin({ statuses: [200] })]
	})
);

/**
 * The field mode's shell files (hashed: their content never changes under one address), when the
 * phone keeps the shell and the file is not precached: from the phone, else the network.
 */
registerRoute(
	({ url }) => url.pathname.startsWith('/_app/immutable/'),
	async ({ request }) =>
		(await caches.match(request, { cacheName: FIELD_SHELL_CACHE })) ?? fetch(request)
);

/**
 * The pages this worker answered from the phone's copy, by the id of the window they open in, until
 * that page asks (src/lib/offline/signal.ts). A few at most: a page asks as its script starts.
 */
const keptFor = new Map<string, KeptBecause>();

function rememberKept(event: ExtendableEvent | undefined, because: KeptBecause): void {
	const id = (event as FetchEvent | undefined)?.resultingClientId;
	if (!id) return;
	keptFor.set(id, because);
	for (const old of keptFor.keys()) if (keptFor.size > 20) keptFor.delete(old);
}

const pages = new PageNetworkFirst({
	cacheName: PAGES,
	networkTimeoutSeconds: 4,
	// Offline and never seen with this query: the kept copy without it (the page's script applies
	// the query on the phone: /tarifa?data=…, /lei?data=…, /verificar?q=…).
	fallbackToPath: (url) => mayKeep(url),
	onKept: (event, because) => rememberKept(event, because),
	plugins: [
		// Staff pages and token URLs never stay on the device (src/lib/offline/pages.ts, mayKeep):
		// neither stored nor served from the cache. Only a whole page is kept (200): never an error
		// page over a good copy.
		{
			cacheWillUpdate: async ({ request, response }) =>
				response.status === 200 && mayKeep(request.url) ? response : null,
			cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
				mayKeep(request.url) ? cachedResponse : null
		},
		new ExpirationPlugin({ maxEntries: 60 })
	]
});

/**
 * `/v/<code>` (the QR target), a signed card's `/v/<code>/<digits>` and `/verificar/<code>`, in
 * any language.
 */
const VEHICLE_PAGE = /^(\/(?:es|en))?\/(?:v|verificar)\/([^/]+)(?:\/|\/([1-9]\d{0,299}))?$/;

/**
 * `/admin/campo`: the network, as every staff page (never stored); with no signal (or none within 4 s),
 * the field mode's shell when this phone keeps it — a page with no one's data, which fills itself
 * from IndexedDB (src/lib/field/context.ts).
 */
registerRoute(
	({ request, url }) => request.mode === 'navigate' && FIELD_PATH.test(url.pathname) && !url.search,
	async ({ request }) => {
		const network = fetch(request);
		return (
			(await Promise.race([
				network.catch(() => null),
				new Promise<null>((resolve) => setTimeout(resolve, 4000, null))
			])) ??
			(await caches.match(FIELD_SHELL_URL, { cacheName: FIELD_SHELL_CACHE })) ??
			network
		);
	}
);

registerRoute(
	new NavigationRoute(
		async (options) => {
			try {
				return await pages.handle(options);
			} catch (error) {
				// Never seen, and no network (or the server's 5xx): a vehicle page becomes
				// /verificar?q=<code>, which checks the registry kept on the phone; any other page gets the
				// server's own error page ("temporarily unavailable", in the rider's language) if there is one.
				const url = new URL(options.request.url);
				const vehicle = VEHICLE_PAGE.exec(url.pathname);
				const down = error instanceof NoKeptCopy ? error.response : undefined;
				if (vehicle && !down) {
					// A signed card's digits go along: the page checks its signature on the phone.
					const card = vehicle[3] ? `&cartao=${vehicle[3]}` : '';
					return Response.redirect(`${vehicle[1] ?? ''}/verificar?q=${vehicle[2]}${card}`, 302);
				}
				if (vehicle) {
					// The server answers, but 5xx: it would send /verificar?q=<code> straight back here, so
					// the kept /verificar answers in place (its script reads the code from the address).
					const verify = await caches.match(`${vehicle[1] ?? ''}/verificar`, { cacheName: PAGES });
					if (verify) {
						rememberKept(options.event, 'server');
						return verify;
					}
				}
				if (down) return down;
				throw error;
			}
		},
		{
			denylist: [
				/^\/api\//,
				/^\/open311\//,
				/^(?:\/(?:es|en))?\/(?:admin|%61dmin)(?:\/|$)/i,
				/[?&][^=&]*token/i,
				/\/__data\.json$/
			]
		}
	)
);

/**
 * Map tiles the rider has seen (any z/x/y tile server: TILE_URL is runtime configuration), kept in a
 * bounded cache. Never prefetched in bulk: OpenStreetMap's tile policy forbids it.
 */
registerRoute(
	({ request, url }) =>
		request.destination === 'image' &&
		url.origin !== self.location.origin &&
		/\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
	new CacheFirst({
		cacheName: 'garupa-tiles-v1',
		plugins: [
			new CacheableResponsePlugin({ statuses: [0, 200] }),
			new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true })
		]
	})
);

/**
 * A first-use file this device already holds (in any cache: an older version precached the QR
 * decoder) moves to the first-use cache, so a rider who had it offline keeps it across the update.
 */
async function adoptHeldFirstUseFiles(): Promise<void> {
	const cache = await caches.open(FIRST_USE_CACHE);
	for (const url of firstUse) {
		if (await cache.match(url)) continue;
		const held = await caches.match(url, { ignoreSearch: true });
		if (held?.ok) await cache.put(url, held);
	}
}

/** First-use files of older builds (other hashes) are dropped. */
async function forgetOldFirstUseFiles(): Promise<void> {
	const cache = await caches.open(FIRST_USE_CACHE);
	for (const request of await cache.keys())
		if (!firstUse.has(request.url)) await cache.delete(request);
}

self.addEventListener('install', (event) => {
	event.waitUntil(
		Promise.all([
			caches
				.open(PAGES)
				.then((cache) =>
					Promise.all(
						OFFLINE_PAGES.map((p) => cache.add(new Request(p, { credentials: 'same-origin' })))
					)
				),
			adoptHeldFirstUseFiles()
		])
			.catch(() => undefined)
			.then(() => self.skipWaiting())
	);
});

self.addEventListener('activate', (event) => {
	// A device that kept staff pages or receipts under an older version is cleaned now.
	event.waitUntil(
		Promise.all([forgetStaffPages(), forgetOldFirstUseFiles()]).then(() => self.clients.claim())
	);
});

/** Keeps the first-use files among `urls` (src/lib/offline/first-use.js, keepFirstUseFiles). */
async function keepUsed(urls: unknown): Promise<void> {
	if (!Array.isArray(urls)) return;
	const cache = await caches.open(FIRST_USE_CACHE);
	for (const url of urls)
		if (typeof url === 'string' && firstUse.has(url) && !(await cache.match(url)))
			await cache.add(url).catch(() => undefined);
}

// Signing out: staff pages and token URLs leave every cache now, whatever the page does next (the
// sign-in page it lands on runs no script: src/routes/admin/login/+page.server.ts). Answered by
// the network as before: this listener only watches.
self.addEventListener('fetch', (event) => {
	const { request } = event;
	if (request.method !== 'POST') return;
	if (/^\/(?:admin|%61dmin)\/logout\/?$/i.test(new URL(request.url).pathname))
		event.waitUntil(Promise.all([forgetStaffPages(), forgetFieldShell()]));
});

self.addEventListener('message', (event) => {
	const data: unknown = event.data;
	if (typeof data !== 'object' || data === null || !('type' in data)) return;
	// Signing out (src/routes/admin/+layout.svelte) asks the worker too, in case the page cannot.
	if (data.type === 'forget-staff') event.waitUntil(forgetStaffPages());
	// A page used the QR decoder or Leaflet, maybe before this worker controlled it.
	if (data.type === 'keep-first-use' && 'urls' in data) event.waitUntil(keepUsed(data.urls));
	// A page asks whether it was answered from the phone's copy (src/lib/offline/signal.ts).
	const client = event.source;
	if (data.type === HOW_SERVED && client && 'id' in client) {
		const because = keptFor.get(client.id) ?? null;
		keptFor.delete(client.id);
		client.postMessage({ type: SERVED, because });
	}
});

// Background Sync: complaints kept on the phone go out when the connection returns, even if the
// rider closed the page (where the browser has it; otherwise the page sends them on its next visit).
self.addEventListener('sync', (event) => {
	const sync = event as ExtendableEvent & { tag?: string };
	if (sync.tag === SYNC_TAG)
		sync.waitUntil(flushOutbox({ origin: self.location.origin, force: true }));
});
