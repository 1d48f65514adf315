import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { answerAt } from '$lib/rules';
import { isBusinessDay } from '$lib/domain/complaint';
import type { DayInput, DecreeInput } from '$lib/domain/rules-form';
import { profile } from '$lib/profile';
import { auditLog, type Db } from '$lib/server/db';
import {
	GESTOR as gestor,
	addGestor,
	closeTempDb,
	openTempDb,
	otherConnection
} from '$lib/server/db/db.fixtures';
import { enteredDays, enteredDecrees } from './entered';
import { addDecree, addDecreedDay, removeDecree, removeDecreedDay } from './rules-edit';
import { RULES_RECHECK_MS, currentRules, loadRules, rulesVersion } from './rules-store';

let db: Db;

beforeEach(async () => {
	db = await openTempDb('rules');
	await addGestor(db);
});
afterEach(() => closeTempDb(db));

const decree2030: DecreeInput = {
	reference: 'Decreto nº 123/2029',
	validFrom: '2030-01-01',
	bandeiras: { 1: { flagfall: 800 }, 2: { flagfall: 1100 } },
	surcharges: []
};
const at = (iso: string) => new Date(iso);
const ENTERED = at('2029-06-01T12:00:00-04:00');

/** Enters a decreed day as the gestor, before its date. */
const enterDay = (day: DayInput) => addDecreedDay(db, day, gestor, ENTERED);
/** A Tuesday made a holiday by decree. */
const HOLIDAY_2030: DayInput = {
	date: '2030-03-05',
	action: 'add',
	name: 'Feriado decretado',
	reference: 'Decreto nº 9/2030'
};

async function answer(iso: string) {
	const rules = await loadRules(db);
	return answerAt(at(iso), rules.bandeiraContext, rules.decrees);
}

describe('tariff decrees from the database (Art. 15, 17)', () => {
	test('with nothing entered, the profile sample decides and says so', async () => {
		const a = await answer('2030-03-04T10:00:00-04:00');
		expect(a?.fare?.centavos).toBe(700);
		expect(a?.decree?.sample).toBe(true);
	});

	const cases: [iso: string, centavos: number, sample: boolean, why: string][] = [
		['2029-12-31T23:59:00-04:00', 900, true, 'the night before: still the sample (bandeira II)'],
		['2030-01-01T00:00:00-04:00', 1100, false, 'from its first local day: the decree, no sample'],
		['2030-03-04T10:00:00-04:00', 800, false, 'a Monday morning: bandeira I of the decree'],
		['2031-03-04T10:00:00-04:00', 800, false, 'stays in force until the next decree']
	];
	for (const [iso, centavos, sample, why] of cases) {
		test(`decree valid from 2030-01-01, ${iso} → ${centavos}: ${why}`, async () => {
			await addDecree(db, decree2030, gestor, ENTERED);
			const a = await answer(iso);
			expect(a?.fare?.centavos).toBe(centavos);
			expect(a?.decree?.sample).toBe(sample);
		});
	}

	test('a real decree before a sample date supersedes the later sample too', async () => {
		await addDecree(db, { ...decree2030, validFrom: '2025-06-01' }, gestor, ENTERED);
		const rules = await loadRules(db);
		expect(rules.decrees.map((d) => d.id)).toEqual(['cooperativa-2016', 'decreto-1']);
		const a = await answer('2026-06-01T10:00:00-04:00');
		expect(a?.decree?.reference).toBe('Decreto nº 123/2029');
	});

	test('per-km values and surcharges round-trip', async () => {
		await addDecree(
			db,
			{
				...decree2030,
				bandeiras: { 1: { flagfall: 500, perKm: 150 }, 2: { flagfall: 650, perKm: 195 } },
				surcharges: [{ id: 'x', label: 'Loteamento', centavos: 100, places: [] }],
				note: 'Reajuste anual'
			},
			gestor,
			ENTERED
		);
		const [d] = await enteredDecrees(db);
		expect(d?.bandeiras[2]).toEqual({ flagfall: 650, perKm: 195 });
		expect(d?.surcharges[0]?.centavos).toBe(100);
		expect(d?.note).toBe('Reajuste anual');
		expect(d?.enteredBy).toBe(gestor.email);
	});

	test('every change is audited in its transaction and bumps the version', async () => {
		expect(await rulesVersion(db)).toBe(0);
		const d = await addDecree(db, decree2030, gestor, ENTERED);
		expect(await rulesVersion(db)).toBe(1);
		expect(await removeDecree(db, d.dbId, gestor, ENTERED)).toEqual({ ok: true });
		expect(await rulesVersion(db)).toBe(2);
		const log = await auditLog(db, { entity: 'tariff_decree' });
		expect(log.map((r) => r.action)).toEqual(['tariff_decree.delete', 'tariff_decree.create']);
		expect(log[1]?.after).toMatchObject({
			reference: 'Decreto nº 123/2029',
			validFrom: '2030-01-01'
		});
		expect(log[0]?.before).toMatchObject({ validFrom: '2030-01-01' });
		expect(log[0]?.staffEmail).toBe(gestor.email);
	});

	test('a decree in force (its date has come) cannot be removed', async () => {
		const d = await addDecree(db, decree2030, gestor, ENTERED);
		const onTheDay = at('2030-01-01T08:00:00-04:00');
		expect(await removeDecree(db, d.dbId, gestor, onTheDay)).toEqual({
			ok: false,
			reason: 'in_force'
		});
		expect(await removeDecree(db, 999, gestor, onTheDay)).toEqual({
			ok: false,
			reason: 'not_found'
		});
		expect(await rulesVersion(db)).toBe(1);
	});
});

