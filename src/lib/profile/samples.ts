/**
 * The profile's fictional sample registry (CSV) and sample stands (GeoJSON), loaded on a fresh
 * install so the app works before the office publishes real data. Server only.
 */
export { registrySample, standsSample } from './data/samples';
