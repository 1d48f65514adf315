/**
 * The offense catalogs of the profile's regimes (regimes/*.json, `offenses`), by the date each
 * comes into force: what a rider can report, the provisions each situation breaches, the penalties
 * (Lei 2.059/2011 Art. 19–25), escalation and the incisos no rider can observe. A regime whose law
 * text is not available has none (`offenses: null` with its reason in `profile.laws`): complaints
 * under it go to the office unclassified. The logic is src/lib/domain/offenses.ts.
 */
import { offenseCatalogs as catalogs } from './data/offenses';
import type { OffenseCatalog } from '$lib/domain/offenses';

/** Every catalog, oldest first. */
export const offenseCatalogs: readonly OffenseCatalog[] = catalogs;

/** The newest catalog, or null when no regime of the profile has one (Porto Velho). */
export const offenseCatalog: OffenseCatalog | null = catalogs.at(-1) ?? null;
