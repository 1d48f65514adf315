/**
 * The numbers the app hands out in sequence per year — complaint protocols (`RM-2026-000123`) and
 * autos de infração (`AI-2026-000007`) — must never be handed out twice, also across a restore:
 * a backup is older than the database it replaces, and its counters would issue again numbers
 * riders and drivers already hold. `npm run restore` reads what the replaced database issued
 * (`issuedNumbers`) and moves the restored counters past it (`continueNumbersSql`).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from './connection';
import { isPostgres } from './group-commit';

/** Each counter and the table holding the numbers it issued (`year`, `seq`). */
export const NUMBERINGS = [
	{ counter: 'protocol_sequence', table: 'complaint' },
	{ counter: 'auto_sequence', table: 'auto_infracao' },
	{ counter: 'notice_sequence', table: 'preliminary_notice' },
	{ counter: 'impound_sequence', table: 'impound' }
] as const;

export type Counter = (typeof NUMBERINGS)[number]['counter'];

/**
 * On PostgreSQL, the counter taken from a SEQUENCE per year (`protocol_sequence_2026`) rather than
 * from its row: `nextval` locks nothing and is never rolled back, so concurrent complaints — from
 * one instance or several — never queue on the year's row (issue 35). The row stays for SQLite,
 * and as a floor the sequence starts from (a database from before the sequences, or a copy from
 * SQLite). Autos keep their row everywhere: gapless, few, and the field mode's blocks reserve
 * from it.
 */
export const SEQUENCED: readonly Counter[] = ['protocol_sequence'];

/** The sequence of `counter` in `year`, schema-qualified (pg_restore's script has no search path). */
export function sequenceName(counter: Counter, year: number): string {
	if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`year ${year}`);
	return `public.${counter}_${year}`;
}

/** Per database, the sequences known to exist (or being made ready) in this process. */
const ready = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Makes sure `counter`'s sequence for `year` exists before a transaction takes from it (on
 * PostgreSQL; nothing on SQLite). Once per process and year: concurrent callers share one check.
 * Created once, by whichever instance comes first (an advisory lock orders them), starting past
 * the year's row and every number the table holds.
 */
export function prepareNumber(db: Db, counter: Counter, year: number): Promise<void> {
	if (!SEQUENCED.includes(counter) || !isPostgres(db)) return Promise.resolve();
	const name = sequenceName(counter, year);
	let known = ready.get(db);
	if (!known) ready.set(db, (known = new Map()));
	const pending = known.get(name);
	if (pending) return pending;
	const made = createSequence(db, counter, year, name);
	known.set(name, made);
	// A failure (the database down) is not remembered: the next complaint tries again.
	made.catch(() => known.delete(name));
	return made;
}

async function createSequence(db: Db, counter: Counter, year: number, name: string) {
	const exists = async (q: Db) =>
		Boolean(
			(await sql<{ found: string | null }>`select to_regclass(${name}) as found`.execute(q)).rows[0]
				?.found
		);
	if (await exists(db)) return;
	const table = NUMBERINGS.find((n) => n.counter === counter)?.table ?? 'complaint';
	await db.transaction().execute(async (trx) => {
		await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
		if (await exists(trx)) return;
		const { rows: floor } = await sql<{ last: string | number }>`select greatest(
				coalesce((select last from ${sql.table(counter)} where year = ${year}), 0),
				coalesce((select max(seq) from ${sql.table(table)} where year = ${year}), 0)
			) as last`.execute(trx);
		for (const statement of createSequenceSql(counter, year, Number(floor[0]?.last ?? 0)))
			await sql.raw(statement).execute(trx);
	});
}

/**
 * A new sequence of `counter` in `year` whose next number is `last + 1`, dropped with the
 * counter's table (a restore drops the tables, then the backup brings its own). No cache: the
 * numbers follow the order they are taken in, whichever instance takes them.
 */
function createSequenceSql(counter: Counter, year: number, last: number): string[] {
	const name = sequenceName(counter, year);
	return [
		`create sequence if not exists ${name} as bigint minvalue 1 cache 1 no cycle owned by public.${counter}.last;`,
		...(last >= 1 ? [raiseSequenceSql(name, last)] : [])
	];
}

/** Moves sequence `name` to at least `last` (its next number past it), never back. */
function raiseSequenceSql(name: string, last: number): string {
	return (
		`select setval('${name}', greatest(${Math.trunc(last)}, ` +
		`(select case when is_called then last_value else 0 end from ${name})));`
	);
}

/**
 * PostgreSQL: the expression that takes the next number of a sequenced counter, to be part of a
 * larger statement (one round trip fewer). `prepareNumber` first.
 */
export function numberSql(counter: Counter, year: number): RawBuilder<string> {
	return sql<string>`nextval(${sequenceName(counter, year)})`;
}

