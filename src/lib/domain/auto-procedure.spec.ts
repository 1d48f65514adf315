/**
 * The procedure's own limits and the printed auto's blocks, from each law: Feira de Santana (Lei
 * 3.815/2018) Art. 55 §1º (the NAI within 30 days of the offence, or the auto is void), Art. 60
 * (the appeal in the period the NIP states), Art. 54 IV (the agent's matrícula), Art. 55 §3º–§5º
 * (refusal to receive the NAI), Art. 56 (defence to the CJAI's president); Rolim de Moura (Lei
 * 2.059/2011) — no notice limit, Art. 26 (4 vias, name and signature, §2º–§3º two witnesses),
 * Art. 27 (defence to SEMAM's head), Art. 28 §1º (5 business days); Porto Velho: no procedure.
 */
import { describe, expect, test } from 'vitest';
import {
	countingAutos,
	lateNotice,
	noticeDeadline,
	reviewDue,
	reviewSetAtImposition,
	statedReviewDaysError,
	voidForNotice
} from './auto-procedure';
import { holidayService } from './holiday-source';
import { localText } from './regime';
import { autoDeadlines } from './triage';
import { profileFixture } from '$lib/profile/fixtures';

const feira = profileFixture('feira-de-santana').profile;
const rolim = profileFixture('rolim-de-moura').profile;
const portoVelho = profileFixture('porto-velho').profile;
const fs = feira.procedures[0]!;
const rm = rolim.procedures[0]!;
const fsCalendar = holidayService(feira).calendar;
const rmCalendar = holidayService(rolim).calendar;

describe('the notice’s limit (Feira Art. 55 §1º; Rolim: none)', () => {
	const cases: [
		city: string,
		conduct: string,
		notified: string,
		due: string | null,
		refused: boolean,
		why: string
	][] = [
		['feira', '2026-11-02', '2026-12-02', '2026-12-02', false, 'Art. 55 §1º: the 30th day'],
		['feira', '2026-11-02', '2026-12-03', '2026-12-02', true, 'Art. 55 §1º: the 31st day, void'],
		['feira', '2026-01-31', '2026-03-02', '2026-03-02', false, 'Art. 55 §1º: across February'],
		['rolim', '2026-11-02', '2027-06-01', null, false, 'Lei 2.059/2011 sets no notice limit']
	];
	for (const [city, conduct, notified, due, refused, why] of cases) {
		const procedure = city === 'feira' ? fs : rm;
		const cite = city === 'feira' ? (feira.laws[0]?.cites.notice ?? null) : null;
		test(`${city}: conduct ${conduct}, notice ${notified} — ${why}`, () => {
			expect(noticeDeadline(conduct, procedure)).toBe(due);
			const late = lateNotice(conduct, notified, procedure, cite);
			expect(late !== null).toBe(refused);
			if (late) {
				expect(late).toContain('Art. 55 §1º');
				expect(late).toContain(`${fs.notice?.days} dias`);
			}
			expect(
				voidForNotice({ conductDay: conduct, notifiedOn: notified }, notified, procedure)
			).toBe(refused);
		});
	}
	test('Feira Art. 55 §1º: never notified and past the limit, the auto is void', () => {
		expect(voidForNotice({ conductDay: '2026-11-02', notifiedOn: null }, '2026-12-02', fs)).toBe(
			false
		);
		expect(voidForNotice({ conductDay: '2026-11-02', notifiedOn: null }, '2026-12-03', fs)).toBe(
			true
		);
	});
	test('Rolim: never void for a late notice (no limit stated)', () =>
		expect(voidForNotice({ conductDay: '2026-01-02', notifiedOn: null }, '2027-12-31', rm)).toBe(
			false
		));
	test('Rolim states its limit as none (null), not left out', () => expect(rm.notice).toBeNull());
});

