/**
 * The auxiliary's own record for an office-found auto (Feira de Santana, Lei 3.815/2018 Art. 43):
 * the agent says who drove; a personal offence of the auxiliary (§2º, as the regime's reading lists
 * them) goes on the auxiliary's record, keyed by the CNH the registry holds (never public), and
 * every other one on the holder's, who answers for the auxiliary (§1º). Under a law without a
 * personal record (Rolim de Moura's Lei 2.059/2011, the server's profile) the field auto of an
 * auxiliary goes on the holder's record.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { personalOffence } from '$lib/domain/personal-offence';
import { profileFixture } from '$lib/profile/fixtures';
import type { Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import { recordOf, type Driver } from '$lib/server/complaints/auto-law';
import { complaintsDb, member } from '$lib/server/complaints/triage.fixtures';
import { ensureSampleRegistry, staffEntry } from '$lib/server/registry';
import { reserveBlock } from './blocks';
import { submitFieldAuto, type FieldAutoInput } from './autos';

const NOW = new Date('2026-11-20T15:00:00Z');
const PHONE = 'AAAAAAAAAAAAAAAA';

describe('Feira Art. 43 §§1º–2º: whose record a field auto goes on', () => {
	const feira = profileFixture('feira-de-santana');
	const law = feira.profile.laws[0] ?? null;
	const catalog = feira.offenseCatalogs[0]!;
	let db: Db;
	beforeEach(async () => {
		db = await memoryDb();
		// Feira's sample registry: vehicle 003's auxiliary, Edson Souza Lima, with his CNH.
		await ensureSampleRegistry(db, feira.registrySample, '2026-01-01');
	});
	afterEach(() => db.destroy());

	const cases: [why: string, driver: Driver, provision: string, record: string][] = [
		[
			'§2º: the auxiliary drove drunk (Art. 44, XLII, personal): the auxiliary’s record, by CNH',
			'auxiliar',
			'art44-XLII',
			'auxiliar:cnh:98765432100'
		],
		[
			'§2º: the auxiliary carried two passengers (Art. 44, LV, personal)',
			'auxiliar',
			'art44-LV',
			'auxiliar:cnh:98765432100'
		],
		[
			'§1º: the auxiliary drove with the insurance lapsed (Art. 44, XLIX, the authorization’s): the holder’s',
			'auxiliar',
			'art44-XLIX',
			'titular:José Raimundo Oliveira'
		],
		[
			'the holder drove: the holder’s, personal or not',
			'titular',
			'art44-XLII',
			'titular:José Raimundo Oliveira'
		]
	];
	test.each(cases)('%s', async (_why, driver, provision, record) => {
		const entry = await staffEntry(db, '3');
		expect(entry?.auxiliarCnh).toBe('98765432100');
		expect(recordOf(entry, driver, personalOffence(catalog, provision), law)).toBe(record);
	});
});

describe('a law without a personal record (Rolim de Moura, the server’s profile)', () => {
	let db: Db;
	let agent: Awaited<ReturnType<typeof member>> & { matricula: string | null };
	beforeEach(async () => {
		db = await complaintsDb();
		agent = { ...(await member(db)), matricula: '4471' };
		await reserveBlock(db, agent, PHONE, 2026, NOW, 5);
	});
	afterEach(() => db.destroy());

	test('the auxiliary drove: the field auto goes on the holder’s record, naming who drove', async () => {
		const entry = await staffEntry(db, '2');
		expect(entry?.condutorAuxiliar).toBeTruthy();
		const input: FieldAutoInput = {
			key: 'chave-auxiliar-000001',
			number: 'AI-2026-000001',
			copyToken: 'via-do-condutor-auxiliar-xxxxxxxxxxxxxxxx',
			prefixo: '2',
			conduct: 'fumando',
			provision: 'art20-VII',
			occurredAt: new Date(NOW.getTime() - 600_000).toISOString(),
			clockOffsetMs: 0,
			place: { address: 'Av. Norte Sul, 100' },
			driver: 'auxiliar',
			signature: 'assinou',
			observations: '',
			photos: []
		};
		expect(
			await submitFieldAuto(db, agent, { status: 'enrolled', deviceId: PHONE }, input, NOW)
		).toMatchObject({
			ok: true
		});
		const row = await db
			.selectFrom('auto_infracao')
			.select(['driver', 'record_of', 'evidence'])
			.where('number', '=', 'AI-2026-000001')
			.executeTakeFirstOrThrow();
		expect(row).toMatchObject({ driver: 'auxiliar', record_of: `titular:${entry?.titular}` });
		expect(JSON.parse(row.evidence ?? '{}')).toMatchObject({ driverName: entry?.condutorAuxiliar });
	});
});
