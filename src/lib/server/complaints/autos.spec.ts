import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, type Db } from '$lib/server/db';
import type { RegistryEntry } from '$lib/domain/registry';
import { profileFixture } from '$lib/profile/fixtures';
import { currentRegistry, publishSnapshot } from '$lib/server/registry';
import { confirmedOffenses, recordName, recordOf, type Driver } from './auto-law';
import { recordAutoStep } from './auto-steps';
import { autosOfComplaint, issueAuto } from './autos';
import { transition } from './complaint-admin';
import { complaintsDb, file, member } from './triage.fixtures';
import { vehicleRecord } from './vehicle-record';

let db: Db;
beforeEach(async () => {
	db = await complaintsDb();
});
afterEach(() => db.destroy());

const at = (date: string) => new Date(`${date}T15:00:00Z`);

/** A founded complaint against vehicle 007 for `situation`, filed on `date`. */
async function founded(staff: Awaited<ReturnType<typeof member>>, situation: string, date: string) {
	const extra = situation === 'cobrou-mais' ? { paidCentavos: 5000 } : {};
	const { protocol } = await file(db, { situations: [situation], ...extra }, at(date));
	for (const to of ['em_analise', 'procedente'] as const)
		await transition(db, staff, { protocol, to, note: 'Apurado.', public: true }, at(date));
	return protocol;
}

/** Issues the auto for `provision` on `date`; its number. */
async function issue(
	staff: Awaited<ReturnType<typeof member>>,
	protocol: string,
	provision: string,
	date: string
) {
	const issued = await issueAuto(db, staff, { protocol, provision }, at(date));
	if (!issued.ok || !('number' in issued)) throw new Error(JSON.stringify(issued));
	return issued.number;
}

/**
 * A founded complaint for `situation` filed on `date`, its auto for `provision` issued that day and
 * carried to a final decision on `final`.
 */
async function confirmed(
	staff: Awaited<ReturnType<typeof member>>,
	[situation, provision]: [situation: string, provision: string],
	date: string,
	final: string
) {
	const protocol = await founded(staff, situation, date);
	const number = await issue(staff, protocol, provision, date);
	for (const [step, on] of [
		['notificado', date],
		['imposta', date],
		['definitiva', final]
	] as const)
		expect(
			await recordAutoStep(
				db,
				staff,
				// A defense judged improcedente, a reconsideration refused (Art. 28).
				{
					number,
					protocol,
					step,
					on,
					note: null,
					defense: 'improcedente',
					reconsideration: 'mantida'
				},
				at(final)
			)
		).toEqual({
			ok: true
		});
	return number;
}

