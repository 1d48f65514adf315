/**
 * PostgreSQL: several statements in ONE round trip, as ONE transaction, each a named (prepared)
 * statement — what the hot paths (a complaint, a rate-limit hit) send instead of Kysely's
 * BEGIN, one statement per round trip, COMMIT.
 *
 * The extended query protocol runs everything sent before a Sync message as one implicit
 * transaction: committed at the Sync when every statement succeeded (with the server's
 * `synchronous_commit`, so with its WAL flush unless a statement turned it off for its own
 * transaction), rolled back entirely when one fails (the server skips the rest up to the Sync).
 * So the messages of every statement (Parse the first time on a connection, then Bind, Describe,
 * Execute) and one Sync go out in one write, and the answer comes back in one read: one system
 * call and one wake-up of each side instead of one per statement — the cost that bounded
 * complaints on PostgreSQL, once no lock held them (docs/architecture.md, "Protocol numbers").
 *
 * Named statements are parsed and planned once per connection, not per request. Which ones a
 * connection holds is node-postgres's own record (`parsedStatements`), written here once the
 * pipeline succeeded. After an error nobody knows which of them the server parsed before it
 * stopped: the connection is then closed, not returned to the pool (the next one starts clean).
 *
 * It speaks to node-postgres as pg-cursor does (a "submittable": the client hands it the
 * connection and the server's messages); Kysely shares the same pool for everything else.
 */
import type pg from 'pg';
import type { Db } from './connection';

/** One statement of a pipeline: its name (the same text always), its text and its values. */
export interface Statement {
	/** Unique per text: a connection prepares it once under this name. */
	name: string;
	/** `$1`, `$2`… for the values; cast a value whose type the server cannot infer. */
	text: string;
	values: readonly (string | number | Buffer | null)[];
}

/** A result row, text as the server sent it (null for SQL NULL). */
export type Row = Record<string, string | null>;

const pools = new WeakMap<Db, pg.Pool>();

/** Connects `db` (PostgreSQL) to the pool its pipelines take their connections from. */
export function registerPool(db: Db, pool: pg.Pool): void {
	pools.set(db, pool);
}

/** Whether `db` can run pipelines (PostgreSQL opened by `createDb`). */
export function canPipeline(db: Db): boolean {
	return pools.has(db);
}

/**
 * Runs `statements` in one round trip as one transaction; resolves with each statement's rows,
 * in order, once committed. Rejects (nothing committed) when any fails.
 * @example (await pipeline(db, [{ name: 'one', text: 'select 1 as n', values: [] }]))[0] //=> [{ n: '1' }]
 */
export async function pipeline(db: Db, statements: readonly Statement[]): Promise<Row[][]> {
	const pool = pools.get(db);
	if (!pool) throw new Error('pipeline: not a PostgreSQL database opened by createDb');
	const client = await pool.connect();
	try {
		const rows = await new Promise<Row[][]>((resolve, reject) => {
			client.query(new Pipeline(statements, resolve, reject));
		});
		client.release();
		return rows;
	} catch (error) {
		// Which statements the server prepared before it stopped is unknown: a clean connection next.
		client.release(error instanceof Error ? error : new Error(String(error)));
		throw error;
	}
}

/** What node-postgres's connection offers a submittable (lib/connection.js; pg-cursor uses it). */
interface Wire {
	stream: { cork?: () => void; uncork?: () => void };
	parsedStatements: Record<string, string | undefined>;
	parse(message: { name: string; text: string; types: number[] }): void;
	bind(message: {
		statement: string;
		portal: string;
		values: readonly (string | Buffer | null)[];
	}): void;
	describe(message: { type: 'P'; name: string }): void;
	execute(message: { portal: string; rows: number }): void;
	sync(): void;
}

/** The client hands the server's messages to the active submittable by these methods. */
class Pipeline implements pg.Submittable {
	readonly #statements: readonly Statement[];
	readonly #resolve: (rows: Row[][]) => void;
	readonly #reject: (error: Error) => void;
	readonly #results: Row[][] = [];
	#fields: string[] = [];
	#rows: Row[] = [];

	constructor(
		statements: readonly Statement[],
		resolve: (rows: Row[][]) => void,
		reject: (error: Error) => void
	) {
		this.#statements = statements;
		this.#resolve = resolve;
		this.#reject = reject;
	}

	submit(connection: pg.Connection): void {
		const wire = connection as unknown as Wire;
		wire.stream.cork?.();
		try {
			for (const s of this.#statements) {
				if (wire.parsedStatements[s.name] === undefined)
					wire.parse({ name: s.name, text: s.text, types: [] });
				wire.bind({ statement: s.name, portal: '', values: s.values.map(wireValue) });
				wire.describe({ type: 'P', name: '' });
				wire.execute({ portal: '', rows: 0 });
			}
			wire.sync();
		} finally {
			wire.stream.uncork?.();
		}
	}

	handleRowDescription(message: { fields: { name: string }[] }): void {
		this.#fields = message.fields.map((f) => f.name);
	}

	handleDataRow(message: { fields: (string | null)[] }): void {
		const row: Row = {};
		this.#fields.forEach((name, i) => (row[name] = message.fields[i] ?? null));
		this.#rows.push(row);
	}

	/** One statement done (an INSERT without RETURNING too: no rows). */
	handleCommandComplete(): void {
		this.#results.push(this.#rows);
		this.#rows = [];
		this.#fields = [];
	}

	handleEmptyQuery(): void {
		this.handleCommandComplete();
	}

	/** The server refused a statement (everything is rolled back), or the connection failed. */
	handleError(error: Error): void {
		this.#reject(error);
	}

	/** The Sync's answer: committed. The connection keeps the statements it prepared. */
	handleReadyForQuery(connection: pg.Connection): void {
		const wire = connection as unknown as Wire;
		for (const s of this.#statements) wire.parsedStatements[s.name] = s.text;
		this.#resolve(this.#results);
	}

	// Never sent by the statements a pipeline runs (no row limit, no COPY).
	handlePortalSuspended(): void {}
	handleCopyInResponse(): void {}
	handleCopyData(): void {}
}

function wireValue(value: string | number | Buffer | null): string | Buffer | null {
	return typeof value === 'number' ? String(value) : value;
}
