/**
 * Protocol numbers on PostgreSQL come from a sequence per year (src/lib/server/db/numbering.ts),
 * not from a row every complaint locks. With PG_TEST_URL:
 *  - complaints filed at once from two connection pools (two instances) get numbers that are
 *    never issued twice, increase per year in the order they are taken, and start at 1 each year;
 *  - a database from before the sequences (numbers in `protocol_sequence` and in `complaint`)
 *    continues past both;
 *  - what a database issued is read back from its sequences (`issuedNumbers`), and
 *    `continueNumbersSql` raises a sequence, never lowers it, also when the backup has none;
 *  - a copy to SQLite (`npm run db:copy`) continues past the sequences, not the stale row.
 * The restore itself (pg_dump → `npm run restore`) is in restore.spec.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
	continueNumbersSql,
	copyDatabase,
	createDb,
	issuedNumbers,
	migrate,
	nextNumber,
	prepareNumber,
	writeTransaction,
	type Db
} from '../../src/lib/server/db';
import { createComplaint } from '../../src/lib/server/complaints/intake-write';
import type { ComplaintInput } from '../../src/lib/domain/complaint';
import { createPgDatabase, pgAdminUrl } from './server-harness';

const made: { drop: () => Promise<void> }[] = [];
const pools: Db[] = [];

/** A migrated PostgreSQL database and `n` pools on it (as `n` app instances). */
async function instances(n: number): Promise<Db[]> {
	const d = await createPgDatabase(pgAdminUrl as string, 'garupa_numbers');
	made.push(d);
	const dbs = Array.from({ length: n }, () => createDb({ kind: 'postgres', url: d.url }));
	pools.push(...dbs);
	await migrate(dbs[0] as Db);
	return dbs;
}

afterAll(async () => {
	for (const db of pools) await db.destroy();
	for (const d of made) await d.drop();
});

const body = (): ComplaintInput => ({
	vehicle: null,
	vehicleUnknown: true,
	vehicleDescription: 'moto vermelha',
	occurredAt: new Date(Date.now() - 3_600_000),
	situations: ['cobrou-mais'],
	paidCentavos: 1500,
	distanceKm: null,
	location: { text: 'Rodoviária' },
	description: 'Cobrou mais que a tabela.',
	contact: null
});

let key = 0;
const file = (db: Db, now: Date) =>
	createComplaint(db, { idempotencyKey: `numbers-${++key}-${Date.now()}`, body: body(), now });

const seqOf = (protocol: string) => Number(protocol.slice(-6));