describe('escalation through the vehicle’s confirmed offenses', () => {
	const cases: [
		first: [situation: string, provision: string],
		second: [situation: string, provision: string],
		penalty: string,
		cite: string,
		why: string
	][] = [
		[['fumando', 'art20-VII'], ['moto-suja', 'art20-I'], 'multa', 'Art. 21, I', 'repeated Art. 20'],
		[
			['cobrou-mais', 'art21-XVII'],
			['fone-de-ouvido', 'art21-X'],
			'apreensao',
			'Art. 22, I',
			'repeated Art. 21 (suspensão follows, Art. 23)'
		],
		[['armado', 'art24-II'], ['agressao', 'art24-V'], 'cassacao', 'Art. 25, I', 'repeated Art. 24']
	];
	for (const [[s1, p1], [s2, p2], penalty, cite, why] of cases)
		test(`${p1} confirmed, then ${p2} → ${penalty} (${cite}): ${why}`, async () => {
			const staff = await member(db);
			await confirmed(staff, [s1, p1], '2026-03-02', '2026-04-01');
			const second = await founded(staff, s2, '2026-11-02');
			await issueAuto(db, staff, { protocol: second, provision: p2 }, at('2026-11-02'));
			const [auto] = await autosOfComplaint(db, second, at('2026-11-02'));
			expect(auto).toMatchObject({ penalty, penaltyCite: cite, agentName: 'Fernanda Fiscal' });
			expect(auto?.penaltyDetail).toMatch(/^Reincidência/);
		});

	test('outside the 12-month window it is a first offense again (profile setting)', async () => {
		const staff = await member(db);
		await confirmed(staff, ['fumando', 'art20-VII'], '2025-10-01', '2025-10-20');
		const record = await vehicleRecord(db, '7', at('2026-11-02'));
		expect(record.windowMonths).toBe(12);
		expect(record.next.find((n) => n.article === 'art20')?.escalation).toMatchObject({
			penalty: 'advertencia',
			reason: 'first'
		});
		const inside = await vehicleRecord(db, '7', at('2026-10-01'));
		expect(inside.next.find((n) => n.article === 'art20')?.escalation).toMatchObject({
			penalty: 'multa',
			cite: 'Art. 21, I'
		});
	});

	test('an auto not yet final does not count; the record lists it with its deadlines', async () => {
		const staff = await member(db);
		const protocol = await founded(staff, 'fumando', '2026-12-01');
		const number = await issue(staff, protocol, 'art20-VII', '2026-12-01');
		await recordAutoStep(
			db,
			staff,
			{ number, protocol, step: 'notificado', on: '2026-12-02', note: null },
			at('2026-12-02')
		);
		const record = await vehicleRecord(db, '7', at('2026-12-18'));
		expect(record.confirmed).toEqual([]);
		expect(record.autos[0]?.deadlines).toMatchObject({
			defense: { due: '2026-12-17', overdue: true },
			decisionDue: true
		});
		expect(record.complaints.items.map((c) => c.protocol)).toEqual([protocol]);
		expect(record.registry?.placa).toBeTruthy();
	});
});

describe('issueAuto refuses what the law does not allow', () => {
	test('only from a procedente complaint, one per provision, numbered per year', async () => {
		const staff = await member(db);
		const { protocol } = await file(db, {}, at('2026-11-02'));
		expect(
			await issueAuto(db, staff, { protocol, provision: 'art20-VII' }, at('2026-11-02'))
		).toMatchObject({ ok: false, status: 409 });
		const ok = await founded(staff, 'fumando', '2026-11-02');
		expect(
			await issueAuto(db, staff, { protocol: ok, provision: 'art21-X' }, at('2026-11-02'))
		).toMatchObject({
			ok: false,
			field: 'dispositivo'
		});
		expect(
			await issueAuto(db, staff, { protocol: ok, provision: 'art20-VII' }, at('2026-11-02'))
		).toEqual({
			ok: true,
			number: 'AI-2026-000001'
		});
		expect(
			await issueAuto(db, staff, { protocol: ok, provision: 'art20-VII' }, at('2026-11-02'))
		).toMatchObject({
			ok: false,
			status: 409
		});
		expect((await auditLog(db, { action: 'auto.issue' })).map((a) => a.entityId)).toEqual([
			'AI-2026-000001'
		]);
	});

	test('a vehicle the registry does not identify gets no auto (Art. 26, IV)', async () => {
		const staff = await member(db);
		// A prefix the registry lacks: no plate known (a plate goes to the traffic authority:
		// ./auto-procedure.spec.ts).
		const { protocol } = await file(db, { vehicle: '998' }, at('2026-11-02'));
		for (const to of ['em_analise', 'procedente'] as const)
			await transition(db, staff, { protocol, to, note: 'x', public: false }, at('2026-11-02'));
		expect(
			await issueAuto(db, staff, { protocol, provision: 'art20-VII' }, at('2026-11-02'))
		).toMatchObject({
			ok: false,
			message: expect.stringContaining('Art. 26, IV')
		});
	});

	test('steps in order: no imposition before the notice, no date in the future', async () => {
		const staff = await member(db);
		const protocol = await founded(staff, 'fumando', '2026-11-02');
		const number = await issue(staff, protocol, 'art20-VII', '2026-11-02');
		const step = (s: 'imposta' | 'notificado', on: string) =>
			recordAutoStep(db, staff, { number, protocol, step: s, on, note: null }, at('2026-11-05'));
		expect(await step('imposta', '2026-11-03')).toMatchObject({ ok: false, status: 409 });
		expect(await step('notificado', '2026-11-06')).toMatchObject({ ok: false, field: 'data' });
		expect(await step('notificado', '2026-11-01')).toMatchObject({ ok: false, field: 'data' });
		expect(await step('notificado', '2026-11-03')).toEqual({ ok: true });
		const other = await recordAutoStep(
			db,
			staff,
			{
				number,
				protocol: 'RM-2026-999999',
				step: 'imposta',
				on: '2026-11-04',
				note: null
			},
			at('2026-11-05')
		);
		expect(other).toMatchObject({ ok: false, status: 404 });
	});
});

