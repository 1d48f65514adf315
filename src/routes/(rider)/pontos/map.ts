/**
 * The stands map as one attachment: Leaflet is imported only here, only in the browser, only when
 * the map mounts (a top-level import crashes the server: Leaflet touches `window` on load). The
 * server-rendered list is the baseline; the map enhances it and is removed on cleanup.
 */
import type { Attachment } from 'svelte/attachments';
import type { StandsMap, StandsMapOptions } from './leaflet-map';

export type { StandsMapOptions };

export function standsMap(
	options: StandsMapOptions,
	onReady?: (map: StandsMap) => void
): Attachment<HTMLElement> {
	return (node) => {
		let map: StandsMap | null = null;
		let cancelled = false;
		// Leaflet's styles download beside its script, not after it (both are first-use files:
		// scripts/build/precache.js, FIRST_USE).
		const styled = import('$lib/map/styles').then(({ linkLeafletStyles }) => linkLeafletStyles());
		import('./leaflet-map').then(async ({ createStandsMap }) => {
			// Leaflet's panes and controls are placed by its styles: draw once they apply.
			await styled;
			if (cancelled) return;
			map = createStandsMap(node, options);
			onReady?.(map);
		});
		return () => {
			cancelled = true;
			map?.remove();
		};
	};
}
