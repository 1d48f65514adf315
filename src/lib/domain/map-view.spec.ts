/**
 * The stands map's first view (Art. 12–14: the official stands, shown on a map), worked out on the
 * server: Web Mercator as OpenStreetMap's "slippy map" tiles name it, and Leaflet's fit.
 */
import { describe, expect, test } from 'vitest';
import { fitView, placeOnView, project, tilesAround, tileUrl, unproject } from './map-view';

describe('project / unproject: spherical Web Mercator, 256 px tiles', () => {
	test.each([
		// [lat, lng, zoom, x, y]
		[0, 0, 0, 128, 128],
		[0, -180, 1, 0, 256],
		[85.0511287798, 180, 2, 1024, 0]
	])('(%f, %f) at zoom %i → (%f, %f)', (lat, lng, zoom, x, y) => {
		const p = project({ lat, lng }, zoom);
		expect(p.x).toBeCloseTo(x, -0.5);
		expect(p.y).toBeCloseTo(y, -0.5);
		const back = unproject(p.x, p.y, zoom);
		expect(back.lat).toBeCloseTo(lat, 6);
		expect(back.lng).toBeCloseTo(lng, 6);
	});
});

test('Rolim de Moura’s centre is in tile 13/2690/4364, as the slippy-map formula names it', () => {
	const p = project({ lat: -11.7271, lng: -61.7714 }, 13);
	expect([Math.floor(p.x / 256), Math.floor(p.y / 256)]).toEqual([2690, 4364]);
});

describe('fitView: every stand in the smallest box, at the highest zoom that fits', () => {
	const town = { center: { lat: -11.7271, lng: -61.7714 }, zoom: 14 };
	const options = { box: { width: 288, height: 256 }, pad: 0.2, minZoom: 3, maxZoom: 16 };
	const escola = { lat: -11.718, lng: -61.769 };
	const stands = [escola, { lat: -11.7345, lng: -61.782 }, { lat: -11.742, lng: -61.764 }];

	test('no stand yet: the town at its default zoom', () => {
		expect(fitView([], options, town)).toEqual(town);
	});

	test('one stand: the closest zoom allowed, centred on it', () => {
		const view = fitView([escola], options, town);
		expect(view.zoom).toBe(16);
		expect(view.center.lat).toBeCloseTo(escola.lat, 9);
		expect(view.center.lng).toBeCloseTo(escola.lng, 9);
	});

	test('several: they fit with their margin at the chosen zoom, not at the next one', () => {
		const view = fitView(stands, options, town);
		const span = (zoom: number) => {
			const xs = stands.map((s) => project(s, zoom).x);
			const ys = stands.map((s) => project(s, zoom).y);
			return {
				w: (Math.max(...xs) - Math.min(...xs)) * 1.4,
				h: (Math.max(...ys) - Math.min(...ys)) * 1.4
			};
		};
		expect(span(view.zoom).w).toBeLessThanOrEqual(288);
		expect(span(view.zoom).h).toBeLessThanOrEqual(256 + 1);
		const closer = span(view.zoom + 1);
		expect(closer.w > 288 || closer.h > 256).toBe(true);
		for (const s of stands) {
			const at = placeOnView(view, s);
			expect(Math.abs(at.left)).toBeLessThanOrEqual(144);
			expect(Math.abs(at.top)).toBeLessThanOrEqual(128);
		}
	});
});

describe('tilesAround: the tiles of a box, placed from its centre', () => {
	const view = { center: unproject(2689.5 * 256, 4364.5 * 256, 13), zoom: 13 };

	test('a box inside one tile: that tile, centred', () => {
		expect(tilesAround(view, { width: 100, height: 100 })).toEqual([
			{ z: 13, x: 2689, y: 4364, left: -128, top: -128 }
		]);
	});

	test('a box as wide as a tile, centred on its middle: the two halves’ tiles', () => {
		const tiles = tilesAround(view, { width: 300, height: 256 });
		expect(tiles.map((t) => `${t.x}/${t.y}`)).toEqual(['2688/4364', '2689/4364', '2690/4364']);
		expect(tiles.map((t) => t.left)).toEqual([-384, -128, 128]);
	});

	test('a box whose edge meets a tile’s edge leaves that tile out', () => {
		expect(tilesAround(view, { width: 256, height: 256 })).toHaveLength(1);
	});

	test('never a tile off the world', () => {
		const corner = { center: { lat: 85, lng: -179.99 }, zoom: 1 };
		for (const t of tilesAround(corner, { width: 1000, height: 1000 })) {
			expect(t.x).toBeGreaterThanOrEqual(0);
			expect(t.y).toBeGreaterThanOrEqual(0);
		}
	});
});

describe('tileUrl: as Leaflet writes it, so each tile is downloaded once', () => {
	test.each([
		[
			'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
			'https://tile.openstreetmap.org/13/2689/4364.png'
		],
		// Leaflet's default subdomains "abc", by (x + y) mod 3: (2689 + 4364) mod 3 = 0 → "a"
		[
			'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png',
			'https://a.tile.example.org/13/2689/4364.png'
		]
	])('%s', (template, url) => {
		expect(tileUrl(template, { z: 13, x: 2689, y: 4364 })).toBe(url);
	});
});
