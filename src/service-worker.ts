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
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { OFFLINE_PAGES, PAGES_CACHE as PAGES } from '$lib/offline/pages';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({
	cacheName: PAGES,
	networkTimeoutSeconds: 4,
	plugins: [new ExpirationPlugin({ maxEntries: 60 })]
});

registerRoute(
	new NavigationRoute(pages, { denylist: [/^\/api\//, /^\/admin(\/|$)/, /\/__data\.json$/] })
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
	event.waitUntil(self.clients.claim());
});