describe('the staff workflow follows the law', () => {
	test('reincidence compares the NEW CONDUCT’s date with the day the earlier penalty became final', async () => {
		const staff = await member(db);
		// First conduct 02/03, its penalty final on 01/04.
		await confirmed(staff, ['fumando', 'art20-VII'], '2026-03-02', '2026-04-01');
		// Second conduct on 20/03 — before 01/04 — with its auto drawn up only in November.
		const before = await founded(staff, 'moto-suja', '2026-03-20');
		await issueAuto(db, staff, { protocol: before, provision: 'art20-I' }, at('2026-11-02'));
		const [auto] = await autosOfComplaint(db, before, at('2026-11-02'));
		expect(auto).toMatchObject({ penalty: 'advertencia', penaltyCite: 'Art. 20' });
		// A conduct after 01/04 is a repeat (Art. 21, I).
		const after = await founded(staff, 'moto-suja', '2026-05-20');
		await issueAuto(db, staff, { protocol: after, provision: 'art20-I' }, at('2026-11-02'));
		expect((await autosOfComplaint(db, after, at('2026-11-02')))[0]).toMatchObject({
			penalty: 'multa',
			penaltyCite: 'Art. 21, I'
		});
	});

	test('one conduct, one offence: no vest (Art. 21, VI and Art. 5º, III) makes one auto', async () => {
		const staff = await member(db);
		const protocol = await founded(staff, 'sem-colete', '2026-11-02');
		const first = await issueAuto(db, staff, { protocol, provision: 'art21-VI' }, at('2026-11-02'));
		expect(first).toMatchObject({ ok: true });
		const second = await issueAuto(
			db,
			staff,
			{ protocol, provision: 'art5-III' },
			at('2026-11-02')
		);
		expect(second).toMatchObject({ ok: false, status: 409, field: 'dispositivo' });
		if (!second.ok && 'message' in second)
			expect(second.message).toContain('uma conduta, uma infração');
	});

	test('a fine under Art. 21, I (a repeated Art. 20) counts as an Art. 21 conduct for Art. 22, I', async () => {
		const staff = await member(db);
		await confirmed(staff, ['fumando', 'art20-VII'], '2026-03-02', '2026-04-01');
		// Art. 20 again: fined under Art. 21, I, final on 01/06.
		await confirmed(staff, ['moto-suja', 'art20-I'], '2026-05-02', '2026-06-01');
		const third = await founded(staff, 'cobrou-mais', '2026-11-02');
		await issueAuto(db, staff, { protocol: third, provision: 'art21-XVII' }, at('2026-11-02'));
		expect((await autosOfComplaint(db, third, at('2026-11-02')))[0]).toMatchObject({
			penalty: 'apreensao',
			penaltyCite: 'Art. 22, I'
		});
	});
});

