/**
 * Cautelar suspensions on the server (Feira de Santana, Lei 3.815/2018 Art. 51 §1º; 026): recorded
 * with the office-found auto for XLII, LII or LV and audited; listed while in force (what
 * /api/registry publishes and the verdicts read, with no new publication of the registry); ended,
 * and audited, by the step that decides the auto. The law of the server's profile (Rolim de Moura,
 * Lei 2.059/2011) has none: its field autos bring no suspension, and its verdict shows none.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LocalDate } from '$lib/domain/clock';
import { registryRulesOn } from '$lib/domain/profile';
import type { CautelarRule } from '$lib/domain/registry';
import { profileFixture } from '$lib/profile/fixtures';
import { auditLog, type Db } from '$lib/server/db';
import { recordAutoStep } from '$lib/server/complaints/auto-steps';
import { complaintsDb, member } from '$lib/server/complaints/triage.fixtures';
import { reserveBlock } from '$lib/server/field/blocks';
import { submitFieldAuto, type FieldAutoInput } from '$lib/server/field/autos';
import {
	activeSuspensions,
	autoSuspension,
	endCautelar,
	startCautelar,
	suspensionOn,
	vehicleSuspensions
} from './cautelar';
import { verifyQuery } from './verify';

/** Feira de Santana's law, as its profile states it (the server itself runs Rolim de Moura's). */
const feira = (day: LocalDate): CautelarRule | null =>
	registryRulesOn(day, profileFixture('feira-de-santana').profile.registryRules)?.cautelar ?? null;
const NOW = new Date('2026-11-20T15:00:00Z');
const DAY = '2026-11-20';

let db: Db;
let agent: Awaited<ReturnType<typeof member>> & { matricula: string | null };
beforeEach(async () => {
	db = await complaintsDb();
	agent = { ...(await member(db)), matricula: '4471' };
});
afterEach(() => db.destroy());

const auto = (number: string, provision: string, prefixo = '7') => ({
	number,
	prefixo,
	provision,
	day: DAY
});

describe('Feira Art. 51 §1º: recorded in flagrante with the auto', () => {
	test('XLII, LII and LV suspend; another offence does not', async () => {
		const cases: [provision: string, suspends: boolean][] = [
			['art44-XLII', true],
			['art44-LII', true],
			['art44-LV', true],
			['art44-V', false],
			['art44-XLIX', false]
		];
		let n = 0;
		for (const [provision, suspends] of cases)
			expect(
				await startCautelar(
					db,
					agent,
					auto(`AI-2026-00000${++n}`, provision, String(n)),
					NOW,
					feira
				)
			).toBe(suspends);
		expect((await activeSuspensions(db)).map((s) => s.prefixo)).toEqual(['1', '2', '3']);
	});

	test('audited, and seen by staff with the offence, the provision and what ends it', async () => {
		await startCautelar(db, agent, auto('AI-2026-000001', 'art44-LII'), NOW, feira);
		const rows = await auditLog(db, { action: 'cautelar.suspensao' });
		expect(rows).toMatchObject([
			{
				entity: 'registry_entry',
				entityId: '7',
				after: { auto: 'AI-2026-000001', provision: 'art44-LII', cite: 'Art. 51 §1º', since: DAY }
			}
		]);
		const [seen] = await vehicleSuspensions(db, '7');
		expect(seen).toMatchObject({
			autoNumber: 'AI-2026-000001',
			provisionCite: 'Art. 44, LII',
			cite: 'Art. 51 §1º',
			since: DAY,
			endedOn: null
		});
		expect(await autoSuspension(db, 'AI-2026-000001')).toEqual(seen);
	});

	test('one vehicle, two autos: listed once, from the earliest', async () => {
		await startCautelar(db, agent, auto('AI-2026-000002', 'art44-LV'), NOW, feira);
		await startCautelar(
			db,
			agent,
			{ ...auto('AI-2026-000001', 'art44-XLII'), day: '2026-11-19' },
			NOW,
			feira
		);
		expect(await activeSuspensions(db)).toEqual([{ prefixo: '7', since: '2026-11-19' }]);
	});
});

