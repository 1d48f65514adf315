import { fitView, placeOnView, tilesAround, tileUrl, type StaticMap } from '$lib/domain/map-view';
import { profile } from '$lib/profile';
import { config } from '$lib/server/runtime';
import { db } from '$lib/server/db';
import { wallClock } from '$lib/domain/clock';
import { listStands, standsAreSample, verdictsWithSample } from '$lib/server/registry';
import { m } from '$lib/paraglide/messages';
import type { Verdict } from '$lib/domain/registry';
import type { PageServerLoad } from './$types';

// No client-side routing (`csr = false`, set once by the rider layout): the list is complete on the
// server, and its live part ("Mais perto de mim", the map loaded on first use) is an island,
// ./Pontos.island.svelte.

/**
 * The map's box on the smallest phone (320 px wide less the page's margins; its CSS min-height):
 * the first view shows every stand there, and a wider screen shows more around them. The HTML
 * draws the tiles of this box only: Leaflet shows them on any screen, so none is downloaded for
 * nothing (it adds the tiles a wider map shows).
 */
const SMALLEST_BOX = { width: 288, height: 256 };
/** A verdict's word, as /verificar says it. */
const verdictWord: Record<Verdict, () => string> = {
	regular: m.verdict_regular,
	pendente: m.verdict_pendente,
	irregular: m.verdict_irregular,
	nao_encontrado: m.verdict_nao_encontrado
};
/** The town centre (the profile's), at 14, when there is no stand yet. */
const TOWN = { center: { lat: profile.centre.lat, lng: profile.centre.lng }, zoom: 14 };

/** The official stands (Art. 12–13), by name: the list is complete without JavaScript. */
export const load: PageServerLoad = async () => {
	const now = new Date();
	const [stands, sample] = await Promise.all([listStands(db()), standsAreSample(db())]);
	// Each prefix with its verdict today: a stand's list never calls an irregular vehicle authorized.
	const { verdicts, sample: registrySample } = await verdictsWithSample(
		[...new Set(stands.flatMap((s) => s.prefixes))],
		now
	);
	const verdictWords = Object.fromEntries(
		Object.entries(verdicts).map(([prefix, verdict]) => [prefix, verdictWord[verdict]()])
	);
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
	return {
		stands,
		sample,
		registrySample,
		tiles: config.tiles,
		staticMap,
		verdictWords,
		verdictsOn: wallClock(now, profile.timeZone).date
	};
};
