import { describe, expect, test } from 'vitest';
import { createDb, migrate } from './connection';
import { COPY_ORDER, copyDatabase, countRows } from './copy';

describe('copyDatabase (npm run db:copy)', () => {
	test('knows every table the migrations create (a new table must be added to COPY_ORDER)', async () => {
		const db = createDb({ kind: 'sqlite', path: ':memory:' });
		await migrate(db);
		const tables = (await db.introspection.getTables()).map((t) => t.name);
		expect([...COPY_ORDER].sort()).toEqual(tables.sort());
		await db.destroy();
	});

	test('copies every row into an empty database, and refuses a database with data', async () => {
		const from = createDb({ kind: 'sqlite', path: ':memory:' });
		const to = createDb({ kind: 'sqlite', path: ':memory:' });
		await migrate(from);
		expect(await countRows(from)).toBe(0);
		await from.insertInto('protocol_sequence').values({ year: 2026, last: 41 }).execute();
		await from
			.insertInto('staff')
			.values({
				email: 'g@garupa.test',
				name: 'G',
				role: 'gestor',
				password_hash: 'x',
				created_at: '2026-01-01T00:00:00Z'
			})
			.execute();
		const counts = await copyDatabase(from, to);
		expect(counts).toMatchObject({ protocol_sequence: 1, staff: 1, rules_version: 1 });
		expect(await to.selectFrom('protocol_sequence').selectAll().execute()).toEqual([
			{ year: 2026, last: 41 }
		]);
		await expect(copyDatabase(from, to)).rejects.toThrow(/já tem dados/);
		await from.destroy();
		await to.destroy();
	});
});
