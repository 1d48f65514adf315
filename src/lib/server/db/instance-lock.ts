/**
 * "An app instance uses this database", as a lock the database itself keeps, so that
 * `npm run restore` refuses to replace a database under a running app (which would go on writing
 * to the replaced file, or deadlock with the restore):
 *
 * - SQLite: nothing to add. Every connection to a WAL database holds a shared lock on it for as
 *   long as it is open (the app keeps one for its whole life); a restore asks for an exclusive
 *   lock without waiting, and is refused while any app has the file open.
 * - PostgreSQL: each app instance holds a shared advisory lock on INSTANCE_LOCK for its whole
 *   life, on a connection of its own; a restore takes it exclusively (`pg_try_advisory_lock`), so
 *   it is refused while any instance runs, and an instance starting during a restore stops with a
 *   clear message (the service manager starts it again).
 *
 * Both locks go with their process: a crashed app (kill -9) leaves none behind.
 */
import pg from 'pg';
import type { DatabaseConfig } from '$lib/server/runtime';

/** The advisory lock's key: "garupa" in ASCII. */
export const INSTANCE_LOCK = '113668229787745';

export const RESTORE_RUNNING =
	'Uma restauração (npm run restore) está em andamento neste banco de dados; o app inicia quando ela terminar.';

/**
 * Marks this process as an app instance on `database` until the returned function is called.
 * Throws RESTORE_RUNNING when a restore holds the database.
 */
export async function holdInstanceLock(
	database: DatabaseConfig,
	onLost: (error: Error) => void = () => {}
): Promise<() => Promise<void>> {
	if (database.kind === 'sqlite') return async () => {};
	const client = new pg.Client({ connectionString: database.url });
	await client.connect();
	const { rows } = await client.query<{ ok: boolean }>(
		'select pg_try_advisory_lock_shared($1::bigint) as ok',
		[INSTANCE_LOCK]
	);
	if (!rows[0]?.ok) {
		await client.end();
		throw new Error(RESTORE_RUNNING);
	}
	// Losing this connection (the server restarted) loses the lock: say so.
	client.on('error', onLost);
	return async () => {
		client.removeListener('error', onLost);
		await client.end().catch(() => {});
	};
}

/**
 * PostgreSQL: the exclusive side, for a restore, on a connection the caller keeps open while it
 * works (ended, the lock goes). False when an app instance holds the database.
 */
export async function takeExclusiveLock(client: pg.Client): Promise<boolean> {
	const { rows } = await client.query<{ ok: boolean }>(
		'select pg_try_advisory_lock($1::bigint) as ok',
		[INSTANCE_LOCK]
	);
	return rows[0]?.ok === true;
}
