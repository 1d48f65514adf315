/**
 * A per-key request limit in memory: "at most `limit` in any `windowSeconds`", by the sliding
 * window counter (the previous fixed window's count, weighted by how much of it still overlaps
 * the sliding window, plus the current one's). Two numbers a key whatever the limit, and no burst
 * of 2 × limit across a window boundary as a plain fixed window allows. The weighting assumes the
 * previous window's requests were evenly spread: near the limit it may refuse one request early.
 *
 * Bounded: keys are kept in least-recently-used order; keys idle for two windows (which count
 * zero) are dropped as they come up, and past `maxKeys` the least recently seen key is dropped.
 * An attacker with more addresses than `maxKeys` could thus reset others' counts — at 10,000
 * addresses that is a botnet, which a per-process limit does not stop anyway (a proxy or firewall
 * does). One process only: with several instances, each counts its own share — there
 * `DbRateLimiter` keeps the same counters in the database (`RATE_LIMIT_STORE=database`, the
 * default on PostgreSQL).
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { config, type RateLimitConfig } from '$lib/server/runtime';
import {
	canPipeline,
	db as sharedDb,
	isPostgres,
	pipeline,
	type Db,
	type Row
} from '$lib/server/db';

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiterOptions extends RateLimitConfig {
	/** Keys kept at most (default 10,000: about 1 MB). */
	maxKeys?: number;
}

interface Counter {
	/** Index of the fixed window of `current` (time / window). */
	window: number;
	previous: number;
	current: number;
	/** Last time the key was seen, ms. */
	seen: number;
}

export class RateLimiter {
	readonly limit: number;
	readonly windowMs: number;
	readonly maxKeys: number;
	#counters = new Map<string, Counter>();

	constructor({ limit, windowSeconds, maxKeys = 10_000 }: RateLimiterOptions) {
		if (!(limit >= 1 && windowSeconds > 0 && maxKeys >= 1))
			throw new RangeError('RateLimiter: limit ≥ 1, windowSeconds > 0, maxKeys ≥ 1');
		this.limit = limit;
		this.windowMs = windowSeconds * 1000;
		this.maxKeys = maxKeys;
	}

	/** Keys currently kept (for tests and monitoring). */
	get size(): number {
		return this.#counters.size;
	}

	/**
	 * Counts one request from `key` at `now` (ms) when allowed; a refused request is not counted,
	 * so a client that waits `retryAfterSeconds` gets through.
	 * @example new RateLimiter({ limit: 1, windowSeconds: 60 }).hit('a', 0) //=> { ok: true }
	 */
	hit(key: string, now: number = Date.now()): RateLimitResult {
		const window = Math.floor(now / this.windowMs);
		const found = this.#counters.get(key);
		const c: Counter =
			found === undefined || found.window < window - 1
				? { window, previous: 0, current: 0, seen: now }
				: found.window === window - 1
					? { window, previous: found.current, current: 0, seen: now }
					: found;
		c.seen = now;
		// Re-insert: the Map's order is then least recently seen first.
		this.#counters.delete(key);
		this.#counters.set(key, c);
		this.#evict(now);

		const elapsed = now - window * this.windowMs;
		const weight = (this.windowMs - elapsed) / this.windowMs;
		// The epsilon absorbs float error at the exact moment `retryAfterSeconds` pointed to.
		if (c.previous * weight + c.current + 1 <= this.limit + 1e-9) {
			c.current++;
			return { ok: true };
		}
		return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(this.#wait(c, elapsed) / 1000)) };
	}

	/** Milliseconds until one more request fits, if none comes meanwhile. */
	#wait(c: Counter, elapsed: number): number {
		const room = this.limit - 1;
		// Still in this window, as the previous window's weight fades: previous·(W−e)/W + current ≤ room.
		if (c.current <= room && c.previous > 0) {
			const at = this.windowMs * (1 - (room - c.current) / c.previous);
			if (at < this.windowMs) return Math.max(0, at - elapsed);
		}
		// In the next window, this one's count fades in turn: current·(W−e)/W ≤ room.
		const at = c.current > room ? this.windowMs * (1 - room / c.current) : 0;
		return this.windowMs - elapsed + at;
	}

	#evict(now: number): void {
		for (const [key, c] of this.#counters) {
			const idle = now - c.seen >= 2 * this.windowMs;
			if (!idle && this.#counters.size <= this.maxKeys) break;
			this.#counters.delete(key);
		}
	}
}

/**
 * The same sliding window counter, kept in the database so every instance on it shares one count
 * per client. Each hit is one atomic upsert (`count + 1` returning the new count) and one read of
 * the previous window; a hit over the limit takes its count back. Concurrent hits thus never let
 * more than `limit` through; at worst one is refused early while another's count is taken back.
 * Clients are stored as a sha256 of their address (LGPD); rows two windows old are deleted.
 *
 * On PostgreSQL a hit is one statement (one round trip), its own transaction, committed with
 * `synchronous_commit = off`: it does not wait for its WAL to reach the disk (the WAL writer
 * flushes it within 3 × `wal_writer_delay`, 600 ms by default), so the limit adds no disk flush
 * to a request. A crash of the database server — not of
 * an app instance — may lose the counts of those last moments: the clients concerned briefly get
 * a few requests more than the limit, which is acceptable for a guard against floods; nothing a
 * rider was told is lost (a complaint commits synchronously, and its flush also carries every
 * count committed before it). On SQLite too, a hit's statements share one transaction.
 */
export class DbRateLimiter {
	readonly limit: number;
	readonly windowMs: number;
	readonly #db: () => Db;
	readonly #bucket: string;
	#lastSweep = -1;

