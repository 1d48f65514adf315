/**
 * Leaflet for /pontos (loaded lazily by ./map.ts): the shared base ($lib/map/core.ts), one marker
 * per stand (opening a popup that links to the stand), the rider's position ("Você está aqui", a
 * round target unlike any stand's pin), and the nearest stand's distinct, labelled pin. The
 * northern one's label is written above it, the other's below, and the view leaves room for both:
 * no label is cut at the map's edge. Every default is stated where it is set.
 */
import { featureGroup, marker, type Map as LeafletMap, type Marker } from 'leaflet';
import type { MapView } from '$lib/domain/map-view';
import {
	createBaseMap,
	labelOf,
	nearestIcon,
	riderIcon,
	setLabelSide,
	shiftLabel,
	type LatLng,
	type TilesConfig
} from '$lib/map/core';

/** Room kept between a label and the map's edge, in CSS pixels. */
const EDGE = 8;
/** From a pin's centre to the far side of its label's gap: half the larger pin and the gap. */
const PIN_HALF = 14 + 6;

const labelHeight = (m: Marker) => labelOf(m.getElement())?.offsetHeight ?? 0;

/**
 * Keeps the label of `m` inside the map, `EDGE` pixels from every side: shifted sideways under its
 * pin (the pin stays where it is), and the map panned (without animation) if it is cut at the top
 * or the bottom.
 */
function keepLabelInside(map: LeafletMap, m: Marker): void {
	const icon = m.getElement();
	const label = labelOf(icon);
	if (!label) return;
	shiftLabel(icon, 0);
	const box = map.getContainer().getBoundingClientRect();
	let r = label.getBoundingClientRect();
	const dx =
		r.left < box.left + EDGE
			? box.left + EDGE - r.left
			: r.right > box.right - EDGE
				? box.right - EDGE - r.right
				: 0;
	if (dx !== 0) shiftLabel(icon, dx);
	r = label.getBoundingClientRect();
	const dy =
		r.bottom > box.bottom - EDGE
			? r.bottom - (box.bottom - EDGE)
			: r.top < box.top + EDGE
				? r.top - (box.top + EDGE)
				: 0;
	if (dy !== 0) map.panBy([0, dy], { animate: false });
}

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

	let rider: Marker | null = null;
	let nearest: { marker: Marker; icon: Marker['options']['icon'] } | null = null;
	return {
		showRider(position, nearestId) {
			rider?.remove();
			rider = marker([position.lat, position.lng], {
				icon: riderIcon(options.labels.you),
				keyboard: false, // its words are on the map; the page says where the rider is
				interactive: false,
				zIndexOffset: 2000 // above every stand's pin
			}).addTo(map);
			if (nearest?.icon) nearest.marker.setIcon(nearest.icon);
			nearest = null;
			const stand = options.stands.find((s) => s.id === nearestId);
			const pin = nearestId ? markers.get(nearestId) : undefined;
			if (!stand || !pin) {
				const y = map.latLngToContainerPoint([position.lat, position.lng]).y;
				setLabelSide(rider.getElement(), y > map.getSize().y / 2 ? 'above' : 'below');
				keepLabelInside(map, rider);
				return;
			}
			nearest = { marker: pin, icon: pin.options.icon };
			pin.setIcon(nearestIcon(options.labels.nearest(stand.name)));
			pin.setZIndexOffset(1000);
			// The labels point away from each other: the northern one above, the other below.
			const standNorth = stand.lat >= position.lat;
			setLabelSide(pin.getElement(), standNorth ? 'above' : 'below');
			setLabelSide(rider.getElement(), standNorth ? 'below' : 'above');
			const [north, south] = standNorth ? [pin, rider] : [rider, pin];
			map.fitBounds(featureGroup([pin, rider]).getBounds(), {
				// Room above for the northern label, below for the southern one, and the pins' width
				// at the sides (a label is shifted sideways to stay inside: keepLabelInside).
				paddingTopLeft: [PIN_HALF + EDGE, labelHeight(north) + PIN_HALF + EDGE],
				paddingBottomRight: [PIN_HALF + EDGE, labelHeight(south) + PIN_HALF + EDGE],
				maxZoom: 17, // close enough to see the streets between the rider and the stand
				animate: false
			});
			keepLabelInside(map, rider);
			// Last: whatever the screen's size, the nearest stand's label is never cut at the edge.
			keepLabelInside(map, pin);
		},
		remove() {
			map.remove();
		}
	};
}