describe('ended by the auto’s decision (Art. 51 §1º: while its procedure lasts; Art. 59)', () => {
	test('a notice does not end it; the judgment does, on its day, audited', async () => {
		await startCautelar(db, agent, auto('AI-2026-000001', 'art44-LII'), NOW, feira);
		const end = (step: string, on: LocalDate) =>
			endCautelar(db, agent, 'AI-2026-000001', step, on, NOW, feira);
		expect(await end('notificado', '2026-11-21')).toBe(false);
		expect(await activeSuspensions(db)).toHaveLength(1);
		expect(await end('imposta', '2026-11-30')).toBe(true);
		expect(await activeSuspensions(db)).toEqual([]);
		// In force up to the day before the decision, not on it.
		expect(await suspensionOn(db, '7', '2026-11-29')).toEqual({ prefixo: '7', since: DAY });
		expect(await suspensionOn(db, '7', '2026-11-30')).toBeNull();
		expect(await suspensionOn(db, '7', '2026-11-19')).toBeNull();
		expect(await auditLog(db, { action: 'cautelar.encerrada' })).toMatchObject([
			{ entityId: '7', after: { endedOn: '2026-11-30', by: 'imposta' } }
		]);
		expect(await vehicleSuspensions(db, '7')).toMatchObject([
			{ endedOn: '2026-11-30', endedBy: 'imposta' }
		]);
		// Ended once: a later step changes nothing.
		expect(await end('definitiva', '2026-12-30')).toBe(false);
	});

	test('the auto cancelled ends it too', async () => {
		await startCautelar(db, agent, auto('AI-2026-000001', 'art44-LV'), NOW, feira);
		expect(await endCautelar(db, agent, 'AI-2026-000001', 'cancelada', DAY, NOW, feira)).toBe(true);
	});

	test('a law whose suspension lasts until the decision is final: the imposition does not end it', async () => {
		const untilFinal = (day: LocalDate) => {
			const rule = feira(day);
			return rule && { ...rule, endsWith: 'final' as const };
		};
		await startCautelar(db, agent, auto('AI-2026-000001', 'art44-LV'), NOW, untilFinal);
		const end = (step: string) =>
			endCautelar(db, agent, 'AI-2026-000001', step, DAY, NOW, untilFinal);
		expect(await end('imposta')).toBe(false);
		expect(await end('definitiva')).toBe(true);
	});

	test('the staff’s decision step on the auto’s page ends it, in the same transaction', async () => {
		await reserveBlock(db, agent, 'AAAAAAAAAAAAAAAA', 2026, NOW, 5);
		expect(
			await submitFieldAuto(
				db,
				agent,
				{ status: 'enrolled', deviceId: 'AAAAAAAAAAAAAAAA' },
				fieldAuto('AI-2026-000001'),
				NOW
			)
		).toMatchObject({ ok: true });
		// Rolim de Moura's law has no cautelar suspension: its field auto brought none…
		expect(await autoSuspension(db, 'AI-2026-000001')).toBeNull();
		// …so the one Feira's law would have brought is recorded here directly.
		await startCautelar(db, agent, auto('AI-2026-000001', 'art44-LII'), NOW, feira);
		const step = (s: 'notificado' | 'imposta', on: LocalDate) =>
			recordAutoStep(
				db,
				agent,
				{
					number: 'AI-2026-000001',
					protocol: null,
					step: s,
					on,
					note: null,
					defense: 'improcedente'
				},
				new Date('2026-11-22T15:00:00Z')
			);
		expect(await step('notificado', '2026-11-20')).toEqual({ ok: true });
		expect(await activeSuspensions(db)).toHaveLength(1);
		expect(await step('imposta', '2026-11-21')).toEqual({ ok: true });
		expect(await activeSuspensions(db)).toEqual([]);
		expect(await autoSuspension(db, 'AI-2026-000001')).toMatchObject({
			endedOn: '2026-11-21',
			endedBy: 'imposta'
		});
	});
});

describe('an auto void for want of a notice in time (Feira Art. 55 §1º: 30 days, or void)', () => {
	const procedures = profileFixture('feira-de-santana').profile.procedures;
	test('its procedure is over: the suspension no longer counts, and staff are told why', async () => {
		await startCautelar(db, agent, auto('AI-2026-000009', 'art44-LV', '12'), NOW, feira);
		// Conduct on 20/11: the notice could go out until 20/12.
		expect(await activeSuspensions(db, '2026-12-20', procedures)).toEqual([
			{ prefixo: '12', since: DAY }
		]);
		expect(await activeSuspensions(db, '2026-12-21', procedures)).toEqual([]);
		expect(await suspensionOn(db, '12', '2026-12-20', procedures)).not.toBeNull();
		expect(await suspensionOn(db, '12', '2026-12-21', procedures)).toBeNull();
		expect(await vehicleSuspensions(db, '12', '2026-12-21', procedures)).toMatchObject([
			{ endedOn: null, voided: true }
		]);
	});

	test('notified in time, it stays in force until the decision', async () => {
		await reserveBlock(db, agent, 'AAAAAAAAAAAAAAAA', 2026, NOW, 5);
		await submitFieldAuto(
			db,
			agent,
			{ status: 'enrolled', deviceId: 'AAAAAAAAAAAAAAAA' },
			fieldAuto('AI-2026-000001'),
			NOW
		);
		await startCautelar(db, agent, auto('AI-2026-000001', 'art44-LII'), NOW, feira);
		expect(
			await recordAutoStep(
				db,
				agent,
				{ number: 'AI-2026-000001', protocol: null, step: 'notificado', on: DAY, note: null },
				NOW
			)
		).toEqual({ ok: true });
		expect(await activeSuspensions(db, '2027-01-30', procedures)).toEqual([
			{ prefixo: '7', since: DAY }
		]);
		expect(await vehicleSuspensions(db, '7', '2027-01-30', procedures)).toMatchObject([
			{ voided: false }
		]);
	});
});

describe('a law without it (Rolim de Moura, Lei 2.059/2011): nothing shown', () => {
	test('a suspension row changes no verdict under a law that has none', async () => {
		const before = await verifyQuery('7', NOW, db);
		await startCautelar(db, agent, auto('AI-2026-000001', 'art44-LII'), NOW, feira);
		const after = await verifyQuery('7', NOW, db);
		expect(after?.verdict).toBe(before?.verdict);
		expect(after?.checks.map((c) => c.id)).toEqual(before?.checks.map((c) => c.id));
		expect(after?.checks.some((c) => c.id === 'cautelar')).toBe(false);
	});
});

function fieldAuto(number: string): FieldAutoInput {
	return {
		key: `chave-cautelar-${number}`,
		number,
		copyToken: `via-do-condutor-${number}-xxxxxxxxxxxxxxxxxxxx`,
		prefixo: '7',
		conduct: 'fumando',
		provision: 'art20-VII',
		occurredAt: new Date(NOW.getTime() - 600_000).toISOString(),
		clockOffsetMs: 0,
		place: { address: 'Av. Norte Sul, 100' },
		driver: 'titular',
		signature: 'assinou',
		observations: '',
		photos: []
	};
}
