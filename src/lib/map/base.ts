/**
 * The Leaflet base map with its styles, for a map on a page the framework renders in the browser
 * (the staff stand picker): Vite links the CSS imported here. An island's map (/pontos) imports
 * ./core.ts and links the same styles with ./styles.ts instead.
 */
import 'leaflet/dist/leaflet.css';
import './base.css';

export * from './core';
