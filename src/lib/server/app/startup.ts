/**
 * What the server does once before its first request (SvelteKit's `init` hook): bring the schema
 * up to date and, on a fresh install, publish the fictitious sample registry and sample stands.
 */
import { wallClock } from '$lib/domain/clock';
import { parseBoundary } from '$lib/domain/geo';
import { profile } from '$lib/profile';
import { boundaryGeojson } from '$lib/profile/boundary';
import { registrySample as sample, standsSample as sampleStands } from '$lib/profile/samples';
import { config, log } from '$lib/server/runtime';
import { db as sharedDb, migrate, type Db } from '$lib/server/db';
import { eraseExpiredContacts } from '$lib/server/complaints';
import { ensureSampleRegistry, latestSnapshot, ensureSampleStands } from '$lib/server/registry';

/**
 * Migrates, then loads the sample registry when no snapshot exists and the sample stands when no
 * stand exists. Throws (and so stops the server) when the database cannot be reached or
 * migrated: better no start than wrong answers.
 */
export async function initDatabase(db: Db = sharedDb()): Promise<void> {
	const ran = await migrate(db);
	if (ran.length > 0) log('info', `Banco de dados: migrações aplicadas: ${ran.join(', ')}`);
	const today = wallClock(new Date(), profile.timeZone).date;
	const published = await ensureSampleRegistry(db, sample, today);
	if (published)
		log(
			'info',
			`Cadastro vazio: dados de exemplo (fictícios) publicados como versão ${published.version}.`
		);

	const snapshot = await latestSnapshot(db);
	// Fictional stands never name real mototaxistas: against SEMAM's real registry they list none.
	const knownPrefixes = new Set(snapshot?.sample ? snapshot.entries.map((e) => e.prefixo) : []);
	const boundary = parseBoundary(JSON.parse(boundaryGeojson));
	const loaded = await ensureSampleStands(db, sampleStands, { boundary, knownPrefixes });
	if (loaded !== null)
		log('info', `Nenhum ponto cadastrado: ${loaded} pontos de exemplo (fictícios) carregados.`);

	// LGPD: contacts whose retention ended while the server was down go before the first request.
	const erased = await eraseExpiredContacts(db, new Date(), config.contactRetentionDays);
	if (erased > 0) log('info', `LGPD: contato apagado em ${erased} reclamações encerradas.`);

	// No default account with a known password: the first gestor is created on the command line.
	const staff = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
	if (!staff)
		log(
			'info',
			`Nenhuma conta da ${profile.office.acronym} ainda. Crie a primeira (a senha vem da entrada padrão): ` +
				'npm run staff:create -- --email <e-mail> --role gestor --name "Nome"'
		);
}
