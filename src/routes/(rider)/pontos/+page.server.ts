import { fitView, placeOnView, tilesAround, tileUrl, type StaticMap } from '$lib/domain/map-view';
import { profile } from '$lib/profile';
import { config } from '$lib/server/config';
import { db } from '$lib/server/db';
import { listStands, standsAreSample } from '$lib/server/stands';
import type { PageServerLoad } from './$types';

/**
 * No client-side routing (issue 12, item 2): the list is complete on the server, and its live part
 * ("Mais perto de mim", the map loaded on first use) is an island, ./Pontos.island.svelte.
 */
export const csr = false;

/**
 * The map's box on the smallest phone (320 px wide less the page's margins; its CSS min-height):
 * the first view shows every stand there, and a wider screen shows more around them. The HTML
 * draws the tiles of this box only: Leaflet shows them on any screen, so none is downloaded for
 * nothing (it adds the tiles a wider map shows).
 */
const SMALLEST_BOX = { width: 288, height: 256 };
/** The town centre (the profile's), at 14, when there is no stand yet. */
const TOWN = { center: { lat: profile.centre.lat, lng: profile.centre.lng }, zoom: 14 };

/** The official stands (Art. 12–13), by name: the list is complete without JavaScript. */
export const load: PageServerLoad = async () => {
	const [stands, sample] = await Promise.all([listStands(db()), standsAreSample(db())]);
	// The map's first view (every stand, a margin, no closer than 16), drawn as HTML first: tiles
	// and pins before Leaflet arrives, or without JavaScript; Leaflet opens at the same view.
	const view = fitView(stands, { box: SMALLEST_BOX, pad: 0.2, minZoom: 3, maxZoom: 16 }, TOWN);
	const staticMap: StaticMap = {
		view,
		tiles: tilesAround(view, SMALLEST_BOX).map((tile) => ({
			url: tileUrl(config.tiles.url, tile),
			left: tile.left,
			top: tile.top
		})),
		pins: stands.map((s) => ({ id: s.id, ...placeOnView(view, s) }))
	};
	return { stands, sample, tiles: config.tiles, staticMap };
};
