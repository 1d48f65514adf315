/**
 * The offense catalogs of the profile's regimes (regimes/*.json, `offenses`), by the date each
 * comes into force: what a rider can report, the provisions each situation breaches, the penalties
 * (Lei 2.059/2011 Art. 19–25), escalation and the incisos no rider can observe. A regime whose law
 * text is not available has none (`offenses: null` with its reason in `profile.laws`): complaints
 * under it go to the office unclassified. The logic is src/lib/domain/offenses.ts.
 */
import { offenseCatalogs as catalogs } from './data/offenses';
import {
	offenseCatalogAt,
	situationsOf,
	type OffenseCatalog,
	type Situation
} from '$lib/domain/offenses';
import { profile } from './data/profile';

/** Every catalog, oldest first. */
export const offenseCatalogs: readonly OffenseCatalog[] = catalogs;

/** The newest catalog, or null when no regime of the profile has one (Porto Velho). */
export const offenseCatalog: OffenseCatalog | null = catalogs.at(-1) ?? null;

/** The catalog in force at an instant, on the deployed profile's calendar. */
export function catalogAt(at: Date): OffenseCatalog {
	return offenseCatalogAt(at, catalogs, profile.timeZone);
}

/** Stored situation codes, worded by the deployed profile's catalog in force at `at`. */
export function situationsAt(codes: readonly string[], at: Date): Situation[] {
	return situationsOf(codes, at, catalogs, profile.timeZone);
}
