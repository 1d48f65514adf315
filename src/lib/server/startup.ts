/**
 * What the server does once before its first request (SvelteKit's `init` hook): bring the schema
 * up to date and, on a fresh install, publish the fictitious sample registry.
 */
import { wallClock } from '$lib/domain/clock';
import { profile } from '$lib/profile';
import sample from '$lib/profile/registry-sample.csv?raw';
import { db as sharedDb, migrate, type Db } from './db';
import { ensureSampleRegistry } from './registry';

/**
 * Migrates, then loads the sample registry when no snapshot exists. Throws (and so stops the
 * server) when the database cannot be reached or migrated: better no start than wrong answers.
 */
export async function initDatabase(db: Db = sharedDb()): Promise<void> {
	const ran = await migrate(db);
	if (ran.length > 0) console.info(`Banco de dados: migrações aplicadas: ${ran.join(', ')}`);
	const today = wallClock(new Date(), profile.timeZone).date;
	const published = await ensureSampleRegistry(db, sample, today);
	if (published)
		console.info(
			`Cadastro vazio: dados de exemplo (fictícios) publicados como versão ${published.version}.`
		);
}
