/**
 * Leaflet for the field mode's place (loaded only when the agent opens the map, by
 * ./PlaceOnMap.svelte): the shared base ($lib/map/base.ts: tiles, the municipal boundary, icons),
 * the GPS fix as a pin inside its accuracy circle, or — a typed address has no position — the
 * whole municipality. Every default is stated where it is set.
 */
import { marker, type Map } from 'leaflet';
import { circle as circleModule } from './leaflet-circle.js';
import { parseBoundary, pointInPolygon, type Area } from '$lib/domain/geo';
import { createBaseMap, type LatLng, type TilesConfig } from '$lib/map/base';
import { boundaryGeojson } from '$lib/profile/boundary';

export interface Fix extends LatLng {
	/** Metres, as the phone's GPS states it. */
	accuracy: number;
}

const circle = circleModule as typeof import('leaflet').circle;

let area: Area | null = null;

/** Whether a point lies inside the municipal boundary (the profile's). */
export function insideMunicipality(point: LatLng): boolean {
	area ??= parseBoundary(JSON.parse(boundaryGeojson));
	return pointInPolygon(point, area);
}

export interface PlaceMap {
	remove(): void;
}

export function createPlaceMap(
	node: HTMLElement,
	options: { tiles: TilesConfig; centre: LatLng; fix: Fix | null; onTilesUnavailable: () => void }
): PlaceMap {
	const { fix } = options;
	const map: Map = createBaseMap(node, {
		tiles: options.tiles,
		center: fix ?? options.centre,
		zoom: fix ? 17 : 12, // 17: the street and its neighbours; 12: the whole town and around it
		onTilesUnavailable: options.onTilesUnavailable
	});
	if (fix) {
		marker([fix.lat, fix.lng], {
			keyboard: false,
			title: 'Posição do GPS',
			alt: 'Posição do GPS'
		}).addTo(map);
		const ring = circle([fix.lat, fix.lng], {
			radius: Math.max(fix.accuracy, 1),
			color: '#a1120a',
			weight: 2,
			fillOpacity: 0.15,
			interactive: false,
			className: 'gps-accuracy'
		}).addTo(map);
		// The whole circle in view, never closer than a street corner.
		map.fitBounds(ring.getBounds(), { maxZoom: 18, padding: [16, 16] });
	}
	return { remove: () => map.remove() };
}
