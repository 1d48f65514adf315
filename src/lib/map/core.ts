/**
 * The one Leaflet base for every map of Garupa (/pontos and the staff stand picker): base tiles
 * from configuration, the municipal boundary, Leaflet's marker images, and the distinct pin for
 * the stand nearest the rider. Import it only in the browser, lazily (Leaflet touches `window` on
 * load and would crash the server). Every default is stated where it is set.
 *
 * No CSS is imported here: a framework page's map imports ./base.ts (this, with Leaflet's CSS and
 * ./base.css); an island's map links them with ./styles.ts. (A CSS import in the islands' script
 * changes the names of its chunks between the server's build and the browser's: Vite minifies
 * that CSS for two targets, and a chunk's name includes its CSS.)
 */
import { DivIcon, geoJSON, Icon, map as leafletMap, tileLayer, type Map } from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import { boundaryGeojson as boundary } from '$lib/profile/boundary';
import { keepFirstUseFiles } from '$lib/offline/first-use.js';
import { isOffline } from '$lib/offline/signal';

// Leaflet derives its default icon path from its CSS, which Vite rewrites: point it at the files.
// No shadow: Leaflet ships it at one resolution only (blurred on a phone's screen), and it is one
// more download for a rider's prepaid plan; the pins read the same without it (an empty
// `shadowUrl` makes Leaflet draw none).
Icon.Default.mergeOptions({
	iconRetinaUrl: markerIcon2x,
	iconUrl: markerIcon,
	shadowUrl: '',
	imagePath: ''
});
// …and never guesses a folder from the stylesheet (`Icon.Default.imagePath`, which Leaflet reads
// before the option when unset): the URLs above are whole.
Icon.Default.imagePath = '';

export interface LatLng {
	lat: number;
	lng: number;
}

/** Any XYZ tile server (TILE_URL, TILE_ATTRIBUTION; OpenStreetMap's standard tiles by default). */
export interface TilesConfig {
	url: string;
	attribution: string;
}

export interface BaseMapOptions {
	tiles: TilesConfig;
	center: LatLng;
	zoom: number;
	/** Called once when no tile could be loaded (offline, or the tile server is unreachable). */
	onTilesUnavailable?: () => void;
}

/** A map in `node` with the base tiles and the municipal boundary (dashed blue line). */
export function createBaseMap(node: HTMLElement, options: BaseMapOptions): Map {
	// Leaflet is not precached: the worker keeps it from this first use on (riders pay for every kilobyte).
	keepFirstUseFiles();
	// What the page drew before the map: a first view as HTML (`data-static-map`: its tiles and
	// pins, at the view given here) stays under the map until Leaflet's own tiles are drawn; any
	// other placeholder goes now.
	const drawnFirst = [...node.children].filter((el) => el.hasAttribute('data-static-map'));
	for (const el of [...node.children]) if (!drawnFirst.includes(el)) el.remove();
	const removeDrawnFirst = () => drawnFirst.forEach((el) => el.remove());
	const map = leafletMap(node, {
		center: [options.center.lat, options.center.lng],
		zoom: options.zoom,
		keyboard: true, // arrows pan, +/- zoom once the map has focus (Leaflet's default, kept)
		scrollWheelZoom: false // scrolling the page past the map must not zoom it
	});

	let loaded = 0;
	let failed = 0;
	let reported = false;
	const report = () => {
		if (reported) return;
		reported = true;
		removeDrawnFirst();
		options.onTilesUnavailable?.();
	};
	const tiles = tileLayer(options.tiles.url, {
		attribution: options.tiles.attribution,
		maxZoom: 19 // OpenStreetMap's standard tiles go to 19
	});
	tiles.on('tileload', () => loaded++);
	tiles.once('load', removeDrawnFirst); // every tile in view is drawn
	tiles.on('tileerror', () => {
		failed++;
		if (loaded === 0 && failed >= 2) report();
	});
	tiles.addTo(map);
	if (isOffline()) report();

	geoJSON(JSON.parse(boundary), {
		style: {
			color: '#0b3d91',
			weight: 3,
			fill: false,
			dashArray: '6 4',
			className: 'municipal-boundary'
		},
		interactive: false
	}).addTo(map);
	return map;
}

/**
 * The pin of the stand nearest the rider: larger, orange, with its name written beside it (never
 * colour alone). Built as DOM: the name comes from data and is never parsed as markup.
 */
export function nearestIcon(label: string): DivIcon {
	const pin = document.createElement('div');
	pin.className = 'nearest-pin';
	const dot = document.createElement('span');
	dot.className = 'nearest-dot';
	dot.setAttribute('aria-hidden', 'true');
	const text = document.createElement('span');
	text.className = 'nearest-label';
	text.textContent = label;
	pin.append(dot, text);
	return new DivIcon({
		html: pin,
		className: 'nearest-marker',
		iconSize: [28, 28],
		iconAnchor: [14, 14]
	});
}
