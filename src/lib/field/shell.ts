/**
 * The field mode's shell: what lets `/admin/campo` open again with no signal on a phone where the
 * agent opened it once online. It holds NO staff data, only code:
 * - the page as the server renders it with `?casca=1` — the field mode's markup with every field
 *   empty, no header naming the member (src/routes/admin/campo/+page.server.ts, FIELD_SHELL_PARAM);
 * - the hashed JS and CSS files that page loaded (`/_app/immutable/…`: the framework, the admin
 *   layout, the field mode and the modules it loads on mount — the photo shrinker, the QR maker,
 *   the IndexedDB store).
 * The page fills itself from what the last online load kept in IndexedDB (src/lib/field/context.ts).
 * Kept in a cache of its own, which `forgetStaffPages` leaves alone and sign-out deletes whole
 * (src/routes/admin/saiu, the worker's sign-out watch): without the field records the shell could
 * do nothing anyway, and a signed-out phone keeps nothing of the staff area.
 *
 * Shared by the page (which keeps it: window scope) and the service worker (which serves it).
 */

/** The Cache Storage cache holding the shell. */
export const FIELD_SHELL_CACHE = 'garupa-campo-casca-v1';

/** The query that asks /admin/campo for its shell (no data of anyone in it). */
export const FIELD_SHELL_PARAM = 'casca';

/** The shell page's address, as kept. */
export const FIELD_SHELL_URL = `/admin/campo?${FIELD_SHELL_PARAM}=1`;

/** The field mode's address: a navigation here with no signal is answered with the shell. */
export const FIELD_PATH = /^\/admin\/campo\/?$/;

/** Whether an entry may be in the shell's cache: the shell page, or a hashed (immutable) file. */
export function isShellEntry(url: string | URL, origin: string): boolean {
	let parsed: URL;
	try {
		parsed = new URL(url, origin);
	} catch {
		return false;
	}
	if (parsed.origin !== new URL(origin).origin) return false;
	if (parsed.pathname + parsed.search === FIELD_SHELL_URL) return true;
	return (
		/^\/_app\/immutable\/[\w./-]+\.(?:js|css|woff2?|svg|png)$/.test(parsed.pathname) &&
		!parsed.search
	);
}

/**
 * The same-origin hashed files this page has loaded so far (the browser's resource timing): what
 * the shell needs to run again offline — exactly what ran online, no hand list.
 */
export function loadedFiles(): string[] {
	const origin = location.origin;
	const names = performance
		.getEntriesByType('resource')
		.map((e) => e.name)
		.filter((name) => isShellEntry(name, origin) && !name.includes('?'));
	return [...new Set(names)];
}

/**
 * Keeps (or refreshes) the shell: the shell page fetched again, and `files`; an entry of an older
 * build that is no longer among them leaves. Returns the number of entries kept; 0 when the
 * browser has no Cache Storage or the network failed (nothing half-kept is left behind).
 */
export async function keepFieldShell(files: readonly string[]): Promise<number> {
	if (!('caches' in globalThis)) return 0;
	const origin = location.origin;
	const wanted = [FIELD_SHELL_URL, ...files.filter((f) => isShellEntry(f, origin))].map(
		(u) => new URL(u, origin).href
	);
	const cache = await caches.open(FIELD_SHELL_CACHE);
	try {
		const shell = await fetch(FIELD_SHELL_URL, { credentials: 'same-origin', cache: 'no-store' });
		// A redirect (the session ended) or an error page is never kept as the shell.
		if (!shell.ok || shell.redirected) return 0;
		await cache.put(FIELD_SHELL_URL, shell);
		for (const url of wanted.slice(1))
			if (!(await cache.match(url)))
				await cache.add(new Request(url, { credentials: 'same-origin' }));
	} catch {
		await caches.delete(FIELD_SHELL_CACHE);
		return 0;
	}
	for (const request of await cache.keys())
		if (!wanted.includes(request.url)) await cache.delete(request);
	return wanted.length;
}

/** Sign-out: the shell leaves the phone. */
export async function forgetFieldShell(): Promise<void> {
	if ('caches' in globalThis) await caches.delete(FIELD_SHELL_CACHE);
}
