/**
 * The profile this deployment serves: profiles/<GARUPA_MUNICIPIO>/ (default rolim-de-moura),
 * checked against ./schema.ts and compiled in at build time by ./vite-plugin.ts; the server checks
 * at start-up that GARUPA_MUNICIPIO names the same profile. Pages import only this (the rules, a
 * few KB); the offense catalogs, law texts, boundary and samples are modules of their own
 * (./offenses, $lib/law, ./boundary, ./samples), so a page bundles only what it uses.
 */
export { profile } from './data/profile';