describe('the penalty is computed at imposition, not frozen when the auto is drafted', () => {
	/** Records `step` on `number` dated `on`, as staff would on `now`. */
	const step = (
		staff: Awaited<ReturnType<typeof member>>,
		protocol: string,
		number: string,
		s: 'notificado' | 'imposta' | 'definitiva',
		on: string,
		now: string
	) =>
		recordAutoStep(
			db,
			staff,
			{
				number,
				protocol,
				step: s,
				on,
				note: null,
				defense: 'improcedente',
				reconsideration: 'mantida'
			},
			at(now)
		);

	test('an earlier auto that becomes final after the draft counts at the imposition (Art. 21, I)', async () => {
		const staff = await member(db);
		// B: conduct on 02/03, imposed then; its final decision (01/04) recorded only on 30/05.
		const b = await founded(staff, 'fumando', '2026-03-02');
		const bNumber = await issue(staff, b, 'art20-VII', '2026-03-02');
		expect(await step(staff, b, bNumber, 'notificado', '2026-03-02', '2026-03-02')).toEqual({
			ok: true
		});
		expect(await step(staff, b, bNumber, 'imposta', '2026-03-02', '2026-03-02')).toEqual({
			ok: true
		});
		// A: conduct on 20/05, drafted on 25/05 with no final prior: advertência.
		const a = await founded(staff, 'moto-suja', '2026-05-20');
		const aNumber = await issue(staff, a, 'art20-I', '2026-05-25');
		expect((await autosOfComplaint(db, a, at('2026-05-25')))[0]).toMatchObject({
			penalty: 'advertencia',
			atImposition: null
		});
		expect(await step(staff, b, bNumber, 'definitiva', '2026-04-01', '2026-05-30')).toEqual({
			ok: true
		});
		// Before imposing, staff see what the imposition will give.
		expect((await autosOfComplaint(db, a, at('2026-06-01')))[0]?.atImposition).toMatchObject({
			penalty: 'multa',
			cite: 'Art. 21, I'
		});
		expect(await step(staff, a, aNumber, 'notificado', '2026-05-26', '2026-06-02')).toEqual({
			ok: true
		});
		expect(await step(staff, a, aNumber, 'imposta', '2026-06-02', '2026-06-02')).toEqual({
			ok: true
		});
		const [imposed] = await autosOfComplaint(db, a, at('2026-06-02'));
		expect(imposed).toMatchObject({
			penalty: 'multa',
			penaltyCite: 'Art. 21, I',
			atImposition: null
		});
		expect(imposed?.penaltyDetail).toMatch(/^Reincidência/);
	});
});