describe('decreed days (Art. 16 §1º: bandeira II on holidays)', () => {
	// 2030-03-05 is a Tuesday; 2030-08-05 (Aniversário de Rolim de Moura) a Monday.
	test('an added holiday gives bandeira II on that date only', async () => {
		await enterDay(HOLIDAY_2030);
		const on = await answer('2030-03-05T10:00:00-04:00');
		expect(on?.bandeira.flag).toBe(2);
		expect(on?.bandeira.reasons[0]).toMatchObject({ kind: 'holiday' });
		expect((await answer('2030-03-04T10:00:00-04:00'))?.bandeira.flag).toBe(1);
		expect((await answer('2030-03-06T10:00:00-04:00'))?.bandeira.flag).toBe(1);
	});

	test('a removed holiday gives bandeira I by day on that date only', async () => {
		expect((await answer('2030-08-05T10:00:00-04:00'))?.bandeira.flag).toBe(2);
		await enterDay({
			date: '2030-08-05',
			action: 'remove',
			name: 'Feriado transferido',
			reference: 'Decreto nº 10/2030'
		});
		expect((await answer('2030-08-05T10:00:00-04:00'))?.bandeira.flag).toBe(1);
		expect((await answer('2031-08-05T10:00:00-04:00'))?.bandeira.flag).toBe(2);
	});

	test('a day the decree closes the office: read back as a closure, no business day, still bandeira I', async () => {
		const d = await enterDay({
			date: '2030-03-05',
			action: 'close',
			name: 'Ponto facultativo municipal',
			reference: 'Decreto nº 11/2030'
		});
		expect(d.action).toBe('close');
		expect((await enteredDays(db)).map((e) => e.action)).toEqual(['close']);
		const rules = await loadRules(db);
		expect(rules.holidays.calendar.closedOn?.('2030-03-05')).toBe(true);
		expect(rules.holidays.calendar.holidaysOn('2030-03-05')).toEqual([]);
		expect(isBusinessDay('2030-03-05', rules.holidays.calendar)).toBe(false);
		expect((await answer('2030-03-05T10:00:00-04:00'))?.bandeira.flag).toBe(1);
	});

	test('removing a decreed day before it comes restores the calendar; audited', async () => {
		const d = await enterDay(HOLIDAY_2030);
		expect(await removeDecreedDay(db, d.dbId, gestor, ENTERED)).toEqual({ ok: true });
		expect((await answer('2030-03-05T10:00:00-04:00'))?.bandeira.flag).toBe(1);
		const log = await auditLog(db, { entity: 'decreed_day' });
		expect(log.map((r) => r.action)).toEqual(['decreed_day.delete', 'decreed_day.create']);
	});

	test('the holiday list of the year shows the decreed day with its decree', async () => {
		await enterDay(HOLIDAY_2030);
		const rules = await loadRules(db);
		expect(rules.holidays.year(2030).holidays).toContainEqual({
			date: '2030-03-05',
			name: 'Feriado decretado',
			scope: 'decreed',
			source: 'Decreto nº 9/2030'
		});
		expect(rules.decreedDays).toHaveLength(profile.holidays.decreedDays.length + 1);
	});
});

describe('the in-process cache', () => {
	test('reuses the rules within a second, then sees a change made by another instance', async () => {
		const t0 = 1_000_000;
		const first = await currentRules(db, t0);
		// Another instance writes straight to the database (no local invalidation).
		const other = otherConnection(db);
		await addDecree(other, decree2030, gestor, ENTERED);
		await other.destroy();
		expect(await currentRules(db, t0 + RULES_RECHECK_MS - 1)).toBe(first);
		const later = await currentRules(db, t0 + RULES_RECHECK_MS);
		expect(later).not.toBe(first);
		expect(later.decrees.some((d) => d.reference === 'Decreto nº 123/2029')).toBe(true);
	});

	test('a change on this instance is seen at once', async () => {
		const t0 = 2_000_000;
		await currentRules(db, t0);
		await addDecree(db, decree2030, gestor, ENTERED);
		const now = await currentRules(db, t0 + 1);
		expect(now.version).toBe(1);
	});

	test('an unchanged version keeps the same rules object (no re-read of the tables)', async () => {
		const a = await currentRules(db, 3_000_000);
		const b = await currentRules(db, 3_000_000 + 5 * RULES_RECHECK_MS);
		expect(b).toBe(a);
	});

	test('a new decree keeps the holiday calendar; a new day rebuilds it', async () => {
		const a = await currentRules(db, 4_000_000);
		await addDecree(db, decree2030, gestor, ENTERED);
		const b = await currentRules(db, 4_000_001);
		expect(b.holidays).toBe(a.holidays);
		await enterDay(HOLIDAY_2030);
		const c = await currentRules(db, 4_000_002);
		expect(c.holidays).not.toBe(b.holidays);
	});
});
