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

/** Where a label is written: above its pin or below it (the map chooses; see setLabelSide). */
export type LabelSide = 'above' | 'below';

/**
 * A pin with its words written beside it (never colour alone): the stand nearest the rider
 * (larger, orange teardrop) or the rider's own position (a round black-and-white target, unlike
 * any stand's pin). Built as DOM: the words may come from data and are never parsed as markup.
 * The icon is the pin alone (its anchor is the pin's centre); the label hangs above or below it,
 * centred, and can be shifted sideways to stay inside the map (`shiftLabel`).
 */
function labelledIcon(kind: 'nearest' | 'rider', label: string): DivIcon {
	const pin = document.createElement('div');
	pin.className = `${kind}-pin label-below`;
	const dot = document.createElement('span');
	dot.className = `${kind}-dot`;
	dot.setAttribute('aria-hidden', 'true');
	const text = document.createElement('span');
	text.className = `${kind}-label map-label`;
	text.textContent = label;
	pin.append(dot, text);
	return new DivIcon({
		html: pin,
		className: `${kind}-marker`,
		iconSize: kind === 'nearest' ? [28, 28] : [24, 24],
		iconAnchor: kind === 'nearest' ? [14, 14] : [12, 12]
	});
}

/** The pin of the stand nearest the rider, labelled with `label` ("Mais perto: …"). */
export const nearestIcon = (label: string): DivIcon => labelledIcon('nearest', label);

/** The rider's position, labelled with `label` ("Você está aqui"). */
export const riderIcon = (label: string): DivIcon => labelledIcon('rider', label);

/** The label of a labelled pin (its marker's element: `marker.getElement()`), if it has one. */
export function labelOf(icon: HTMLElement | undefined): HTMLElement | null {
	return icon?.querySelector<HTMLElement>('.map-label') ?? null;
}

/** Writes a labelled pin's words `side` of it, centred on it again. */
export function setLabelSide(icon: HTMLElement | undefined, side: LabelSide): void {
	const pin = icon?.firstElementChild;
	if (!pin) return;
	pin.classList.toggle('label-above', side === 'above');
	pin.classList.toggle('label-below', side === 'below');
	shiftLabel(icon, 0);
}

/** Moves a labelled pin's words `px` CSS pixels sideways (right when positive) from its centre. */
export function shiftLabel(icon: HTMLElement | undefined, px: number): void {
	labelOf(icon)?.style.setProperty('--shift', `${Math.round(px)}px`);
}
