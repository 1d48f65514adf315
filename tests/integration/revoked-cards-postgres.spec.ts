/**
 * Revoked vehicle cards on PostgreSQL (022_revoked_cards), with PG_TEST_URL: the serial kept as a
 * number (not the driver's string), revoking twice changes nothing, the audit row written in the
 * same transaction, and the status list carries the serials — as on SQLite
 * (src/lib/server/registry/card-revocation.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { entry } from '../../src/lib/domain/registry.fixtures';
import { decodeStatusList } from '../../src/lib/domain/card-status';
import { auditLog, createDb, migrate, type Db } from '../../src/lib/server/db';
import {
	revokeCard,
	revokedSerials,
	revokedStatusList
} from '../../src/lib/server/registry/card-revocation';
import { publishSnapshot } from '../../src/lib/server/registry/registry';
import { addGestor, GESTOR } from '../../src/lib/server/db/db.fixtures';
import { createPgDatabase, pgAdminUrl } from './server-harness';

describe.skipIf(!pgAdminUrl)('revoked cards on PostgreSQL', { timeout: 60_000 }, () => {
	let database: { url: string; drop: () => Promise<void> };
	let db: Db;
	beforeAll(async () => {
		database = await createPgDatabase(pgAdminUrl as string, 'garupa_revoked');
		db = createDb({ kind: 'postgres', url: database.url });
		await migrate(db);
		await addGestor(db);
		await publishSnapshot(db, {
			entries: [entry('7'), entry('12')],
			source: 'a.csv',
			sample: true
		});
	});
	afterAll(async () => {
		await db?.destroy();
		await database?.drop();
	});

	test('revoke, revoke again, list', async () => {
		expect(await revokeCard(db, '7', GESTOR)).toEqual({ serial: 10_007, already: false });
		expect(await revokeCard(db, '7', GESTOR)).toEqual({ serial: 10_007, already: true });
		expect(await revokeCard(db, '12', GESTOR)).toEqual({ serial: 10_012, already: false });
		expect(await revokedSerials(db)).toEqual([10_007, 10_012]);
		expect(await decodeStatusList(await revokedStatusList(db))).toEqual([10_007, 10_012]);
		const rows = (await auditLog(db, { staffEmail: GESTOR.email })).filter(
			(r) => r.action === 'card.revoke'
		);
		expect(rows).toHaveLength(2);
	});
});
