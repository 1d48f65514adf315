/**
 * The field mode's number blocks on PostgreSQL with two instances (two pools on one database, as
 * two app servers): many devices reserving at once, interleaved with complaint-born autos taking
 * single numbers, never share a number — every number of the year belongs to exactly one block or
 * one auto, with no gap. With PG_TEST_URL (npm test starts a throwaway cluster).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, migrate, nextNumber, writeTransaction, type Db } from '../../src/lib/server/db';
import { reserveBlock } from '../../src/lib/server/field/blocks';
import { createPgDatabase, pgAdminUrl } from './server-harness';

const made: { drop: () => Promise<void> }[] = [];
const pools: Db[] = [];

afterAll(async () => {
	for (const db of pools) await db.destroy();
	for (const d of made) await d.drop();
});

describe.skipIf(!pgAdminUrl)(
	'number blocks on PostgreSQL, two instances',
	{ timeout: 120_000 },
	() => {
		let a: Db;
		let b: Db;
		beforeAll(async () => {
			const d = await createPgDatabase(pgAdminUrl as string, 'garupa_blocks');
			made.push(d);
			[a, b] = [0, 1].map(() => createDb({ kind: 'postgres', url: d.url })) as [Db, Db];
			pools.push(a, b);
			await migrate(a);
			await a
				.insertInto('staff')
				.values({
					id: 1,
					email: 'f@garupa.test',
					name: 'F',
					role: 'fiscal',
					password_hash: 'x',
					created_at: '2026-01-01T00:00:00Z'
				})
				.execute();
		});

		test('20 devices and 20 single autos at once: every number once, none missing', async () => {
			const staff = { id: 1, email: 'f@garupa.test' };
			const now = new Date('2026-06-01T15:00:00Z');
			const work = Array.from({ length: 40 }, (_, i) => {
				const db = i % 2 ? a : b;
				return i % 4 < 2
					? reserveBlock(db, staff, `device-${String(i).padStart(9, '0')}`, 2026, now, 5).then(
							(blocks) =>
								blocks.flatMap((x) =>
									Array.from({ length: x.last - x.first + 1 }, (_, k) => x.first + k)
								)
						)
					: writeTransaction(db, (trx) => nextNumber(trx, 'auto_sequence', 2026)).then((n) => [n]);
			});
			const numbers = (await Promise.all(work)).flat();
			expect(numbers).toHaveLength(20 * 5 + 20);
			expect([...numbers].sort((x, y) => x - y)).toEqual(
				Array.from({ length: numbers.length }, (_, i) => i + 1)
			);
		});
	}
);
