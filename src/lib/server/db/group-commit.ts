/**
 * Write transactions for acknowledged data, committed in groups on SQLite.
 *
 * With `synchronous = FULL` every SQLite commit waits for the disk (an fsync of the WAL, about
 * 1–2 ms on a VPS), and better-sqlite3 waits on the event loop's thread: one complaint per commit
 * would cap the server at a few hundred a second and stall every other request meanwhile. So the
 * transactions that arrive while one commits are run together in the next transaction, one fsync
 * for all of them, each answered only after that commit (group commit, as databases do with
 * their logs). No timer: a transaction waits only for the end of the event loop's current turn.
 *
 * If one of a group throws, the group is rolled back, that one fails and the others run again as
 * a group. PostgreSQL groups commits itself: there, each runs in its own transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;

interface Job {
	/** Runs in the transaction; returns what settles the caller's promise once committed. */
	work: (trx: Db) => Promise<() => void>;
	reject: (reason: unknown) => void;
}

/** At most this many transactions share a commit, so one group never holds the lock for long. */
export const MAX_GROUP = 64;

const queues = new WeakMap<Db, { pending: Job[]; scheduled: boolean }>();

/**
 * Runs `work` in a write transaction, returning once it is durably committed. On SQLite the
 * transaction holds the write lock from its first statement (`BEGIN IMMEDIATE`: a deferred
 * transaction that reads first could fail to upgrade when another process wrote meanwhile).
 * `work` may run more than once (when another of its group throws) and must not act outside
 * `trx` before the returned promise resolves.
 */
export function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
	if (isPostgres(db)) return db.transaction().execute(work);
	let queue = queues.get(db);
	if (!queue) queues.set(db, (queue = { pending: [], scheduled: false }));
	const q = queue;
	return new Promise<T>((resolve, reject) => {
		q.pending.push({
			work: async (trx) => {
				const value = await work(trx);
				return () => resolve(value);
			},
			reject
		});
		if (!q.scheduled) {
			q.scheduled = true;
			// After this turn's I/O callbacks: requests that arrived together are grouped.
			setImmediate(() => void drain(db, q));
		}
	});
}

async function drain(db: Db, q: { pending: Job[]; scheduled: boolean }): Promise<void> {
	try {
		while (q.pending.length > 0) await commitGroup(db, q.pending.splice(0, MAX_GROUP));
	} finally {
		q.scheduled = false;
	}
}

/** The job at `index` threw: the group was rolled back. */
class JobFailed {
	constructor(
		readonly index: number,
		readonly cause: unknown
	) {}
}

async function commitGroup(db: Db, group: readonly Job[]): Promise<void> {
	let settle: (() => void)[];
	try {
		settle = await immediate(db, async (trx) => {
			const out: (() => void)[] = [];
			for (const [index, job] of group.entries()) {
				try {
					out.push(await job.work(trx));
				} catch (cause) {
					throw new JobFailed(index, cause);
				}
			}
			return out;
		});
	} catch (error) {
		// BEGIN or COMMIT failed (the lock waited past busy_timeout, the disk is full): all fail.
		if (!(error instanceof JobFailed)) return group.forEach((job) => job.reject(error));
		group[error.index]?.reject(error.cause);
		const rest = group.filter((_, i) => i !== error.index);
		if (rest.length > 0) await commitGroup(db, rest);
		return;
	}
	for (const answer of settle) answer();
}

/** One SQLite transaction on Kysely's single connection: this process's other queries wait. */
function immediate<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
	return db.connection().execute(async (conn) => {
		await sql`begin immediate`.execute(conn);
		try {
			const result = await work(conn);
			await sql`commit`.execute(conn);
			return result;
		} catch (error) {
			await sql`rollback`.execute(conn).catch(() => undefined);
			throw error;
		}
	});
}

const dialects = new WeakMap<Db, boolean>();

/** PostgreSQL numbers its parameters ($1), SQLite does not (?): no driver internals needed. */
export function isPostgres(db: Db): boolean {
	let postgres = dialects.get(db);
	if (postgres === undefined) {
		postgres = sql`select ${1}`.compile(db).sql.includes('$1');
		dialects.set(db, postgres);
	}
	return postgres;
}
