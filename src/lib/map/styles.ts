/**
 * Leaflet's stylesheets for a map drawn by a rider page's island (issue 12, item 2). The islands'
 * script is built apart from the framework's client and links no CSS of its own: a CSS file
 * imported by a module there is emitted but never loaded. So the map links them itself, still on
 * first use only (the worker keeps them then, with Leaflet's script).
 *
 * They are plain files (`new URL(…, import.meta.url)`), not `?url` imports: Vite builds the islands'
 * script twice (for the server, which prints its name, and for the browser) and minifies CSS for a
 * different target each time (the server's keeps vendor prefixes); a `?url` name that differs
 * would give every island chunk, and the script itself, another name than the page asks for.
 * Leaflet's own images in that CSS (the layers control's) are unused; the markers' are set in
 * ./base.ts.
 */
const LEAFLET_STYLES = [
	new URL('../../../node_modules/leaflet/dist/leaflet.css', import.meta.url).href,
	new URL('./base.css', import.meta.url).href
];

/**
 * Links Leaflet's stylesheets (then ./base.css, which overrides) unless the page has them;
 * resolves when all have loaded or failed (a map without its styles is still better than none,
 * and offline the worker may not have them yet).
 */
export function linkLeafletStyles(): Promise<void> {
	const linked = new Set(
		[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href)
	);
	return Promise.all(
		LEAFLET_STYLES.filter((href) => !linked.has(href)).map((href) => {
			const link = document.createElement('link');
			link.rel = 'stylesheet';
			link.href = href;
			const done = new Promise<void>((resolve) => {
				link.addEventListener('load', () => resolve(), { once: true });
				link.addEventListener('error', () => resolve(), { once: true });
			});
			document.head.append(link);
			return done;
		})
	).then(() => undefined);
}
