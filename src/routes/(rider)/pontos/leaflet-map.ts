/**
 * Leaflet for /pontos (loaded lazily by ./map.ts): the shared base ($lib/map/core.ts), one marker
 * per stand (opening a popup that links to the stand), the rider's position, and the nearest
 * stand's distinct, labelled pin. Every default is stated where it is set.
 */
import { circleMarker, featureGroup, marker, type CircleMarker, type Marker } from 'leaflet';
import type { MapView } from '$lib/domain/map-view';
import { createBaseMap, nearestIcon, type LatLng, type TilesConfig } from '$lib/map/core';

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
	tiles: TilesConfig;
	/**
	 * The first view: the server's (./+page.server.ts, every stand in view on the smallest phone),
	 * which the page has already drawn as HTML — the same tiles, downloaded once.
	 */
	view: MapView;
	labels: { vagas: (n: number) => string; you: string; nearest: (name: string) => string };
	/** Called once when no tile could be loaded (offline, or the tile server is unreachable). */
	onTilesUnavailable: () => void;
}

export interface StandsMap {
	/** The rider's position and, if known, the stand nearest to it (marked apart and labelled). */
	showRider(position: LatLng, nearestId?: string): void;
	remove(): void;
}

export function createStandsMap(node: HTMLElement, options: StandsMapOptions): StandsMap {
	const map = createBaseMap(node, {
		tiles: options.tiles,
		center: options.view.center,
		zoom: options.view.zoom,
		onTilesUnavailable: options.onTilesUnavailable
	});

	const markers = new Map<string, Marker>();
	for (const stand of options.stands) {
		// Built as DOM, not HTML strings: names come from data and are never parsed as markup.
		const popup = document.createElement('div');
		const link = document.createElement('a');
		link.href = stand.href;
		link.textContent = stand.name;
		const places = document.createElement('p');
		places.textContent = options.labels.vagas(stand.vagas);
		popup.append(link, places);
		markers.set(
			stand.id,
			marker([stand.lat, stand.lng], { title: stand.name, alt: stand.name, keyboard: true })
				.bindPopup(popup)
				.addTo(map)
		);
	}

	let rider: CircleMarker | null = null;
	let nearest: { marker: Marker; icon: Marker['options']['icon'] } | null = null;
	return {
		showRider(position, nearestId) {
			rider?.remove();
			rider = circleMarker([position.lat, position.lng], {
				radius: 9,
				color: '#fff',
				weight: 3,
				fillColor: '#c2410c',
				fillOpacity: 1
			})
				.bindPopup(options.labels.you) // a tap shows it (a hover tooltip needs a mouse)
				.addTo(map);
			if (nearest?.icon) nearest.marker.setIcon(nearest.icon);
			nearest = null;
			const stand = options.stands.find((s) => s.id === nearestId);
			const pin = nearestId ? markers.get(nearestId) : undefined;
			if (stand && pin) {
				nearest = { marker: pin, icon: pin.options.icon };
				pin.setIcon(nearestIcon(options.labels.nearest(stand.name)));
				pin.setZIndexOffset(1000);
				map.fitBounds(
					featureGroup([pin, rider]).getBounds().pad(0.3),
					{ maxZoom: 17 } // close enough to see the streets between the rider and the stand
				);
			}
		},
		remove() {
			map.remove();
		}
	};
}
