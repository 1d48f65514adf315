/**
 * The ride's distance a rider may give with "cobrou a mais" where the fare decree sets a rate per km
 * (Porto Velho's Decreto nº 12.253/2011): kept as the exact decimal text the
 * domain parsed (`2.345`), so the tracking page compares the same total the form showed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('complaint').addColumn('distance_km', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('complaint').dropColumn('distance_km').execute();
}
