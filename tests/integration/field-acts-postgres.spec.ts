/**
 * The law's other field acts on PostgreSQL (025_field_acts), with PG_TEST_URL: a preliminary
 * notice (Feira de Santana's rule, Lei 3.815/2018 Art. 41: 10 days) and impounds (Rolim de Moura,
 * Lei 2.059/2011 Art. 22) numbered in their own yearly sequences with no gap, also when recorded at
 * once; "adapted" refused in the period and recorded on the deadline; the driver's copy by its
 * token only — as on SQLite (src/lib/server/field/acts.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { entry } from '../../src/lib/domain/registry.fixtures';
import { profileFixture } from '../../src/lib/profile/fixtures';
import { auditLog, createDb, migrate, type Db } from '../../src/lib/server/db';
import {
	closeNoticeAdapted,
	impoundByToken,
	noticeByNumber,
	recordImpound,
	recordNotice
} from '../../src/lib/server/field/acts';
import { publishSnapshot } from '../../src/lib/server/registry/registry';
import { createPgDatabase, pgAdminUrl } from './server-harness';

const NOW = new Date('2026-12-08T15:00:00Z');
const FEIRA = {
	acts: profileFixture('feira-de-santana').profile.laws.at(-1)!.fieldActs!,
	lawId: 'lei-3815-2018'
};

describe.skipIf(!pgAdminUrl)('field acts on PostgreSQL', { timeout: 60_000 }, () => {
	let database: { url: string; drop: () => Promise<void> };
	let db: Db;
	let agent: { id: number; email: string; name: string; matricula: string | null };
	beforeAll(async () => {
		database = await createPgDatabase(pgAdminUrl as string, 'garupa_field_acts');
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
		agent = { id: Number(row.id), email: 'f@garupa.test', name: 'F', matricula: '77' };
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

	test('a notice: numbered, 10 days, adapted only on the deadline', async () => {
		const input = { prefixo: '7', provision: 'art44-II', place: 'Centro', observations: '' };
		expect(await recordNotice(db, agent, input, NOW, FEIRA)).toEqual({
			ok: true,
			number: 'NP-2026-000001'
		});
		expect((await noticeByNumber(db, 'NP-2026-000001'))?.deadline).toBe('2026-12-18');
		const early = new Date('2026-12-17T15:00:00Z');
		expect(await closeNoticeAdapted(db, agent, 'NP-2026-000001', early)).toMatchObject({
			ok: false,
			status: 409
		});
		const onTime = new Date('2026-12-18T15:00:00Z');
		expect(await closeNoticeAdapted(db, agent, 'NP-2026-000001', onTime)).toEqual({ ok: true });
		expect((await noticeByNumber(db, 'NP-2026-000001'))?.status).toBe('adequada');
	});

	test('impounds recorded at once: numbers 1..8, no gap; the copy by its token only', async () => {
		const input = {
			vehicle: '12',
			placa: null,
			provision: 'art22-V',
			place: 'Centro',
			observations: ''
		};
		const results = await Promise.all(
			Array.from({ length: 8 }, () => recordImpound(db, agent, input, NOW))
		);
		const numbers = results.map((r) => (r.ok ? r.number : r.message)).sort();
		expect(numbers).toEqual(
			Array.from({ length: 8 }, (_, i) => `AP-2026-${String(i + 1).padStart(6, '0')}`)
		);
		const first = results[0];
		if (!first?.ok) throw new Error('not recorded');
		expect(await impoundByToken(db, first.number, first.token)).toMatchObject({
			prefixo: '12',
			deposit: 'o depósito da Prefeitura'
		});
		expect(await impoundByToken(db, first.number, 'A'.repeat(32))).toBeNull();
		expect((await auditLog(db, { entity: 'impound' })).length).toBe(8);
	});
});
