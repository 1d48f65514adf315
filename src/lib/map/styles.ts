/**
 * Leaflet's styles for a map drawn by a rider page's island. The islands'
 * script is built apart from the framework's client and links no CSS of its own (its build
 * refuses a CSS import: scripts/build/islands-plugin.js). So the map adds them itself, still on
 * first use only: Leaflet's stylesheet as one file (`new URL(…, import.meta.url)`: the worker keeps
 * it then, with Leaflet's script), and ./base.css (a few lines: the nearest stand's pin) as a
 * `<style>` from its `?raw` text. Leaflet's own images in its CSS (the layers control's) are
 * unused; the markers' are set in ./core.ts.
 */
import baseCss from './base.css?raw';

const LEAFLET_CSS = new URL('../../../node_modules/leaflet/dist/leaflet.css', import.meta.url).href;

/** The one linking of this page (every caller waits for the same load). */
let linking: Promise<void> | null = null;

/**
 * Links Leaflet's stylesheet, then ./base.css after it (it overrides), unless the page has them;
 * resolves when the stylesheet has loaded or failed (a map without its styles is still better
 * than none, and offline the worker may not have it yet).
 */
export function linkLeafletStyles(): Promise<void> {
	if (linking) return linking;
	let link = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
		(l) => l.href === LEAFLET_CSS
	);
	if (link) return (linking = Promise.resolve());
	link = document.createElement('link');
	link.rel = 'stylesheet';
	link.href = LEAFLET_CSS;
	const style = document.createElement('style');
	style.textContent = baseCss;
	linking = new Promise<void>((resolve) => {
		link.addEventListener('load', () => resolve(), { once: true });
		link.addEventListener('error', () => resolve(), { once: true });
	});
	document.head.append(link, style);
	return linking;
}