describe('penalties go on a person’s record, not the vehicle’s', () => {
	/** Republishes the registry with vehicle 007 changed as `change` says. */
	async function registry(change: Partial<RegistryEntry>) {
		const current = await currentRegistry(db);
		await publishSnapshot(db, {
			entries: (current?.entries ?? []).map((e) => (e.prefixo === '7' ? { ...e, ...change } : e)),
			source: 'teste',
			sample: true
		});
	}

	test('an authorization transferred on the holder’s death does not inherit the deceased’s priors', async () => {
		const staff = await member(db);
		await confirmed(staff, ['fumando', 'art20-VII'], '2026-03-02', '2026-04-01');
		await registry({ titular: 'Herdeira Exemplo' });
		const next = await founded(staff, 'moto-suja', '2026-11-02');
		await issue(staff, next, 'art20-I', '2026-11-02');
		expect((await autosOfComplaint(db, next, at('2026-11-02')))[0]).toMatchObject({
			penalty: 'advertencia',
			recordOf: 'Herdeira Exemplo'
		});
		expect((await vehicleRecord(db, '7', at('2026-11-02'))).confirmed).toEqual([]);
	});

	test('without a personal record in the law, the auxiliary’s offence is on the holder’s record', async () => {
		const staff = await member(db);
		await registry({ condutorAuxiliar: 'Auxiliar Exemplo' });
		const first = await founded(staff, 'fumando', '2026-03-02');
		const issued = await issueAuto(
			db,
			staff,
			{ protocol: first, provision: 'art20-VII', driver: 'auxiliar', personal: true },
			at('2026-03-02')
		);
		expect(issued).toMatchObject({ ok: true });
		expect((await autosOfComplaint(db, first, at('2026-03-02')))[0]).toMatchObject({
			driver: 'auxiliar',
			recordOf: 'Valdecir Gomes Pinheiro'
		});
	});

	test('an auxiliary’s record keyed by CNH still reads the autos kept by name on that vehicle (Feira Art. 43 §2º)', async () => {
		const staff = await member(db);
		await confirmed(staff, ['fumando', 'art20-VII'], '2026-03-02', '2026-04-01');
		// As a personal record was kept before the registry held the auxiliary's CNH: by name.
		await db
			.updateTable('auto_infracao')
			.set({ record_of: 'auxiliar:Auxiliar Exemplo' })
			.where('prefixo', '=', '7')
			.execute();
		await registry({ condutorAuxiliar: 'Auxiliar Exemplo', auxiliarCnh: '01234567890' });
		const mine = await confirmedOffenses(db, '7', undefined, 'auxiliar:cnh:01234567890');
		expect(mine.map((o) => o.record)).toEqual(['auxiliar:Auxiliar Exemplo']);
		// A namesake with another CNH, or this CNH's record asked about another vehicle, reads none.
		expect(await confirmedOffenses(db, '7', undefined, 'auxiliar:cnh:09876543210')).toEqual([]);
		expect(await confirmedOffenses(db, '12', undefined, 'auxiliar:cnh:01234567890')).toEqual([]);
	});

	test('the auxiliary must be in the registry', async () => {
		const staff = await member(db);
		const protocol = await founded(staff, 'fumando', '2026-03-02');
		expect(
			await issueAuto(
				db,
				staff,
				{ protocol, provision: 'art20-VII', driver: 'auxiliar' },
				at('2026-03-02')
			)
		).toMatchObject({ ok: false, status: 400, field: 'condutor' });
	});

	const entry = { titular: 'Titular Exemplo', condutorAuxiliar: 'Auxiliar Exemplo' };
	const feira = profileFixture('feira-de-santana').profile.laws[0] ?? null;
	const rolim = profileFixture('rolim-de-moura').profile.laws[0] ?? null;
	const cases: [
		why: string,
		driver: Driver,
		personal: boolean,
		regime: typeof feira,
		record: string
	][] = [
		[
			'Feira, Art. 43 §2º: a personal offence of the auxiliary goes on the auxiliary’s record',
			'auxiliar',
			true,
			feira,
			'auxiliar:Auxiliar Exemplo'
		],
		[
			'Feira, Art. 43 §1º: one not personal, on the holder’s, who answers for it',
			'auxiliar',
			false,
			feira,
			'titular:Titular Exemplo'
		],
		[
			'Rolim de Moura: its law keeps no auxiliary record — the holder’s',
			'auxiliar',
			true,
			rolim,
			'titular:Titular Exemplo'
		],
		['the holder drove: the holder’s', 'titular', true, feira, 'titular:Titular Exemplo']
	];
	test.each(cases)('%s', (_why, driver, personal, regime, record) =>
		expect(recordOf(entry, driver, personal, regime)).toBe(record)
	);

	// Two auxiliaries with one name, on two vehicles: the registry's CNH keeps their records apart.
	const namesake = (auxiliarCnh?: string) => ({
		...entry,
		...(auxiliarCnh ? { auxiliarCnh } : {})
	});
	const byCnh: [why: string, e: ReturnType<typeof namesake>, personal: boolean, record: string][] =
		[
			[
				'Feira, Art. 43 §2º: keyed by the CNH when the registry holds it',
				namesake('01234567890'),
				true,
				'auxiliar:cnh:01234567890'
			],
			[
				'Feira, Art. 43 §2º: a namesake with another CNH has another record',
				namesake('09876543210'),
				true,
				'auxiliar:cnh:09876543210'
			],
			[
				'Feira, Art. 43 §2º: without a CNH, by name as before',
				namesake(),
				true,
				'auxiliar:Auxiliar Exemplo'
			],
			[
				'Feira, Art. 43 §1º: not personal, the holder’s, CNH or not',
				namesake('01234567890'),
				false,
				'titular:Titular Exemplo'
			]
		];
	test.each(byCnh)('%s', (_why, e, personal, record) =>
		expect(recordOf(e, 'auxiliar', personal, feira)).toBe(record)
	);
	test('the record keyed by CNH is shown as the CNH, to staff', () =>
		expect(recordName('auxiliar:cnh:01234567890')).toBe('CNH 01234567890'));
});

