import type { Attachment } from 'svelte/attachments';

/**
 * "The answer comes to the eye" (UX.md, principle 1): when an answer appears after the rider's
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
		if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
		// After the browser has laid out the new answer (and any sibling that came with it).
		const frame = requestAnimationFrame(() => {
			node.focus({ preventScroll: true });
			const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
			node.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
		});
		return () => cancelAnimationFrame(frame);
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
