/**
 * What the rider layout does on every page, without the framework's client runtime (rider
 * pages render on the server, `csr = false`, and a small script makes them live).
 * Run by the islands' entry (./entry.ts) on every rider page.
 */
import { m } from '$lib/paraglide/messages';
import { localizeHref } from '$lib/paraglide/runtime';
import { connection, onConnection } from '$lib/offline/signal';

/**
 * The offline banner of the rider layout ("Sem conexão…"), kept in step with what the page knows of
 * the connection ($lib/offline/signal: the service worker's word, the page's own requests, and
 * `navigator.onLine` as a hint), so it shows on lie-fi too.
 */
export function offlineBanner(): void {
	const main = document.getElementById('conteudo');
	if (!main) return;
	const banner = document.createElement('p');
	banner.className = 'offline-banner';
	banner.setAttribute('role', 'status');
	const update = () => {
		const now = connection();
		if (now === 'online') return banner.remove();
		banner.textContent = now === 'offline' ? m.offline_banner() : m.unavailable_banner();
		if (!banner.isConnected) main.before(banner);
	};
	onConnection(update);
	update();
}

/**
 * The worker is registered once the page has loaded and settled (its first install downloads the
 * precache: never in the answer's way); once it is ready, this page and the offline pages in the
 * rider's language are kept, and the registry too.
 */
export function worker(): void {
	if (!('serviceWorker' in navigator)) return;
	const register = () =>
		setTimeout(() => {
			navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch(() => {});
		}, 1500);
	if (document.readyState === 'complete') register();
	else addEventListener('load', register, { once: true });
	// What keeps pages and the registry loads once the worker is ready, not on first paint.
	void navigator.serviceWorker.ready.then(async () => {
		const [{ keepPagesOffline, OFFLINE_PAGES }, { refreshRegistry }] = await Promise.all([
			import('$lib/offline/pages'),
			import('$lib/offline/registry')
		]);
		void keepPagesOffline([
			location.pathname + location.search,
			...OFFLINE_PAGES.map((p) => localizeHref(p))
		]);
		void refreshRegistry();
	});
}

/**
 * Libras on request (the `[data-libras]` boxes, hidden without JavaScript): shown, and their button
 * wired to ./libras.ts, which loads VLibras. That module is fetched on first use, never at install
 * (Libras needs a connection anyway: scripts/build/precache.js lists it in FIRST_USE); offline, the button
 * says so from here. A phone that chose Libras before loads it by itself.
 */
export function libras(): void {
	const boxes = [...document.querySelectorAll<HTMLElement>('[data-libras]')];
	if (!boxes.length) return;
	let live: Promise<(box: HTMLElement | null) => void> | null = null;
	const offline = (box: HTMLElement | null) => {
		const status = box?.querySelector('[data-libras-status]');
		if (status) status.textContent = m.libras_offline();
	};
	const wake = (box: HTMLElement | null) => {
		if (!live && connection() === 'offline') return offline(box);
		live ??= import('./libras').then((module) => module.librasLive(boxes));
		live.then(
			(tap) => tap(box),
			() => {
				live = null;
				offline(box);
			}
		);
	};
	for (const box of boxes) {
		box.hidden = false;
		box.querySelector('button')?.addEventListener('click', () => wake(box));
	}
	try {
		// The key ./libras.ts keeps the choice under.
		if (localStorage.getItem('garupa-libras') === 'on') wake(null);
	} catch {
		// A phone that keeps nothing has chosen nothing.
	}
}
