import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations';

/** Migrations compiled into the bundle, not read from disk (see `migrations/index.ts`). */
const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };

/**
 * Brings the schema to the latest migration; returns the names it ran (empty when up to date).
 * Kysely's Migrator takes a lock, so several instances starting at once run each migration once.
 */
export async function migrate<T>(db: Kysely<T>): Promise<string[]> {
	const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
	if (error !== undefined) {
		const failed = results.find((r) => r.status === 'Error')?.migrationName;
		const cause = error instanceof Error ? error.message : String(error);
		throw new Error(
			`Falha ao migrar o banco de dados${failed ? ` na migração ${failed}` : ''}: ${cause}`,
			{ cause: error }
		);
	}
	return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
