/**
 * The numbers the app hands out in sequence per year — complaint protocols (`RM-2026-000123`) and
 * autos de infração (`AI-2026-000007`) — must never be handed out twice, also across a restore:
 * a backup is older than the database it replaces, and its counters would issue again numbers
 * riders and drivers already hold. `npm run restore` reads what the replaced database issued
 * (`issuedNumbers`) and moves the restored counters past it (`continueNumbersSql`).
 */
import { sql } from 'kysely';
import type { Db } from './connection';

/** Each counter and the table holding the numbers it issued (`year`, `seq`). */
export const NUMBERINGS = [
	{ counter: 'protocol_sequence', table: 'complaint' },
	{ counter: 'auto_sequence', table: 'auto_infracao' }
] as const;

export type Counter = (typeof NUMBERINGS)[number]['counter'];

/**
 * The next number of `counter` in `year` (1 for the year's first), taken in the caller's
 * transaction: a rollback gives it back, so successes leave no gaps.
 */
export async function nextNumber(trx: Db, counter: Counter, year: number): Promise<number> {
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

/** Per counter, per year, the last number issued. */
export type Issued = Record<Counter, Record<number, number>>;

/** The highest number each counter issued in `db`, by year (its value, or a row above it). */
export async function issuedNumbers(db: Db): Promise<Issued> {
	const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
	const issued: Issued = { protocol_sequence: {}, auto_sequence: {} };
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
	}
	return issued;
}

/**
 * SQL that raises the counters to at least `issued` (never lowers one), for a SQLite connection or
 * a psql script (schema-qualified, as pg_restore's script leaves the search path empty).
 * @example continueNumbersSql({ protocol_sequence: { 2026: 123 }, auto_sequence: {} }, 'sqlite')
 * //=> 'insert into protocol_sequence (year, last) values (2026, 123) on conflict (year) do update set last = max(last, excluded.last);'
 */
export function continueNumbersSql(issued: Issued, dialect: 'sqlite' | 'postgres'): string {
	const statements: string[] = [];
	for (const { counter } of NUMBERINGS)
		for (const [year, last] of Object.entries(issued[counter])) {
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
		}
	return statements.join('\n');
}