describe.skipIf(!pgAdminUrl)(
	'protocol numbers on PostgreSQL (sequences)',
	{ timeout: 120_000 },
	() => {
		let a: Db;
		let b: Db;
		beforeAll(async () => {
			[a, b] = (await instances(2)) as [Db, Db];
		});

		test('two instances at once: never twice, 1… per year, increasing in the order taken', async () => {
			const now = new Date('2026-06-01T15:00:00Z');
			const results = await Promise.all(
				Array.from({ length: 60 }, (_, i) => file(i % 2 ? a : b, now))
			);
			const protocols = results.map((r) => (r.kind === 'created' ? r.response.protocol : r.kind));
			expect(new Set(protocols).size).toBe(60);
			expect(protocols.every((p) => /^\w+-2026-\d{6}$/.test(p))).toBe(true);
			// No complaint failed: the numbers are exactly 1…60, no gap.
			expect(protocols.map(seqOf).sort((x, y) => x - y)).toEqual(
				Array.from({ length: 60 }, (_, i) => i + 1)
			);
			expect(await a.selectFrom('complaint').select('seq').execute()).toHaveLength(60);
			// The year's row is not what numbers them any more (no complaint locks it).
			expect(
				await a.selectFrom('protocol_sequence').selectAll().where('year', '=', 2026).execute()
			).toEqual([]);

			// One after another, each sees the others' numbers: strictly increasing.
			const next: number[] = [];
			for (const db of [a, b, a, b]) {
				const r = await file(db, now);
				next.push(r.kind === 'created' ? seqOf(r.response.protocol) : -1);
			}
			expect(next).toEqual([61, 62, 63, 64]);

			// Another year starts at 1, and does not move 2026's.
			const r2027 = await file(b, new Date('2027-01-01T15:00:00Z'));
			expect(r2027.kind === 'created' && r2027.response.protocol).toMatch(/-2027-000001$/);
			expect((await issuedNumbers(a)).protocol_sequence).toEqual({ 2026: 64, 2027: 1 });
		});

		test('a replay or a conflict of a key takes no number; the complaint has its event and its answer', async () => {
			const now = new Date('2028-02-02T12:00:00Z');
			const same = body();
			const first = await createComplaint(a, {
				idempotencyKey: 'numbers-replay-0001',
				body: same,
				now
			});
			expect(first.kind).toBe('created');
			// From the other instance: the same key and body replays, another body conflicts.
			const again = await createComplaint(b, {
				idempotencyKey: 'numbers-replay-0001',
				body: same,
				now
			});
			expect(again).toEqual({
				kind: 'replayed',
				response: first.kind === 'created' && first.response
			});
			const other = { ...same, description: 'Outro texto.' };
			expect(
				(await createComplaint(b, { idempotencyKey: 'numbers-replay-0001', body: other, now })).kind
			).toBe('conflict');
			const next = await file(a, now);
			expect(next.kind === 'created' && next.response.protocol).toMatch(/-2028-000002$/);
			const stored = await a
				.selectFrom('complaint')
				.innerJoin('complaint_event', 'complaint_event.complaint_id', 'complaint.id')
				.select([
					'complaint.seq',
					'complaint_event.idx',
					'complaint_event.status',
					'complaint_event.public'
				])
				.where('complaint.year', '=', 2028)
				.orderBy('complaint.seq')
				.execute();
			expect(stored).toEqual([
				{ seq: 1, idx: 0, status: 'recebida', public: 1 },
				{ seq: 2, idx: 0, status: 'recebida', public: 1 }
			]);
			expect(
				await a.selectFrom('idempotency').select('status').where('status', '!=', 'done').execute()
			).toEqual([]);
		});

		test('a number taken in a transaction that fails is not issued again (a gap, never a repeat)', async () => {
			await prepareNumber(a, 'protocol_sequence', 2030);
			await expect(
				writeTransaction(a, async (trx) => {
					await nextNumber(trx, 'protocol_sequence', 2030);
					throw new Error('falhou depois de tirar o número');
				})
			).rejects.toThrow(/falhou/);
			const n = await writeTransaction(b, (trx) => nextNumber(trx, 'protocol_sequence', 2030));
			expect(n).toBe(2);
		});

		test('autos keep their row: gapless, a rollback gives the number back', async () => {
			await expect(
				writeTransaction(a, async (trx) => {
					await nextNumber(trx, 'auto_sequence', 2026);
					throw new Error('rollback');
				})
			).rejects.toThrow(/rollback/);
			expect(await writeTransaction(b, (trx) => nextNumber(trx, 'auto_sequence', 2026))).toBe(1);
		});

		test('a database from before the sequences continues past its row and its complaints', async () => {
			const [db] = (await instances(1)) as [Db];
			// Numbered by the row until now: the row says 40, a complaint even holds 41.
			await db.insertInto('protocol_sequence').values({ year: 2026, last: 40 }).execute();
			const first = await file(db, new Date('2026-03-01T12:00:00Z'));
			expect(first.kind === 'created' && seqOf(first.response.protocol)).toBe(41);
			await sql`drop sequence public.protocol_sequence_2026`.execute(db);
			// A new process (nothing cached) on that database: past 41, not 41 again.
			const [again] = (await instancesOn(db)) as [Db];
			const second = await file(again, new Date('2026-03-01T12:00:00Z'));
			expect(second.kind === 'created' && seqOf(second.response.protocol)).toBe(42);
		});

		test('continueNumbersSql raises a sequence past what was issued, never lowers it', async () => {
			const [db] = (await instances(1)) as [Db];
			const run = async (text: string) => {
				for (const statement of text.split('\n')) await sql.raw(statement).execute(db);
			};
			// No sequence yet (a backup from before them): created, its next number 101.
			await run(
				continueNumbersSql({ protocol_sequence: { 2026: 100 }, auto_sequence: {} }, 'postgres')
			);
			expect(await writeTransaction(db, (trx) => nextNumber(trx, 'protocol_sequence', 2026))).toBe(
				101
			);
			// A lower mark (an older database) leaves it where it is.
			await run(
				continueNumbersSql({ protocol_sequence: { 2026: 7 }, auto_sequence: {} }, 'postgres')
			);
			expect(await writeTransaction(db, (trx) => nextNumber(trx, 'protocol_sequence', 2026))).toBe(
				102
			);
			expect((await issuedNumbers(db)).protocol_sequence[2026]).toBe(102);
		});

		test('a copy to SQLite continues past the sequences, not the row they left behind', async () => {
			const [db] = (await instances(1)) as [Db];
			for (let i = 0; i < 3; i++) await file(db, new Date('2026-05-05T12:00:00Z'));
			await prepareNumber(db, 'protocol_sequence', 2026);
			// Numbers taken by transactions that failed: issued, so never again.
			await sql`select setval('public.protocol_sequence_2026', 9)`.execute(db);
			const lite = createDb({ kind: 'sqlite', path: ':memory:' });
			pools.push(lite);
			await copyDatabase(db, lite);
			const r = await file(lite, new Date('2026-05-05T12:00:00Z'));
			expect(r.kind === 'created' && seqOf(r.response.protocol)).toBe(10);
		});
	}
);

/** Another pool on `db`'s database: a process that has cached nothing. */
async function instancesOn(db: Db): Promise<Db[]> {
	const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
	const url = new URL(pgAdminUrl as string);
	url.pathname = `/${rows[0]?.name}`;
	const other = createDb({ kind: 'postgres', url: url.toString() });
	pools.push(other);
	return [other];
}