describe('the auto’s steps follow Art. 27–28', () => {
	async function notified(on: string) {
		const staff = await member(db);
		const protocol = await founded(staff, 'fumando', '2026-11-02');
		const number = await issue(staff, protocol, 'art20-VII', '2026-11-02');
		const step = (
			s: 'notificado' | 'imposta' | 'definitiva',
			date: string,
			extra: {
				defense?: 'improcedente' | 'sem_defesa';
				reconsideration?: 'mantida' | 'sem_pedido';
			} = {}
		) =>
			recordAutoStep(
				db,
				staff,
				{ number, protocol, step: s, on: date, note: null, ...extra },
				at('2026-12-31')
			);
		expect(await step('notificado', on)).toEqual({ ok: true });
		return step;
	}

	test('"imposta" only after the defense is judged or its 15 days ran out', async () => {
		const step = await notified('2026-11-03');
		// Neither said: the form must say how the defense ended.
		expect(await step('imposta', '2026-11-10')).toMatchObject({ ok: false, field: 'defesa' });
		// No defense, and the 15 days (to 18/11) not over: refused.
		expect(await step('imposta', '2026-11-10', { defense: 'sem_defesa' })).toMatchObject({
			ok: false,
			status: 409,
			field: 'data'
		});
		expect(await step('imposta', '2026-11-18', { defense: 'sem_defesa' })).toMatchObject({
			ok: false,
			status: 409
		});
		expect(await step('imposta', '2026-11-19', { defense: 'sem_defesa' })).toEqual({ ok: true });
	});

	test('a defense judged improcedente allows the imposition within the 15 days', async () => {
		const step = await notified('2026-11-03');
		expect(await step('imposta', '2026-11-10', { defense: 'improcedente' })).toEqual({ ok: true });
	});

	test('"definitiva" only after 5 business days from the ciência, or reconsideration refused', async () => {
		const step = await notified('2026-11-03');
		// Ciência of the decision on Thursday 19/11: 5 business days (20/11, Consciência Negra, is a
		// holiday) end on Friday 27/11 (Art. 28 §1º).
		expect(await step('imposta', '2026-11-19', { defense: 'sem_defesa' })).toEqual({ ok: true });
		expect(await step('definitiva', '2026-11-24')).toMatchObject({
			ok: false,
			field: 'reconsideracao'
		});
		expect(await step('definitiva', '2026-11-27', { reconsideration: 'sem_pedido' })).toMatchObject(
			{ ok: false, status: 409, field: 'data' }
		);
		expect(await step('definitiva', '2026-11-30', { reconsideration: 'sem_pedido' })).toEqual({
			ok: true
		});
	});

	test('a reconsideration refused makes the decision final at once', async () => {
		const step = await notified('2026-11-03');
		expect(await step('imposta', '2026-11-10', { defense: 'improcedente' })).toEqual({ ok: true });
		expect(await step('definitiva', '2026-11-12', { reconsideration: 'mantida' })).toEqual({
			ok: true
		});
	});
});