describe('a void auto never counts, for repeats or points (Feira Art. 55 §1º)', () => {
	const autos = [
		{ id: 'in time', conductDay: '2026-01-05', notifiedOn: '2026-02-04' },
		{ id: 'late', conductDay: '2026-01-05', notifiedOn: '2026-02-05' }
	];
	test('Feira: the auto notified on the 31st day is left out', () =>
		expect(countingAutos(autos, feira.procedures).map((a) => a.id)).toEqual(['in time']));
	test('Rolim: no limit, both count', () =>
		expect(countingAutos(autos, rolim.procedures).map((a) => a.id)).toEqual(['in time', 'late']));
});

describe('the review’s period (Feira Art. 60: the NIP’s; Rolim Art. 28 §1º: 5 business days)', () => {
	test('Feira Art. 60: asked at imposition, a whole number of days', () => {
		expect(reviewSetAtImposition(fs)).toBe(true);
		expect(statedReviewDaysError(fs, undefined)).toMatch(/prazo de recurso/);
		expect(statedReviewDaysError(fs, 0)).not.toBeNull();
		expect(statedReviewDaysError(fs, 2.5)).not.toBeNull();
		expect(statedReviewDaysError(fs, Number.NaN)).not.toBeNull();
		expect(statedReviewDaysError(fs, 10)).toBeNull();
	});
	test('Rolim Art. 28 §1º: the law fixes it, nothing is asked', () => {
		expect(reviewSetAtImposition(rm)).toBe(false);
		expect(statedReviewDaysError(rm, undefined)).toBeNull();
	});
	const cases: [
		city: string,
		known: string,
		stated: number | null,
		due: string | null,
		why: string
	][] = [
		['feira', '2026-12-02', 10, '2026-12-16', 'Art. 60: 10 business days stated in the NIP'],
		['feira', '2026-12-02', null, null, 'Art. 60: not recorded, no deadline known'],
		['rolim', '2026-12-02', null, '2026-12-09', 'Art. 28 §1º: 5 business days'],
		['rolim', '2026-12-02', 30, '2026-12-09', 'Art. 28 §1º: the law’s days, not a typed one']
	];
	for (const [city, known, stated, due, why] of cases)
		test(`${city}: ${why}`, () =>
			expect(
				reviewDue(
					known,
					city === 'feira' ? fsCalendar : rmCalendar,
					city === 'feira' ? fs : rm,
					stated
				)
			).toBe(due));
	test('Feira Art. 60: the auto’s appeal deadline runs from the recorded days', () =>
		expect(
			autoDeadlines(
				{ notifiedOn: '2026-11-03', decision: 'imposta', decidedOn: '2026-12-02', appealDays: 10 },
				'2026-12-10',
				fsCalendar,
				feira.procedures
			).reconsideration
		).toEqual({ due: '2026-12-16', daysLeft: 6, overdue: false }));
});

describe('the printed auto’s blocks, from the law', () => {
	test('Rolim Art. 26: 4 vias; Art. 26, II: name; §2º–§3º: two witnesses; Art. 27: SEMAM', () => {
		expect(rm.auto.copies).toBe(4);
		expect(rm.auto.agent).toBe('name');
		expect(rm.auto.refusal).toEqual({ kind: 'witnesses', witnesses: 2 });
		expect(localText(rm.auto.defenceTo, 'pt-BR')).toContain('SEMAM');
		expect(rolim.laws[0]?.cites.autoRefusal).toBe('Art. 26 §2º e §3º');
	});
	test('Feira Art. 54, IV: matrícula; Art. 55 §3º–§5º: refusal to receive the NAI; Art. 56: CJAI', () => {
		expect(fs.auto.agent).toBe('matricula');
		expect(fs.auto.refusal).toEqual({ kind: 'noticeDelivery' });
		expect(localText(fs.auto.defenceTo, 'pt-BR')).toContain('CJAI');
		expect(feira.laws[0]?.cites.autoAgent).toBe('Art. 54, IV');
	});
	test('Feira: the law fixes no number of copies — the number has its reason', () => {
		expect(feira.laws[0]?.cites.autoCopies).toBeUndefined();
		expect(fs.auto.copiesReason).toBeDefined();
	});
	test('Porto Velho: no procedure in its profile, so no printable auto', () =>
		expect(portoVelho.procedures).toEqual([]));
});