	constructor(
		bucket: string,
		{ limit, windowSeconds }: RateLimitConfig,
		database: () => Db = sharedDb
	) {
		if (!(limit >= 1 && windowSeconds >= 1))
			throw new RangeError('DbRateLimiter: limit ≥ 1, windowSeconds ≥ 1');
		this.limit = limit;
		this.windowMs = windowSeconds * 1000;
		this.#db = database;
		this.#bucket = bucket;
	}

	async hit(key: string, now: number = Date.now()): Promise<RateLimitResult> {
		const db = this.#db();
		const window = Math.floor(now / this.windowMs);
		const client = createHash('sha256').update(key).digest('base64url');
		const row = { bucket: this.#bucket, client };
		const sweep = this.#lastSweep !== window;
		this.#lastSweep = window;
		const { count, previous } = isPostgres(db)
			? await this.#hitPostgres(db, client, window, sweep)
			: await db.transaction().execute(async (trx) => {
					if (sweep)
						await trx
							.deleteFrom('rate_limit')
							.where('bucket', '=', this.#bucket)
							.where('window', '<', window - 1)
							.execute();
					const { count } = await trx
						.insertInto('rate_limit')
						.values({ ...row, window, count: 1 })
						.onConflict((oc) =>
							oc
								.columns(['bucket', 'client', 'window'])
								.doUpdateSet({ count: sql<number>`rate_limit.count + 1` })
						)
						.returning('count')
						.executeTakeFirstOrThrow();
					const previous =
						(
							await trx
								.selectFrom('rate_limit')
								.select('count')
								.where('bucket', '=', this.#bucket)
								.where('client', '=', client)
								.where('window', '=', window - 1)
								.executeTakeFirst()
						)?.count ?? 0;
					return { count, previous };
				});
		const elapsed = now - window * this.windowMs;
		const weight = (this.windowMs - elapsed) / this.windowMs;
		if (previous * weight + count <= this.limit + 1e-9) return { ok: true };
		// Refused: not counted, as in memory.
		if (isPostgres(db))
			await sql`with undone as (
				update rate_limit set count = count - 1
				where bucket = ${this.#bucket} and client = ${client} and "window" = ${window}
			) select ${ASYNC_COMMIT} as async`.execute(db);
		else
			await db
				.updateTable('rate_limit')
				.set({ count: sql<number>`count - 1` })
				.where('bucket', '=', this.#bucket)
				.where('client', '=', client)
				.where('window', '=', window)
				.execute();
		// Wait until the previous window's weight fades enough, else until the next window.
		const room = this.limit - (count - 1) - 1;
		let wait = this.windowMs - elapsed;
		if (previous > 0 && room >= 0) {
			const at = this.windowMs * (1 - room / previous);
			if (at < this.windowMs) wait = Math.max(0, at - elapsed);
		}
		return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
	}

	/**
	 * PostgreSQL: the sweep (when due), the count and the previous window's in ONE statement, its
	 * own transaction committed without waiting for the WAL flush (`ASYNC_COMMIT`) — a named
	 * statement, prepared once per connection, sent in one round trip (db/pipeline.ts).
	 */
	async #hitPostgres(
		db: Db,
		client: string,
		window: number,
		sweep: boolean
	): Promise<{ count: number; previous: number }> {
		const statement = sweep ? HIT_AND_SWEEP : HIT;
		const values = [this.#bucket, client, window, window - 1];
		const [rows] = canPipeline(db)
			? await pipeline(db, [{ ...statement, values }])
			: [(await db.executeQuery(CompiledQuery.raw(statement.text, values))).rows as Row[]];
		const row = rows?.[0];
		if (!row) throw new Error('rate_limit: the upsert returned no row');
		return { count: Number(row.count), previous: Number(row.previous ?? 0) };
	}
}

/** A hit: the count of (bucket $1, client $2, window $3) plus one, and window $4's count. */
function hitSql(sweep: boolean): string {
	return `with hit as (
	insert into rate_limit (bucket, client, "window", count)
	values ($1, $2, $3, 1)
	on conflict (bucket, client, "window") do update set count = rate_limit.count + 1
	returning count
)${sweep ? ', swept as (delete from rate_limit where bucket = $1 and "window" < $4)' : ''}
select hit.count,
	(select p.count from rate_limit p
		where p.bucket = $1 and p.client = $2 and p."window" = $4) as previous,
	${ASYNC_COMMIT_SQL} as async
from hit`;
}

/**
 * Evaluated in a statement that is its own transaction, it makes that transaction commit without
 * waiting for its WAL flush (the setting is read at commit, and lasts until the transaction's end).
 */
const ASYNC_COMMIT_SQL = "set_config('synchronous_commit', 'off', true)";
const ASYNC_COMMIT = sql.raw(ASYNC_COMMIT_SQL);

const HIT = { name: 'garupa_rate_limit_hit_v1', text: hitSql(false) };
const HIT_AND_SWEEP = { name: 'garupa_rate_limit_hit_sweep_v1', text: hitSql(true) };

/** What a route asks: may this client make one more request now? */
export interface Limiter {
	hit(key: string, now?: number): RateLimitResult | Promise<RateLimitResult>;
}

let complaints: Limiter | undefined;

/**
 * The limiter of `POST /api/complaints` and of the /reclamar form (COMPLAINTS_RATE_LIMIT): in this
 * process's memory, or in the database shared by every instance (`RATE_LIMIT_STORE`). Await its
 * `hit`.
 */
export function complaintsRateLimiter(): Limiter {
	complaints ??=
		config.rateLimitStore === 'database'
			? new DbRateLimiter('complaints', config.complaintsRateLimit)
			: new RateLimiter(config.complaintsRateLimit);
	return complaints;
}
