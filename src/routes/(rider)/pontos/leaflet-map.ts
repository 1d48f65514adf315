/**
 * Leaflet 1.9 for /pontos (loaded lazily by ./map.ts): base tiles from configuration, the municipal
 * boundary, one marker per stand (opening a popup that links to the stand), and the rider's
 * position. Every default is stated where it is set.
 */
import {
	circleMarker,
	featureGroup,
	geoJSON,
	Icon,
	map as leafletMap,
	marker,
	tileLayer,
	type CircleMarker
} from 'leaflet';
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

export interface MapStand {
	id: string;
	name: string;
	lat: number;
	lng: number;
	vagas: number;
	href: string;
}

export interface StandsMapOptions {
	stands: MapStand[];
	tiles: { url: string; attribution: string };
	center: { lat: number; lng: number };
	labels: { vagas: (n: number) => string; you: string };
	/** Called once when no tile could be loaded (offline, or the tile server is unreachable). */
	onTilesUnavailable: () => void;
}

export interface StandsMap {
	showRider(position: { lat: number; lng: number }): void;
	remove(): void;
}

export function createStandsMap(node: HTMLElement, options: StandsMapOptions): StandsMap {
	node.replaceChildren();
	const map = leafletMap(node, {
		center: [options.center.lat, options.center.lng],
		zoom: 14, // the urban area of Rolim de Moura fits at 14 on a phone
		keyboard: true, // arrows pan, +/- zoom once the map has focus (Leaflet's default, kept)
		scrollWheelZoom: false // scrolling the page past the map must not zoom it
	});

	let loaded = 0;
	let failed = 0;
	let reported = false;
	const tiles = tileLayer(options.tiles.url, {
		attribution: options.tiles.attribution,
		maxZoom: 19 // OpenStreetMap's standard tiles go to 19
	});
	tiles.on('tileload', () => loaded++);
	tiles.on('tileerror', () => {
		failed++;
		if (!reported && loaded === 0 && failed >= 2) {
			reported = true;
			options.onTilesUnavailable();
		}
	});
	tiles.addTo(map);
	if (!navigator.onLine) {
		reported = true;
		options.onTilesUnavailable();
	}

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

	const markers = options.stands.map((stand) => {
		// Built as DOM, not HTML strings: names come from data and are never parsed as markup.
		const popup = document.createElement('div');
		const link = document.createElement('a');
		link.href = stand.href;
		link.textContent = stand.name;
		const places = document.createElement('p');
		places.textContent = options.labels.vagas(stand.vagas);
		popup.append(link, places);
		return marker([stand.lat, stand.lng], { title: stand.name, alt: stand.name, keyboard: true })
			.bindPopup(popup)
			.addTo(map);
	});
	if (markers.length) map.fitBounds(featureGroup(markers).getBounds().pad(0.2), { maxZoom: 16 });

	let rider: CircleMarker | null = null;
	return {
		showRider(position) {
			rider?.remove();
			rider = circleMarker([position.lat, position.lng], {
				radius: 9,
				color: '#fff',
				weight: 3,
				fillColor: '#c2410c',
				fillOpacity: 1
			})
				.bindTooltip(options.labels.you, { permanent: false })
				.addTo(map);
		},
		remove() {
			map.remove();
		}
	};
}
