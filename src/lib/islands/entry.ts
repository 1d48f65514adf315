/**
 * The islands' script: on a rider page rendered without the framework's client
 * runtime, it does what the rider layout did (offline banner, the worker, pages kept offline) and
 * hydrates the page's live part (./Island.svelte) in place: one bundle built apart from the
 * framework's client (scripts/build/islands-plugin.js), split so that a page loads only its own
 * island and Svelte's runtime once.
 */
import { flushSync, hydrate } from 'svelte';
import { parse } from 'devalue';
import { pageHydrated } from '$lib/components/reveal';
import { islands } from './islands';
import { libras, offlineBanner, worker } from './rider-page';

async function hydrateIslands(): Promise<void> {
	let busy = 0;
	for (const target of document.querySelectorAll<HTMLElement>('[data-island]')) {
		const load = islands[target.dataset.island ?? ''];
		const propsEl = target.nextElementSibling;
		const raw = propsEl?.hasAttribute('data-island-props') ? propsEl.textContent : null;
		if (!load || raw === null) continue;
		const { default: Live } = await load();
		// The wrapper renders the island as a dynamic component: its nodes sit between the `<!--[-->`
		// and `<!--]-->` that Svelte's hydration looks for, as in a whole app's server render.
		const started = performance.now();
		hydrate(Live, { target, props: parse(raw) });
		busy += performance.now() - started;
	}
	// From now on, an answer that appears is the result of the rider's action: reveal it. Once
	// hydration's effects have run (flushSync), in this same task: a tap handled by a live island is
	// never left between the two, its answer unrevealed (a later macrotask left that gap open).
	const started = performance.now();
	flushSync();
	pageHydrated();
	busy += performance.now() - started;
	// The main thread's time spent making the page live (its modules' download aside), for the
	// benches (scripts/bench/hydration-bench.js): a user-timing entry costs nothing on a rider's phone.
	performance.measure('garupa:hydrate', { start: started - busy, duration: busy });
}

/**
 * The page is the server's HTML: it is painted first, then made live. The script is loaded `async`
 * at low priority (./Island.svelte), so neither its download nor its work stands between the rider
 * and the first paint; it waits for the document, then for a painted frame, before hydrating.
 */
async function afterFirstPaint(): Promise<void> {
	if (document.readyState === 'loading')
		await new Promise((resolve) =>
			document.addEventListener('DOMContentLoaded', resolve, { once: true })
		);
	// Two frames: the second one's callback runs once the first has been painted (no timer: a
	// busy phone may run those late).
	await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

void afterFirstPaint().then(() => {
	offlineBanner();
	worker();
	libras();
	return hydrateIslands();
});
