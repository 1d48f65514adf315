/**
 * Leaflet for the stand form's map picker (loaded lazily by ./picker.ts): the shared base
 * ($lib/map/base.ts: tiles, municipal boundary, icons) and one draggable marker. A click or a drag moves the marker and reports
 * the point; typing in the lat/lng inputs moves the marker back. Every default is stated where set.
 */
import { marker } from 'leaflet';
import { createBaseMap, type LatLng, type TilesConfig } from '$lib/map/base';

export type { LatLng };

export interface PickerOptions {
	tiles: TilesConfig;
	/** The stand's point, or the town centre for a new one. */
	start: LatLng;
	/** Called with the point picked (rounded to 6 decimals: ~0.1 m). */
	onPick: (point: LatLng) => void;
}

export interface Picker {
	moveTo(point: LatLng): void;
	remove(): void;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export function createPicker(node: HTMLElement, options: PickerOptions): Picker {
	const map = createBaseMap(node, {
		tiles: options.tiles,
		center: options.start,
		zoom: 16 // a street corner is recognizable at 16
	});

	const pin = marker([options.start.lat, options.start.lng], {
		draggable: true,
		keyboard: true,
		title: 'Local do ponto (arraste ou clique no mapa)',
		alt: 'Local do ponto'
	}).addTo(map);
	const pick = (lat: number, lng: number) => {
		pin.setLatLng([lat, lng]);
		options.onPick({ lat: round(lat), lng: round(lng) });
	};
	map.on('click', (e) => pick(e.latlng.lat, e.latlng.lng));
	pin.on('dragend', () => {
		const { lat, lng } = pin.getLatLng();
		pick(lat, lng);
	});

	return {
		moveTo(point) {
			pin.setLatLng([point.lat, point.lng]);
			map.panTo([point.lat, point.lng]);
		},
		remove() {
			map.remove();
		}
	};
}
