/** The municipal boundary (GeoJSON text) of the profile this deployment serves. */
export { boundaryGeojson } from './data/boundary';
