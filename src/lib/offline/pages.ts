/**
 * Pages kept on the phone for offline use. Shared by the service worker (which answers navigations
 * from this cache when the network fails) and the layout (which stores the page the rider is on —
 * the very first navigation happens before the worker controls the page).
 */
import { FIELD_SHELL_CACHE } from '$lib/field/shell';

export const PAGES_CACHE = 'garupa-pages-v1';

/** The pages that must work offline after one visit (pt-BR paths; the layout adds the rider's language). */
export const OFFLINE_PAGES = ['/', '/tarifa', '/lei', '/verificar', '/pontos'] as const;

/** Staff pages, in any language and however the path is encoded (`/%61dmin`). */
const STAFF_PATH = /^(?:\/(?:es|en))?\/admin(?:\/|$)/i;

/**
 * Whether a URL may be kept on the device: never a staff page (`/admin…`: riders' personal data,
 * penalties) and never a URL carrying a token (a complaint receipt's `?token=`, which opens the
 * rider's complaint to whoever holds it). `no-store` binds the HTTP cache only, not the Cache API:
 * this check is what keeps them out.
 */
export function mayKeep(url: string | URL): boolean {
	let parsed: URL;
	try {
		parsed = new URL(url, 'http://garupa.invalid');
	} catch {
		return false;
	}
	let path = parsed.pathname;
	try {
		path = decodeURIComponent(path);
	} catch {
		return false;
	}
	if (STAFF_PATH.test(path)) return false;
	for (const key of parsed.searchParams.keys()) if (/token/i.test(key)) return false;
	return !/token=/i.test(parsed.hash);
}

/**
 * Removes every staff page and every token URL from all of this site's caches (Cache Storage),
 * leaving everything else — the rider's pages, tiles, the app itself — in place. The rider's own
 * data (outbox, saved complaints) lives in IndexedDB and is not touched. Run on signing out and
 * on every staff page, so a device that kept them under an older version is cleaned too.
 * Returns how many entries it removed.
 */
export async function forgetStaffPages(): Promise<number> {
	if (!('caches' in globalThis)) return 0;
	let removed = 0;
	for (const name of await caches.keys()) {
		// The field mode's shell (no staff data: src/lib/field/shell.ts) has its own rule: it
		// leaves at sign-out, whole.
		if (name === FIELD_SHELL_CACHE) continue;
		const cache = await caches.open(name);
		for (const request of await cache.keys()) {
			if (!mayKeep(request.url) && (await cache.delete(request))) removed++;
		}
	}
	return removed;
}

/**
 * Removes from every cache of this site each kept page that names the complaint `protocol` (its
 * receipt, under any address): "remover deste celular" leaves nothing of it behind. The worker
 * never keeps a receipt (mayKeep), but a phone that kept one under an older version is cleaned
 * too. Returns how many entries it removed.
 */
export async function forgetPagesOf(protocol: string): Promise<number> {
	if (!('caches' in globalThis)) return 0;
	let removed = 0;
	for (const name of await caches.keys()) {
		const cache = await caches.open(name);
		for (const request of await cache.keys()) {
			let path: string;
			try {
				path = decodeURIComponent(new URL(request.url).pathname);
			} catch {
				continue;
			}
			if (path.includes(protocol) && (await cache.delete(request))) removed++;
		}
	}
	return removed;
}

/** Store the current page and the offline pages in the rider's language, if not stored yet. */
export async function keepPagesOffline(paths: readonly string[]): Promise<void> {
	if (!('caches' in globalThis)) return;
	const cache = await caches.open(PAGES_CACHE);
	await Promise.all(
		[...new Set(paths)]
			.filter((path) => mayKeep(path))
			.map(async (path) => {
				if (!(await cache.match(path))) await cache.add(path).catch(() => undefined);
			})
	);
}
