/**
 * Leaflet for the stand form's map picker (loaded lazily by ./picker.ts): base tiles, the
 * municipal boundary, and one draggable marker. A click or a drag moves the marker and reports
 * the point; typing in the lat/lng inputs moves the marker back. Every default is stated where set.
 */
import { geoJSON, Icon, map as leafletMap, marker, tileLayer } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import boundary from '$lib/profile/rolim-de-moura.geojson?raw';

// Leaflet derives its default icon path from its CSS, which Vite rewrites: point it at the files.
Icon.Default.mergeOptions({
	iconRetinaUrl: markerIcon2x,
	iconUrl: markerIcon,
	shadowUrl: markerShadow,
	imagePath: ''
});

export interface LatLng {
	lat: number;
	lng: number;
}

export interface PickerOptions {
	tiles: { url: string; attribution: string };
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
	node.replaceChildren();
	const map = leafletMap(node, {
		center: [options.start.lat, options.start.lng],
		zoom: 16, // a street corner is recognizable at 16
		keyboard: true, // arrows pan, +/- zoom once the map has focus (Leaflet's default, kept)
		scrollWheelZoom: false // scrolling the page past the map must not zoom it
	});
	tileLayer(options.tiles.url, {
		attribution: options.tiles.attribution,
		maxZoom: 19 // OpenStreetMap's standard tiles go to 19
	}).addTo(map);
	geoJSON(JSON.parse(boundary), {
		style: { color: '#0b3d91', weight: 3, fill: false, dashArray: '6 4' },
		interactive: false
	}).addTo(map);

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
