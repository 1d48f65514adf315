/**
 * Distances and areas on the map of the municipality: how far a stand (ponto, Art. 12–14) is, how
 * long the walk takes, and whether a point lies inside the municipal boundary.
 *
 * Points are `{ lat, lng }` in degrees (WGS 84). GeoJSON geometries keep RFC 7946's order,
 * `[longitude, latitude]`: the two orders meet only here, so a swap cannot hide elsewhere.
 */

export interface LatLng {
	lat: number;
	lng: number;
}

/** RFC 7946 §3.1.1: `[longitude, latitude]`, maybe an altitude after them (ignored here). */
export type Position = readonly number[];

export interface Polygon {
	type: 'Polygon';
	/** The outer ring first, then its holes; each ring closed (first position = last). */
	coordinates: readonly (readonly Position[])[];
}

export interface MultiPolygon {
	type: 'MultiPolygon';
	coordinates: readonly (readonly (readonly Position[])[])[];
}

export type Area = Polygon | MultiPolygon;

/** Mean Earth radius (IUGG), the usual choice for haversine: error under 0.5 % anywhere. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

const RADIANS = Math.PI / 180;

/**
 * Great-circle distance in meters (haversine on a sphere).
 * @example Math.round(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })) //=> 111195
 */
export function distanceMeters(a: LatLng, b: LatLng): number {
	const dLat = (b.lat - a.lat) * RADIANS;
	const dLng = (b.lng - a.lng) * RADIANS;
	const h =
		Math.sin(dLat / 2) ** 2 +
		Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
	// min(1, …): rounding can push h a hair above 1 for antipodes, and asin(>1) is NaN.
	return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** An unhurried adult's pace on a town's sidewalks: 4.5 km/h. */
export const WALKING_METERS_PER_MINUTE = 4500 / 60;
/**
 * Streets are not straight lines: on a street grid like Rolim de Moura's the walked path is
 * about 1.3 times the straight-line distance (the usual detour factor for urban grids; a
 * perfect grid walked diagonally would be √2 ≈ 1.41).
 */
export const DETOUR_FACTOR = 1.3;

/**
 * Minutes on foot to cover a straight-line distance, rounded up: an estimate, never a promise
 * to arrive sooner. Assumes 4.5 km/h on a path 1.3 × the straight line.
 * @example walkingMinutes(1000) //=> 18 (1 300 m walked at 75 m/min = 17.3 min)
 * @example walkingMinutes(0) //=> 0
 */
export function walkingMinutes(meters: number): number {
	if (!Number.isFinite(meters) || meters < 0)
		throw new RangeError(`Not a distance in meters: ${meters}`);
	return Math.ceil((meters * DETOUR_FACTOR) / WALKING_METERS_PER_MINUTE);
}

export interface Ranked<T> {
	item: T;
	meters: number;
}

/**
 * The items with their distance from `from`, nearest first. Ties keep the given order
 * (Array.prototype.sort is stable since ES2019), so the list does not reshuffle between renders.
 * @example byDistance(here, stands).map((r) => r.item.id) //=> ['praca-central', 'hospital', …]
 */
export function byDistance<T extends LatLng>(from: LatLng, items: readonly T[]): Ranked<T>[] {
	return items
		.map((item) => ({ item, meters: distanceMeters(from, item) }))
		.sort((a, b) => a.meters - b.meters);
}

/**
 * True when `point` is inside the area or on its edge; false inside a hole. The edge counts as
 * inside: a stand drawn on the municipal line is the municipality's to regulate, not an error.
 *
 * Plane geometry on longitude/latitude (ray casting, even–odd rule), exact enough for an area the
 * size of a municipality; areas crossing the antimeridian are not supported.
 * @example pointInPolygon({ lat: -11.7271, lng: -61.7714 }, rolimDeMouraBoundary) //=> true
 */
export function pointInPolygon(point: LatLng, area: Area): boolean {
	const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
	return polygons.some((rings) => inPolygon(point, rings));
}

function inPolygon(point: LatLng, rings: readonly (readonly Position[])[]): boolean {
	const [outer, ...holes] = rings;
	if (!outer) return false;
	const outerSide = side(point, outer);
	if (outerSide !== 'in') return outerSide === 'edge';
	// A point on a hole's edge is on the area's edge too: inside, as above.
	return holes.every((hole) => side(point, hole) !== 'in');
}

/** Relative tolerance for "on the edge": far below a millimetre in degrees. */
const EPSILON = 1e-12;

function side(point: LatLng, ring: readonly Position[]): 'in' | 'out' | 'edge' {
	const x = point.lng;
	const y = point.lat;
	let inside = false;
	for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
		const [xi = NaN, yi = NaN] = ring[i] ?? [];
		const [xj = NaN, yj = NaN] = ring[j] ?? [];
		if (onSegment(x, y, xi, yi, xj, yj)) return 'edge';
		// Half-open on y, so a ray through a vertex counts the crossing once.
		if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
	}
	return inside ? 'in' : 'out';
}

function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number): boolean {
	const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
	const scale = Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1), 1);
	if (Math.abs(cross) > EPSILON * scale * scale) return false;
	return (
		Math.min(x1, x2) - EPSILON <= x &&
		x <= Math.max(x1, x2) + EPSILON &&
		Math.min(y1, y2) - EPSILON <= y &&
		y <= Math.max(y1, y2) + EPSILON
	);
}

/**
 * The area of a GeoJSON boundary: a Polygon or MultiPolygon geometry, a Feature holding one, or
 * a FeatureCollection of such features (merged). Throws on anything else: the boundary ships
 * with the profile, and a broken one is a bug, not user input.
 * @example parseBoundary(JSON.parse(rolimDeMouraGeojson)).type //=> 'Polygon'
 */
export function parseBoundary(json: unknown): Area {
	const polygons = boundaryPolygons(json);
	if (polygons.length === 0) throw new Error('A fronteira não tem nenhum polígono.');
	const [only, ...more] = polygons;
	if (only && more.length === 0) return { type: 'Polygon', coordinates: only };
	return { type: 'MultiPolygon', coordinates: polygons };
}

type Rings = readonly (readonly Position[])[];

function boundaryPolygons(json: unknown): Rings[] {
	if (!isObject(json)) throw new Error('A fronteira não é um objeto GeoJSON.');
	switch (json['type']) {
		case 'FeatureCollection': {
			const features = json['features'];
			if (!Array.isArray(features)) throw new Error('FeatureCollection sem "features".');
			return features.flatMap((f: unknown) => boundaryPolygons(f));
		}
		case 'Feature':
			return boundaryPolygons(json['geometry']);
		case 'Polygon':
			return [rings(json['coordinates'])];
		case 'MultiPolygon': {
			const coordinates = json['coordinates'];
			if (!Array.isArray(coordinates)) throw new Error('MultiPolygon sem coordenadas.');
			return coordinates.map((polygon: unknown) => rings(polygon));
		}
		default:
			throw new Error(`A fronteira deve ser Polygon ou MultiPolygon, não ${String(json['type'])}.`);
	}
}

function rings(value: unknown): Rings {
	const isPosition = (p: unknown): p is Position =>
		Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && isFinite(n));
	// RFC 7946 §3.1.6: a linear ring has four or more positions.
	const isRing = (r: unknown): r is Position[] =>
		Array.isArray(r) && r.length >= 4 && r.every(isPosition);
	if (!Array.isArray(value) || value.length === 0 || !value.every(isRing))
		throw new Error('Polígono da fronteira com anéis inválidos.');
	return value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
