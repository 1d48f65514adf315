/**
 * The procedure on the server, under the running profile (Rolim de Moura, Lei 2.059/2011): no
 * notice limit (a late notice is no refusal), the review's days fixed by Art. 28 §1º (nothing asked
 * at imposition), the agent's matrícula kept on the auto where the staff record has one, and a
 * plate the registry lacks answered truthfully (CTB art. 231, VIII), not "sem identificação".
 * Feira de Santana's limits (Art. 55 §1º, Art. 60) are table-driven in
 * src/lib/domain/auto-procedure.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '$lib/server/db';
import { recordAutoStep } from './auto-steps';
import { autosOfComplaint, issueAuto } from './autos';
import { transition } from './complaint-admin';
import { complaintsDb, file, member } from './triage.fixtures';

let db: Db;
beforeEach(async () => {
	db = await complaintsDb();
});
afterEach(() => db.destroy());

const at = (date: string) => new Date(`${date}T15:00:00Z`);

async function founded(
	staff: Awaited<ReturnType<typeof member>>,
	date: string,
	fields: Record<string, unknown> = {}
) {
	const { protocol } = await file(db, { situations: ['fumando'], ...fields }, at(date));
	for (const to of ['em_analise', 'procedente'] as const)
		await transition(db, staff, { protocol, to, note: 'Apurado.', public: true }, at(date));
	return protocol;
}

/** A founded complaint of `date` and the auto (Art. 20 VII) issued for it that day. */
async function autoOf(staff: Awaited<ReturnType<typeof member>>, date: string) {
	const protocol = await founded(staff, date);
	const issued = await issueAuto(db, staff, { protocol, provision: 'art20-VII' }, at(date));
	if (!issued.ok || !('number' in issued)) throw new Error(JSON.stringify(issued));
	return { protocol, number: issued.number };
}

describe('Rolim de Moura: the law sets no notice limit', () => {
	test('a notice months after the conduct is recorded, and the auto is not void', async () => {
		const staff = await member(db);
		const { protocol, number } = await autoOf(staff, '2026-01-05');
		const step = await recordAutoStep(
			db,
			staff,
			{ number, protocol, step: 'notificado', on: '2026-06-01', note: null },
			at('2026-06-02')
		);
		expect(step).toEqual({ ok: true });
		const [auto] = await autosOfComplaint(db, protocol, at('2026-06-02'));
		expect(auto).toMatchObject({ noticeDue: null, void: false });
	});
	test('Art. 28 §1º fixes the review’s days: imposition asks none', async () => {
		const staff = await member(db);
		const { protocol, number } = await autoOf(staff, '2026-11-02');
		const base = { number, protocol, note: null };
		await recordAutoStep(
			db,
			staff,
			{ ...base, step: 'notificado', on: '2026-11-02' },
			at('2026-11-02')
		);
		expect(
			await recordAutoStep(
				db,
				staff,
				{ ...base, step: 'imposta', on: '2026-11-03', defense: 'improcedente' },
				at('2026-11-03')
			)
		).toEqual({ ok: true });
		const [auto] = await autosOfComplaint(db, protocol, at('2026-11-03'));
		expect(auto?.appealDays).toBeNull();
		expect(auto?.deadlines.reconsideration?.due).toBe('2026-11-10');
	});
});

describe('the agent on the auto (Art. 26, II)', () => {
	test('the matrícula of the staff record is kept on the auto as issued', async () => {
		const staff = await member(db);
		await db
			.updateTable('staff')
			.set({ matricula: '12.345-6' })
			.where('id', '=', staff.id)
			.execute();
		const { protocol } = await autoOf(staff, '2026-11-02');
		await db.updateTable('staff').set({ matricula: '99' }).where('id', '=', staff.id).execute();
		const [auto] = await autosOfComplaint(db, protocol, at('2026-11-02'));
		expect(auto).toMatchObject({ agentName: 'Fernanda Fiscal', agentMatricula: '12.345-6' });
	});
	test('no matrícula on record: none printed', async () => {
		const staff = await member(db);
		const protocol = await founded(staff, '2026-11-02');
		await issueAuto(db, staff, { protocol, provision: 'art20-VII' }, at('2026-11-02'));
		const [auto] = await autosOfComplaint(db, protocol, at('2026-11-02'));
		expect(auto?.agentMatricula).toBeNull();
	});
});

describe('a clandestine vehicle reported by plate (CTB art. 231, VIII)', () => {
	test('no auto, and the refusal says where the case goes — not "sem identificação"', async () => {
		const staff = await member(db);
		const protocol = await founded(staff, '2026-11-02', { vehicle: 'QQQ-9Z99' });
		const result = await issueAuto(
			db,
			staff,
			{ protocol, provision: 'art20-VII' },
			at('2026-11-02')
		);
		expect(result).toMatchObject({ ok: false, status: 409 });
		const message = 'message' in result ? result.message : '';
		expect(message).toContain('QQQ9Z99');
		expect(message).toContain('art. 231, VIII');
		expect(message).toContain('condutores autorizados (Art. 18)');
		expect(message).not.toContain('sem identificação');
	});
});
