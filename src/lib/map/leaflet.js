// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- Leaflet's source modules ship no types
// @ts-nocheck (the maps import 'leaflet', typed by @types/leaflet)
/**
 * Leaflet, only the parts Garupa's maps use: vite.config.ts resolves `import … from 'leaflet'`
 * here. Leaflet's ES build is one module whose top level registers every handler, control and
 * layer, so a bundler cannot drop any of them; its source modules register themselves one by one.
 * Left out: the layers control, the scale, image/video/SVG overlays, rectangles, box zoom,
 * tap-hold, tooltips, the Canvas renderer and the other projections — about 7 KiB gzip off the first visit of /pontos.
 * A map that needs one of them imports its module here.
 */
import { Icon } from 'leaflet/src/layer/marker/Icon.js';
import { IconDefault } from 'leaflet/src/layer/marker/Icon.Default.js';
// Handlers (each registers itself on Map): drag, pinch, double tap, keyboard, wheel (off by option).
import 'leaflet/src/map/handler/Map.Drag.js';
import 'leaflet/src/map/handler/Map.TouchZoom.js';
import 'leaflet/src/map/handler/Map.DoubleClickZoom.js';
import 'leaflet/src/map/handler/Map.Keyboard.js';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom.js';
// The zoom buttons and the attribution the tile server's licence requires.
import 'leaflet/src/control/Control.Zoom.js';
import 'leaflet/src/control/Control.Attribution.js';
// bindPopup (no tooltips: a hover needs a mouse; the maps use popups, opened by a tap).
import 'leaflet/src/layer/Popup.js';
import { Map } from 'leaflet/src/map/Map.js';
import { svg } from 'leaflet/src/layer/vector/SVG.js';

// As Leaflet's own index does: `Icon.Default.mergeOptions(…)` sets the marker images.
Icon.Default = IconDefault;

// The renderer of vector layers (the boundary, the rider's dot): Leaflet's own
// Renderer.getRenderer.js, SVG only — it would also bring the Canvas renderer (~3 KiB gzip) for
// `preferCanvas`, which no map of Garupa sets.
Map.include({
	getRenderer(layer) {
		let renderer =
			layer.options.renderer ||
			this._getPaneRenderer(layer.options.pane) ||
			this.options.renderer ||
			this._renderer;
		if (!renderer) renderer = this._renderer = this._createRenderer();
		if (!this.hasLayer(renderer)) this.addLayer(renderer);
		return renderer;
	},
	_getPaneRenderer(name) {
		if (name === 'overlayPane' || name === undefined) return false;
		let renderer = this._paneRenderers[name];
		if (renderer === undefined) {
			renderer = this._createRenderer({ pane: name });
			this._paneRenderers[name] = renderer;
		}
		return renderer;
	},
	_createRenderer(options) {
		return svg(options);
	}
});

export { Icon };
export { Map };
export { createMap as map } from 'leaflet/src/map/Map.js';
export { TileLayer, tileLayer } from 'leaflet/src/layer/tile/TileLayer.js';
export { GeoJSON, geoJSON } from 'leaflet/src/layer/GeoJSON.js';
export { FeatureGroup, featureGroup } from 'leaflet/src/layer/FeatureGroup.js';
export { Marker, marker } from 'leaflet/src/layer/marker/Marker.js';
export { DivIcon, divIcon } from 'leaflet/src/layer/marker/DivIcon.js';
export { CircleMarker, circleMarker } from 'leaflet/src/layer/vector/CircleMarker.js';
