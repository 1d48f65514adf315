/**
 * The stands map's first view, worked out on the server: which zoom and centre show every stand,
 * and which tiles (z/x/y, the "slippy map" scheme every XYZ tile server shares) cover it. The page
 * draws those tiles and the stands' pins as plain HTML (a map before Leaflet arrives, and without
 * JavaScript), and Leaflet then opens at the same view, so the phone downloads each tile once.
 *
 * Spherical Web Mercator (EPSG:3857), as Leaflet and OpenStreetMap use it: at zoom z the world is
 * 256·2^z pixels square, x growing east from 180° W, y growing south from 85.0511° N.
 */
import type { LatLng } from './geo';

export const TILE_SIZE = 256;
/** Web Mercator's latitude limit (the world is square). */
const MAX_LAT = 85.0511287798;

/** World pixel coordinates of a point at `zoom` (fractional). */
export function project(point: LatLng, zoom: number): { x: number; y: number } {
	const size = TILE_SIZE * 2 ** zoom;
	const lat = (Math.max(-MAX_LAT, Math.min(MAX_LAT, point.lat)) * Math.PI) / 180;
	return {
		x: ((point.lng + 180) / 360) * size,
		y: (0.5 - Math.log(Math.tan(Math.PI / 4 + lat / 2)) / (2 * Math.PI)) * size
	};
}

/** The point at world pixel coordinates `(x, y)` at `zoom` (the inverse of project). */
export function unproject(x: number, y: number, zoom: number): LatLng {
	const size = TILE_SIZE * 2 ** zoom;
	const lng = (x / size) * 360 - 180;
	const n = Math.PI - (2 * Math.PI * y) / size;
	return { lat: (Math.atan(Math.sinh(n)) * 180) / Math.PI, lng };
}

export interface MapView {
	center: LatLng;
	zoom: number;
}

export interface FitOptions {
	/** The smallest box the map is drawn in (CSS pixels): the view must fit there. */
	box: { width: number; height: number };
	/** Margin around the points, as a fraction of their extent on each side (Leaflet's `pad`). */
	pad: number;
	minZoom: number;
	maxZoom: number;
}

/**
 * The highest whole zoom, at most `maxZoom`, at which the points and their margin fit in `box`,
 * centred on them; `fallback` when there are no points.
 */
export function fitView(points: LatLng[], options: FitOptions, fallback: MapView): MapView {
	if (!points.length) return fallback;
	const lats = points.map((p) => p.lat);
	const lngs = points.map((p) => p.lng);
	const [south, north] = [Math.min(...lats), Math.max(...lats)];
	const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
	const dLat = (north - south) * options.pad;
	const dLng = (east - west) * options.pad;
	const sw = { lat: south - dLat, lng: west - dLng };
	const ne = { lat: north + dLat, lng: east + dLng };
	let zoom = options.maxZoom;
	for (; zoom > options.minZoom; zoom--) {
		const a = project(sw, zoom);
		const b = project(ne, zoom);
		if (b.x - a.x <= options.box.width && a.y - b.y <= options.box.height) break;
	}
	// The centre in projected space (as Leaflet fits bounds), not the mean of the degrees.
	const a = project(sw, zoom);
	const b = project(ne, zoom);
	return { center: unproject((a.x + b.x) / 2, (a.y + b.y) / 2, zoom), zoom };
}

export interface PlacedTile {
	z: number;
	x: number;
	y: number;
	/** The tile's top-left corner, in CSS pixels from the view's centre. */
	left: number;
	top: number;
}

/**
 * The tiles that cover a box of `reach` (CSS pixels) centred on the view, with their places. Only
 * tiles of the world (no wrapping): a municipality's map never reaches the antimeridian.
 */
export function tilesAround(view: MapView, reach: { width: number; height: number }): PlacedTile[] {
	const c = project(view.center, view.zoom);
	const last = 2 ** view.zoom - 1;
	const from = {
		x: Math.max(0, Math.floor((c.x - reach.width / 2) / TILE_SIZE)),
		y: Math.max(0, Math.floor((c.y - reach.height / 2) / TILE_SIZE))
	};
	const to = {
		x: Math.min(last, Math.floor((c.x + reach.width / 2 - 1) / TILE_SIZE)),
		y: Math.min(last, Math.floor((c.y + reach.height / 2 - 1) / TILE_SIZE))
	};
	const tiles: PlacedTile[] = [];
	for (let y = from.y; y <= to.y; y++)
		for (let x = from.x; x <= to.x; x++)
			tiles.push({
				z: view.zoom,
				x,
				y,
				left: Math.round(x * TILE_SIZE - c.x),
				top: Math.round(y * TILE_SIZE - c.y)
			});
	return tiles;
}

/** Where `point` is drawn, in CSS pixels from the view's centre. */
export function placeOnView(view: MapView, point: LatLng): { left: number; top: number } {
	const c = project(view.center, view.zoom);
	const p = project(point, view.zoom);
	return { left: Math.round(p.x - c.x), top: Math.round(p.y - c.y) };
}

/**
 * A tile's URL from an XYZ template, exactly as Leaflet's TileLayer writes it (so that the browser
 * asks once for each): `{z}`, `{x}`, `{y}`; `{s}` one of Leaflet's default subdomains "abc", by
 * (x + y) mod 3; `{r}` empty (no retina tiles).
 */
export function tileUrl(template: string, tile: { z: number; x: number; y: number }): string {
	return template
		.replaceAll('{z}', String(tile.z))
		.replaceAll('{x}', String(tile.x))
		.replaceAll('{y}', String(tile.y))
		.replaceAll('{s}', 'abc'.charAt(Math.abs(tile.x + tile.y) % 3))
		.replaceAll('{r}', '');
}

/** A map's first view drawn as HTML: its tiles and pins, placed from the box's centre. */
export interface StaticMap {
	view: MapView;
	tiles: { url: string; left: number; top: number }[];
	pins: { id: string; left: number; top: number }[];
}
