/**
 * What GET /readyz checks: the database is reachable and every migration this build ships has run
 * (an instance of a newer version that migrated first is fine: more is not less).
 */
import { Migrator, sql } from 'kysely';
import { db as sharedDb, type Db, migrations } from '$lib/server/db';

export interface Readiness {
	status: 'ready' | 'unavailable';
	database: 'ok' | 'unreachable';
	migrations: 'current' | 'pending' | 'unknown';
	/** Where the database is: `sqlite` or `postgres`; never its address. */
	dialect: 'sqlite' | 'postgres';
}

export async function readiness(db: Db = sharedDb()): Promise<Readiness> {
	const dialect = sql`select ${1}`.compile(db).sql.includes('$1') ? 'postgres' : 'sqlite';
	try {
		await sql`select 1`.execute(db);
	} catch {
		return { status: 'unavailable', database: 'unreachable', migrations: 'unknown', dialect };
	}
	try {
		const provider = { getMigrations: async () => ({ ...migrations }) };
		const all = await new Migrator({ db, provider }).getMigrations();
		const pending = all.some((m) => m.executedAt === undefined);
		return pending
			? { status: 'unavailable', database: 'ok', migrations: 'pending', dialect }
			: { status: 'ready', database: 'ok', migrations: 'current', dialect };
	} catch {
		return { status: 'unavailable', database: 'ok', migrations: 'unknown', dialect };
	}
}
