/**
 * Pages kept on the phone for offline use. Shared by the service worker (which answers navigations
 * from this cache when the network fails) and the layout (which stores the page the rider is on —
 * the very first navigation happens before the worker controls the page).
 */
export const PAGES_CACHE = 'garupa-pages-v1';

/** The pages that must work offline after one visit (pt-BR paths; the layout adds the rider's language). */
export const OFFLINE_PAGES = ['/', '/tarifa', '/lei', '/verificar', '/pontos'] as const;

/** Store the current page and the offline pages in the rider's language, if not stored yet. */
export async function keepPagesOffline(paths: readonly string[]): Promise<void> {
	if (!('caches' in globalThis)) return;
	const cache = await caches.open(PAGES_CACHE);
	await Promise.all(
		[...new Set(paths)].map(async (path) => {
			if (!(await cache.match(path))) await cache.add(path).catch(() => undefined);
		})
	);
}
