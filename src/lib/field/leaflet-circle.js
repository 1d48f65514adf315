// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- Leaflet's source modules ship no types
// @ts-nocheck (typed where it is imported: ./field-map.ts)
/**
 * Leaflet's Circle (a radius in metres: the GPS fix's accuracy), for the field mode's place map.
 * $lib/map/leaflet.js, the riders' maps' list, does not export it (its GeoJSON module bundles it
 * anyway, so this adds no byte to /pontos).
 */
export { circle } from 'leaflet/src/layer/vector/Circle.js';
