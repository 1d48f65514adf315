/**
 * Cautelar suspensions on PostgreSQL (026_cautelar_suspension; Feira de Santana, Lei 3.815/2018
 * Art. 51 §1º), with PG_TEST_URL: recorded with its audit row, listed once per vehicle from the
 * earliest, read by day, and ended — audited — by the auto's decision, as on SQLite
 * (src/lib/server/registry/cautelar.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocalDate } from '../../src/lib/domain/clock';
import { registryRulesOn } from '../../src/lib/domain/profile';
import type { CautelarRule } from '../../src/lib/domain/registry';
import { profileFixture } from '../../src/lib/profile/fixtures';
import { auditLog, createDb, migrate, type Db } from '../../src/lib/server/db';
import {
	activeSuspensions,
	endCautelar,
	startCautelar,
	suspensionOn,
	vehicleSuspensions
} from '../../src/lib/server/registry/cautelar';
import { createPgDatabase, pgAdminUrl } from './server-harness';

const feira = (day: LocalDate): CautelarRule | null =>
	registryRulesOn(day, profileFixture('feira-de-santana').profile.registryRules)?.cautelar ?? null;
const NOW = new Date('2026-11-20T15:00:00Z');

describe.skipIf(!pgAdminUrl)('cautelar suspensions on PostgreSQL', { timeout: 60_000 }, () => {
	let database: { url: string; drop: () => Promise<void> };
	let db: Db;
	let staff: { id: number; email: string };
	beforeAll(async () => {
		database = await createPgDatabase(pgAdminUrl as string, 'garupa_cautelar');
		db = createDb({ kind: 'postgres', url: database.url });
		await migrate(db);
		const row = await db
			.insertInto('staff')
			.values({
				email: 'f@garupa.test',
				name: 'F',
				role: 'fiscal',
				password_hash: 'x',
				created_at: '2026-01-01T00:00:00Z'
			})
			.returning('id')
			.executeTakeFirstOrThrow();
		staff = { id: Number(row.id), email: 'f@garupa.test' };
	});
	afterAll(async () => {
		await db?.destroy();
		await database?.drop();
	});

	test('start, list, read by day, end by the decision', async () => {
		const start = (number: string, provision: string, prefixo: string, day: LocalDate) =>
			startCautelar(db, staff, { number, prefixo, provision, day }, NOW, feira);
		expect(await start('AI-2026-000001', 'art44-LII', '7', '2026-11-20')).toBe(true);
		expect(await start('AI-2026-000002', 'art44-LV', '7', '2026-11-19')).toBe(true);
		expect(await start('AI-2026-000003', 'art44-XLII', '12', '2026-11-20')).toBe(true);
		expect(await start('AI-2026-000004', 'art44-V', '30', '2026-11-20')).toBe(false);
		expect(await activeSuspensions(db)).toEqual([
			{ prefixo: '12', since: '2026-11-20' },
			{ prefixo: '7', since: '2026-11-19' }
		]);
		expect(
			await endCautelar(db, staff, 'AI-2026-000003', 'imposta', '2026-11-25', NOW, feira)
		).toBe(true);
		expect(await suspensionOn(db, '12', '2026-11-24')).toEqual({
			prefixo: '12',
			since: '2026-11-20'
		});
		expect(await suspensionOn(db, '12', '2026-11-25')).toBeNull();
		expect(await activeSuspensions(db)).toEqual([{ prefixo: '7', since: '2026-11-19' }]);
		expect(await vehicleSuspensions(db, '12')).toMatchObject([
			{ autoNumber: 'AI-2026-000003', endedOn: '2026-11-25', endedBy: 'imposta' }
		]);
		const actions = (await auditLog(db, { staffEmail: 'f@garupa.test' })).map((r) => r.action);
		expect(actions.filter((a) => a === 'cautelar.suspensao')).toHaveLength(3);
		expect(actions.filter((a) => a === 'cautelar.encerrada')).toHaveLength(1);
	});
});
