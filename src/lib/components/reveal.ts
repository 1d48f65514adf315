import type { Attachment } from 'svelte/attachments';

/**
 * "The answer comes to the eye": when an answer appears after the rider's
 * action, move focus to it (a screen reader then reads it) and scroll it into view.
 *
 * Use it on the answer's heading or box: `<h2 {@attach revealAnswer()}>…</h2>`. It reveals when the
 * element is mounted and again whenever `key()` changes (e.g. `revealAnswer(() => quote)` for an
 * answer that updates in place). It stays still while the page is first hydrated: then the server
 * has already put the answer first, and stealing focus on load would confuse a screen reader.
 * The element gets `tabindex="-1"` if it has none, so it can hold focus without being a Tab stop.
 */
export function revealAnswer(key?: () => unknown): Attachment<HTMLElement> {
	return (node) => {
		key?.();
		if (!hydrated) return;
		return revealNow(node);
	};
}

/** False until the page's first render (hydration) has finished: see `pageHydrated`. */
let hydrated = false;

/**
 * Called once by the rider layout after its first render, from then on every answer that appears
 * is revealed (a layout's onMount runs after its children's attachments, so answers present at
 * load are left in place).
 */
export function pageHydrated(): void {
	hydrated = true;
}

/**
 * Whether this page load answers the rider's action on `page` of this site (its pt-BR path, say
 * `/tarifa`): reached from it by its form or a tap, in the same language — not a reload, Back or
 * Forward, nor a link from elsewhere. Rider pages are loaded whole (no client-side routing), so an
 * answer reached this way is revealed with `revealNow` (the answer comes to the eye); opened otherwise, the
 * page stays as the server laid it out.
 */
export function arrivedFrom(page: string, localize: (path: string) => string): boolean {
	let from: URL;
	try {
		from = new URL(document.referrer);
	} catch {
		return false; // no referrer: typed, the camera app, a bookmark
	}
	const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
	return (
		from.origin === location.origin &&
		from.pathname === localize(page) &&
		navigation?.type !== 'reload' &&
		navigation?.type !== 'back_forward'
	);
}

/**
 * Focus `node` (without a Tab stop) and bring it into view, after the browser has laid it out (and
 * any sibling that came with it). Returns the cancel.
 */
export function revealNow(node: HTMLElement): () => void {
	if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
	const frame = requestAnimationFrame(() => {
		node.focus({ preventScroll: true });
		const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
		node.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
	});
	return () => cancelAnimationFrame(frame);
}
