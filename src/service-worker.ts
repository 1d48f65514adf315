/// <reference lib="webworker" />
/**
 * Offline first. With adapter-node every page is rendered on the server, so there is no HTML in
 * the build to precache and the plugin's default SPA fallback would serve an empty shell. Instead:
 * - the build's JS, CSS, icons and manifest are precached (workbox-precaching);
 * - pages are NetworkFirst: online the rider always gets a fresh server-rendered page, and every
 *   page seen is kept; offline (or after 4 s of weak signal) the kept copy is served — a real
 *   page that hydrates and recomputes the bandeira with the phone's clock;
 * - `/`, `/tarifa` and `/lei` are fetched into that cache when the worker installs, and the layout
 *   adds the page being read and those pages in the rider's language (src/lib/offline/pages.ts),
 *   so they work offline after a single visit to any page.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { forgetStaffPages, mayKeep, OFFLINE_PAGES, PAGES_CACHE as PAGES } from '$lib/offline/pages';
import { flushOutbox, SYNC_TAG } from '$lib/offline/outbox';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({
	cacheName: PAGES,
	networkTimeoutSeconds: 4,
	plugins: [
		// Staff pages and token URLs never stay on the device (src/lib/offline/pages.ts, mayKeep):
		// neither stored nor served from the cache.
		{
			cacheWillUpdate: async ({ request, response }) => (mayKeep(request.url) ? response : null),
			cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
				mayKeep(request.url) ? cachedResponse : null
		},
		new ExpirationPlugin({ maxEntries: 60 })
	]
});

/** `/v/<code>` (the QR target) and `/verificar/<code>`, in any language. */
const VEHICLE_PAGE = /^(\/(?:es|en))?\/(?:v|verificar)\/([^/]+)\/?$/;

registerRoute(
	new NavigationRoute(
		async (options) => {
			try {
				return await pages.handle(options);
			} catch (error) {
				// Offline and never seen: a vehicle page becomes /verificar?q=<code>, which checks the
				// registry kept on the phone; any other page falls back to its kept copy without the query.
				const url = new URL(options.request.url);
				const vehicle = VEHICLE_PAGE.exec(url.pathname);
				if (vehicle) {
					return Response.redirect(`${vehicle[1] ?? ''}/verificar?q=${vehicle[2]}`, 302);
				}
				const kept = mayKeep(url)
					? await caches.match(url.pathname, { cacheName: PAGES })
					: undefined;
				if (kept) return kept;
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

self.addEventListener('install', (event) => {
	event.waitUntil(
		caches
			.open(PAGES)
			.then((cache) =>
				Promise.all(
					OFFLINE_PAGES.map((p) => cache.add(new Request(p, { credentials: 'same-origin' })))
				)
			)
			.catch(() => undefined)
			.then(() => self.skipWaiting())
	);
});

self.addEventListener('activate', (event) => {
	// A device that kept staff pages or receipts under an older version is cleaned now.
	event.waitUntil(forgetStaffPages().then(() => self.clients.claim()));
});

// Signing out (src/routes/admin/+layout.svelte) asks the worker too, in case the page cannot.
self.addEventListener('message', (event) => {
	const data: unknown = event.data;
	if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'forget-staff')
		event.waitUntil(forgetStaffPages());
});

// Background Sync: complaints kept on the phone go out when the connection returns, even if the
// rider closed the page (where the browser has it; otherwise the page sends them on its next visit).
self.addEventListener('sync', (event) => {
	const sync = event as ExtendableEvent & { tag?: string };
	if (sync.tag === SYNC_TAG) sync.waitUntil(flushOutbox(self.location.origin));
});
