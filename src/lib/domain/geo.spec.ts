import { describe, expect, test } from 'vitest';
import { rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import {
	EARTH_RADIUS_METERS,
	byDistance,
	distanceMeters,
	parseBoundary,
	pointInPolygon,
	walkingMinutes,
	type Area,
	type LatLng
} from './geo';
const boundaryText = rolimDeMouraFiles.boundary;

const CENTRE: LatLng = { lat: -11.7271, lng: -61.7714 };
const METERS_PER_DEGREE = (EARTH_RADIUS_METERS * Math.PI) / 180;
const boundary = parseBoundary(JSON.parse(boundaryText));

describe('distanceMeters (haversine)', () => {
	const cases: [name: string, a: LatLng, b: LatLng, meters: number, within: number][] = [
		['same point', CENTRE, CENTRE, 0, 0],
		[
			'1 km north of the centre of Rolim de Moura',
			CENTRE,
			{ lat: CENTRE.lat + 1000 / METERS_PER_DEGREE, lng: CENTRE.lng },
			1000,
			0.001
		],
		[
			'1 km east of the centre (a degree of longitude shrinks with cos(latitude))',
			CENTRE,
			{
				lat: CENTRE.lat,
				lng: CENTRE.lng + 1000 / (METERS_PER_DEGREE * Math.cos((CENTRE.lat * Math.PI) / 180))
			},
			1000,
			0.001
		],
		['a degree of longitude on the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 111_195, 1],
		['equator to pole', { lat: 0, lng: 0 }, { lat: 90, lng: 0 }, 10_007_557, 1],
		['antipodes (no NaN)', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 20_015_114, 1],
		['to Cacoal (about 48 km NE)', CENTRE, { lat: -11.4386, lng: -61.4472 }, 47_710, 500],
		['to Porto Velho (about 404 km NW)', CENTRE, { lat: -8.7619, lng: -63.9039 }, 403_916, 2000]
	];
	for (const [name, a, b, meters, within] of cases)
		test(`${name} → ${meters} m`, () => {
			expect(Math.abs(distanceMeters(a, b) - meters)).toBeLessThanOrEqual(within);
		});

	test('is symmetric', () => {
		const b = { lat: -11.74, lng: -61.79 };
		expect(distanceMeters(CENTRE, b)).toBe(distanceMeters(b, CENTRE));
	});
});

describe('walkingMinutes (4.5 km/h on a path 1.3 × the straight line)', () => {
	const cases: [meters: number, minutes: number, why: string][] = [
		[0, 0, 'already there'],
		[1, 1, 'any distance takes at least a minute'],
		[500, 9, '650 m walked = 8.7 min, rounded up'],
		[1000, 18, '1 300 m walked = 17.3 min, rounded up'],
		[3000, 52, '3 900 m walked = 52 min exactly']
	];
	for (const [meters, minutes, why] of cases)
		test(`${Math.round(meters)} m → ${minutes} min: ${why}`, () =>
			expect(walkingMinutes(meters)).toBe(minutes));

	test.each([-1, NaN, Infinity])('%s is not a distance', (meters) =>
		expect(() => walkingMinutes(meters)).toThrow(RangeError)
	);
});

describe('byDistance', () => {
	const at = (id: string, north: number) => ({
		id,
		lat: CENTRE.lat + north / METERS_PER_DEGREE,
		lng: CENTRE.lng
	});

	test('nearest first, with the distance', () => {
		const ranked = byDistance(CENTRE, [at('far', 900), at('near', 100), at('mid', -400)]);
		expect(ranked.map((r) => r.item.id)).toEqual(['near', 'mid', 'far']);
		expect(ranked.map((r) => Math.round(r.meters))).toEqual([100, 400, 900]);
	});

	test('ties keep the given order (stable)', () => {
		const items = [at('a', 300), at('b', -300), at('c', 100), at('d', 300)];
		expect(byDistance(CENTRE, items).map((r) => r.item.id)).toEqual(['c', 'a', 'b', 'd']);
	});

	test('an empty list stays empty, and the input is not reordered', () => {
		expect(byDistance(CENTRE, [])).toEqual([]);
		const items = [at('far', 900), at('near', 100)];
		byDistance(CENTRE, items);
		expect(items.map((i) => i.id)).toEqual(['far', 'near']);
	});
});

describe('pointInPolygon', () => {
	// A 4 × 4 square (lon 0…4, lat 0…4) with a 2 × 2 hole in the middle; GeoJSON [lon, lat].
	const square: Area = {
		type: 'Polygon',
		coordinates: [
			[
				[0, 0],
				[4, 0],
				[4, 4],
				[0, 4],
				[0, 0]
			],
			[
				[1, 1],
				[1, 3],
				[3, 3],
				[3, 1],
				[1, 1]
			]
		]
	};
	const islands: Area = {
		type: 'MultiPolygon',
		coordinates: [
			square.coordinates,
			[
				[
					[10, 10],
					[11, 10],
					[11, 11],
					[10, 11],
					[10, 10]
				]
			]
		]
	};
	const p = (lng: number, lat: number): LatLng => ({ lat, lng });

	const cases: [name: string, point: LatLng, area: Area, inside: boolean][] = [
		['inside the ring, outside the hole', p(0.5, 0.5), square, true],
		['inside the hole', p(2, 2), square, false],
		['outside', p(5, 2), square, false],
		['on an outer edge', p(2, 0), square, true],
		['on an outer vertex', p(4, 4), square, true],
		['on the hole’s edge (still the area’s edge)', p(1, 2), square, true],
		['level with a vertex, outside (the ray passes through it)', p(-1, 4), square, false],
		['level with a vertex, inside', p(0.5, 3), square, true],
		['MultiPolygon: the second polygon', p(10.5, 10.5), islands, true],
		['MultiPolygon: the first polygon’s hole', p(2, 2), islands, false],
		['MultiPolygon: between the polygons', p(7, 7), islands, false],
		['Rolim de Moura: the town centre', CENTRE, boundary, true],
		['Rolim de Moura: Cacoal, the neighbour to the north', p(-61.4472, -11.4386), boundary, false],
		[
			'Rolim de Moura: the centre with lat and lng swapped',
			p(CENTRE.lat, CENTRE.lng),
			boundary,
			false
		]
	];
	for (const [name, point, area, inside] of cases)
		test(`${name} → ${inside ? 'inside' : 'outside'}`, () =>
			expect(pointInPolygon(point, area)).toBe(inside));

	test('Rolim de Moura: every vertex and edge midpoint of the boundary counts as inside', () => {
		if (boundary.type !== 'Polygon') throw new Error('expected one polygon');
		const ring = boundary.coordinates[0] ?? [];
		for (let i = 1; i < ring.length; i++) {
			const [x1 = 0, y1 = 0] = ring[i - 1] ?? [];
			const [x2 = 0, y2 = 0] = ring[i] ?? [];
			expect(pointInPolygon(p(x1, y1), boundary)).toBe(true);
			expect(pointInPolygon(p((x1 + x2) / 2, (y1 + y2) / 2), boundary)).toBe(true);
		}
	});
});

describe('parseBoundary', () => {
	const ring = [
		[0, 0],
		[1, 0],
		[1, 1],
		[0, 0]
	];
	test('the profile’s FeatureCollection of one feature → its Polygon', () => {
		expect(boundary.type).toBe('Polygon');
	});
	test('several features → a MultiPolygon', () => {
		const feature = {
			type: 'Feature',
			properties: {},
			geometry: { type: 'Polygon', coordinates: [ring] }
		};
		const area = parseBoundary({ type: 'FeatureCollection', features: [feature, feature] });
		expect(area).toEqual({ type: 'MultiPolygon', coordinates: [[ring], [ring]] });
	});
	test.each([
		['not an object', 'x'],
		['a Point', { type: 'Point', coordinates: [0, 0] }],
		['a ring of three positions', { type: 'Polygon', coordinates: [ring.slice(1)] }],
		['an empty collection', { type: 'FeatureCollection', features: [] }]
	])('%s is refused', (_, json) => expect(() => parseBoundary(json)).toThrow());
});
