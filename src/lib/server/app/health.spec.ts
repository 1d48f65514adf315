import { describe, expect, test } from 'vitest';
import { createDb, migrate } from '$lib/server/db';
import { readiness } from './health';

describe('readiness (GET /readyz)', () => {
	test('pending before the migrations, ready after, unavailable once the database is gone', async () => {
		const db = createDb({ kind: 'sqlite', path: ':memory:' });
		expect(await readiness(db)).toEqual({
			status: 'unavailable',
			database: 'ok',
			migrations: 'pending',
			dialect: 'sqlite'
		});
		await migrate(db);
		expect(await readiness(db)).toEqual({
			status: 'ready',
			database: 'ok',
			migrations: 'current',
			dialect: 'sqlite'
		});
		await db.destroy();
		expect(await readiness(db)).toMatchObject({ status: 'unavailable', database: 'unreachable' });
	});
});
