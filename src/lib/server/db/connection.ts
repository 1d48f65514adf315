/**
 * The database: SQLite (better-sqlite3) by default, PostgreSQL when `DATABASE_URL` says so.
 * Same schema and queries on both — the PostgreSQL path is for a statewide deployment with
 * several app instances.
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { config, type DatabaseConfig } from '$lib/server/runtime';
import { registerPool } from './pipeline';
import { privateSqlite } from './private-files';
import type { Database } from './schema';

export type { Database } from './schema';
export { migrate } from './migrate';

export type Db = Kysely<Database>;

/** A new connection (SQLite) or pool (PostgreSQL). Close it with `destroy()`. */
export function createDb(database: DatabaseConfig): Db {
	return database.kind === 'sqlite' ? sqliteDb(database.path) : postgresDb(database.url);
}

function sqliteDb(path: string): Db {
	// 0600: riders' contacts and password hashes are not for every local user (private-files.ts).
	if (path !== ':memory:') privateSqlite(path);
	const sqlite = new SQLite(path);
	// Wait for a writer in another process (the import CLI) instead of failing at once.
	sqlite.pragma('busy_timeout = 5000');
	// WAL: riders keep reading while SEMAM publishes. FULL: a complaint we acknowledged with a
	// protocol survives a power cut (NORMAL could lose the last commits under WAL).
	sqlite.pragma('journal_mode = WAL');
	sqlite.pragma('synchronous = FULL');
	// LGPD: what is deleted or overwritten (an erased contact, a recording) is zeroed in the file,
	// not left in free space; lgpd.ts empties the write-ahead log after each erasure.
	sqlite.pragma('secure_delete = ON');
	// SQLite leaves foreign keys off unless asked, per connection.
	sqlite.pragma('foreign_keys = ON');
	return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

function postgresDb(url: string): Db {
	const pool = new pg.Pool({ connectionString: url, max: 10 });
	// An idle client losing its connection emits 'error'; unhandled, it would end the process.
	pool.on('error', (error) => console.error('PostgreSQL: conexão ociosa perdida:', error.message));
	const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
	// The hot paths (a complaint, a rate-limit hit) send their statements in one round trip.
	registerPool(db, pool);
	return db;
}

let shared: Db | undefined;

/** The app's database, created on first use from `config`. */
export function db(): Db {
	shared ??= createDb(config.database);
	return shared;
}

/** Closes the app's database (graceful shutdown, tests); the next `db()` opens it again. */
export async function closeDb(): Promise<void> {
	const current = shared;
	shared = undefined;
	await current?.destroy();
}
