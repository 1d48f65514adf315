/**
 * The field mode's number blocks on PostgreSQL with two instances (two pools on one database, as
 * two app servers): many devices reserving at once, interleaved with complaint-born autos taking
 * single numbers, never share a number — every number of the year belongs to exactly one block or
 * one auto, with no gap. With PG_TEST_URL (npm test starts a throwaway cluster).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, migrate, nextNumber, writeTransaction, type Db } from '../../src/lib/server/db';
import { reserveBlock } from '../../src/lib/server/field/blocks';
import { fieldPhotoHashes, submitFieldAuto } from '../../src/lib/server/field/autos';
import { ensureSampleRegistry } from '../../src/lib/server/registry';
import { rolimDeMouraFiles } from '../../src/lib/profile/rolim-de-moura';
import { createHash } from 'node:crypto';
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

		test('the same auto sent to both instances at once is recorded once, with its photo', async () => {
			await ensureSampleRegistry(a, rolimDeMouraFiles.registrySample, '2026-01-01');
			const agent = { id: 1, email: 'f@garupa.test', name: 'F', matricula: '77' };
			const now = new Date('2026-11-20T15:00:00Z');
			const [block] = await reserveBlock(a, agent, 'PHONEPHONEPHONE1', 2026, now, 3);
			const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0xff, 0xd9]);
			const sha256 = createHash('sha256').update(jpeg).digest('hex');
			const input = {
				key: 'the-same-key-on-both-instances',
				number: `AI-2026-${String(block!.first).padStart(6, '0')}`,
				copyToken: 'copy-token-copy-token-copy-token-xyz',
				prefixo: '7',
				conduct: 'fumando',
				provision: 'art20-VII',
				occurredAt: new Date(now.getTime() - 60_000).toISOString(),
				clockOffsetMs: 0,
				place: { address: 'Av. Norte, 1' },
				driver: 'titular' as const,
				signature: 'assinou' as const,
				observations: '',
				photos: [{ sha256, data: jpeg.toString('base64') }]
			};
			const device = { status: 'enrolled' as const, deviceId: 'PHONEPHONEPHONE1' };
			const results = await Promise.all(
				[a, b, a, b].map((db) => submitFieldAuto(db, agent, device, input, now))
			);
			expect(results.every((r) => r.ok && r.number === input.number)).toBe(true);
			expect(results.filter((r) => r.ok && !r.repeated)).toHaveLength(1);
			expect(
				await a.selectFrom('auto_infracao').select('number').where('origin', '=', 'campo').execute()
			).toEqual([{ number: input.number }]);
			expect(await fieldPhotoHashes(b, input.number)).toEqual([sha256]);
		});
	}
);
