import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createDb, migrate, type Db } from './connection';
import { MAX_GROUP, isPostgres, writeTransaction } from './group-commit';

let dir: string;
let db: Db;
let reader: Db;

beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'garupa-group-'));
	db = createDb({ kind: 'sqlite', path: join(dir, 'garupa.db') });
	await migrate(db);
	// Another connection: sees only what was committed.
	reader = createDb({ kind: 'sqlite', path: join(dir, 'garupa.db') });
});
afterEach(async () => {
	await Promise.all([db.destroy(), reader.destroy()]);
	rmSync(dir, { recursive: true, force: true });
});

/** Bumps the year's counter, as a complaint does, and returns the number it got. */
const bump = (year: number) => (trx: Db) =>
	trx
		.insertInto('protocol_sequence')
		.values({ year, last: 1 })
		.onConflict((oc) =>
			oc.column('year').doUpdateSet({ last: (eb) => eb('protocol_sequence.last', '+', 1) })
		)
		.returning('last')
		.executeTakeFirstOrThrow()
		.then((r) => r.last);

const committed = async (year: number) =>
	(
		await reader
			.selectFrom('protocol_sequence')
			.select('last')
			.where('year', '=', year)
			.executeTakeFirst()
	)?.last ?? 0;

describe('writeTransaction on SQLite', () => {
	test('SQLite is not PostgreSQL', () => expect(isPostgres(db)).toBe(false));

	test('concurrent transactions all commit, in order, each answered after its commit', async () => {
		const n = MAX_GROUP * 2 + 5; // more than two groups
		const all = await Promise.all(
			Array.from({ length: n }, () =>
				writeTransaction(db, bump(2026)).then(async (last) => ({
					last,
					// When a caller hears back, another connection already sees its write.
					visible: await committed(2026)
				}))
			)
		);
		expect(all.map((r) => r.last)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
		for (const { last, visible } of all) expect(visible).toBeGreaterThanOrEqual(last);
	});

	test('one transaction throwing fails alone; the rest of its group commits, without its writes', async () => {
		const results = await Promise.allSettled([
			writeTransaction(db, bump(2026)),
			writeTransaction(db, async (trx) => {
				await bump(2026)(trx);
				throw new Error('boom');
			}),
			writeTransaction(db, bump(2026))
		]);
		expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
		expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([1, null, 2]);
		expect(await committed(2026)).toBe(2);
	});

	test('a failed transaction does not block the next ones', async () => {
		await expect(writeTransaction(db, () => Promise.reject(new Error('boom')))).rejects.toThrow(
			'boom'
		);
		expect(await writeTransaction(db, bump(2027))).toBe(1);
	});
});