/**
 * The next number of `counter` in `year` (1 for the year's first), taken in the caller's
 * transaction.
 *  - SQLite, and autos everywhere: the year's row, `last + 1`. A rollback gives the number back,
 *    so successes leave no gaps; the row stays locked until the commit, which SQLite's single
 *    writer costs nothing.
 *  - Protocols on PostgreSQL: the year's sequence (`prepareNumber` first). Never twice, in the
 *    order taken, no lock; a transaction that fails after taking it leaves a gap (docs/architecture.md).
 */
export async function nextNumber(trx: Db, counter: Counter, year: number): Promise<number> {
	if (SEQUENCED.includes(counter) && isPostgres(trx)) {
		const { rows } = await sql<{ n: string }>`select ${numberSql(counter, year)} as n`.execute(trx);
		return Number(rows[0]?.n);
	}
	const { last } = await trx
		.insertInto(counter)
		.values({ year, last: 1 })
		.onConflict((oc) =>
			oc.column('year').doUpdateSet({ last: (eb) => eb(`${counter}.last`, '+', 1) })
		)
		.returning('last')
		.executeTakeFirstOrThrow();
	return last;
}

/** Per counter, per year, the last number issued (a counter left out: nothing issued). */
export type Issued = Partial<Record<Counter, Record<number, number>>>;

/** The highest number each counter issued in `db`, by year (its value, or a row above it). */
export async function issuedNumbers(db: Db): Promise<Required<Issued>> {
	const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
	const issued: Record<Counter, Record<number, number>> = {
		protocol_sequence: {},
		auto_sequence: {},
		notice_sequence: {},
		impound_sequence: {}
	};
	for (const { counter, table } of NUMBERINGS) {
		const marks = issued[counter];
		const raise = (year: unknown, n: unknown) => {
			const y = Number(year);
			const value = Number(n);
			if (Number.isInteger(y) && Number.isInteger(value)) marks[y] = Math.max(marks[y] ?? 0, value);
		};
		if (tables.has(counter))
			for (const row of (
				await sql<{
					year: number;
					last: number;
				}>`select year, last from ${sql.table(counter)}`.execute(db)
			).rows)
				raise(row.year, row.last);
		if (tables.has(table))
			for (const row of (
				await sql<{
					year: number;
					last: number;
				}>`select year, max(seq) as last from ${sql.table(table)} group by year`.execute(db)
			).rows)
				raise(row.year, row.last);
		if (SEQUENCED.includes(counter) && isPostgres(db))
			for (const row of (
				await sql<{
					name: string;
					last: string | null;
				}>`select sequencename as name, last_value as last from pg_sequences
					where schemaname = 'public' and sequencename like ${`${counter}_%`}`.execute(db)
			).rows) {
				const year = new RegExp(`^${counter}_(\\d{1,4})$`).exec(row.name)?.[1];
				if (year && row.last !== null) raise(year, row.last);
			}
	}
	return issued;
}

/**
 * SQL that raises the counters to at least `issued` (never lowers one), for a SQLite connection or
 * a psql script (schema-qualified, as pg_restore's script leaves the search path empty). On
 * PostgreSQL the sequenced counters' sequences are raised too (created when the backup has none).
 * @example continueNumbersSql({ protocol_sequence: { 2026: 123 }, auto_sequence: {} }, 'sqlite')
 * //=> 'insert into protocol_sequence (year, last) values (2026, 123) on conflict (year) do update set last = max(last, excluded.last);'
 */
export function continueNumbersSql(issued: Issued, dialect: 'sqlite' | 'postgres'): string {
	const statements: string[] = [];
	for (const { counter } of NUMBERINGS)
		for (const [year, last] of Object.entries(issued[counter] ?? {})) {
			const y = Number(year);
			if (!Number.isInteger(y) || !Number.isInteger(last)) continue;
			const name = dialect === 'postgres' ? `public.${counter}` : counter;
			const greater =
				dialect === 'postgres'
					? `greatest(${name}.last, excluded.last)`
					: 'max(last, excluded.last)';
			statements.push(
				`insert into ${name} (year, last) values (${y}, ${last}) on conflict (year) do update set last = ${greater};`
			);
			if (dialect === 'postgres' && SEQUENCED.includes(counter) && last >= 1 && y >= 1 && y <= 9999)
				statements.push(
					...createSequenceSql(counter, y, 0),
					raiseSequenceSql(sequenceName(counter, y), last)
				);
		}
	return statements.join('\n');
}

/**
 * Raises `db`'s counters to at least `issued` (`continueNumbersSql`), one statement at a time —
 * after a copy between databases, whose counters the copy alone would leave behind.
 */
export async function continueNumbers(db: Db, issued: Issued): Promise<void> {
	const sqlText = continueNumbersSql(issued, isPostgres(db) ? 'postgres' : 'sqlite');
	for (const statement of sqlText.split('\n').filter(Boolean)) await sql.raw(statement).execute(db);
}
