/**
 * Repeats across a change of law: a prior confirmed under an earlier law is judged by the law it
 * was confirmed under — its article, gravity and penalty — and never looked up in the new law's
 * catalogue. A test regime replaces Rolim de Moura's Lei 2.059/2011 on 01/01/2027: it renumbers the
 * crimes (no Art. 24–25) and gives Art. 20 another meaning. Feira de Santana's points register
 * (Lei 3.815/2018, Art. 43, 47 §2º) is checked the same way.
 */
import { describe, expect, test } from 'vitest';
import { catalogOn, escalate, type ConfirmedOffense, type OffenseCatalog } from './offenses';
import { lei2059Offenses } from '$lib/profile/rolim-de-moura';
import { profileFixture } from '$lib/profile/fixtures';

const old = { ...lei2059Offenses, validTo: '2026-12-31' };
/** The test regime that replaces Lei 2.059/2011: the same ladder, without Art. 24–25. */
const replacing: OffenseCatalog = {
	...lei2059Offenses,
	law: 'Lei de teste 1/2027',
	lawId: 'lei-teste-2027',
	validFrom: '2027-01-01',
	penalties: lei2059Offenses.penalties.filter((r) => !/^art2[45]/.test(r.provision)),
	escalation: lei2059Offenses.escalation.filter(
		(r) => r.kind !== 'reincidence' || !/^art2[45]/.test(r.of)
	)
};
const under = (lawId: string, article: string, confirmedAt: string): ConfirmedOffense => ({
	article,
	confirmedAt,
	committedOn: confirmedAt,
	lawId
});

describe('a prior of Lei 2.059/2011 under the law that replaced it (Rolim de Moura)', () => {
	test('the test regime is the one in force after the change', () => {
		expect(catalogOn('2026-12-31', [old, replacing])?.lawId).toBe('lei-2059-2011');
		expect(catalogOn('2027-02-01', [old, replacing])?.lawId).toBe('lei-teste-2027');
	});
	const cases: [
		why: string,
		prior: ConfirmedOffense,
		offense: string,
		penalty: string,
		reason: string
	][] = [
		[
			'an Art. 24 prior the new law lacks: no error, judged by its own law — no repeat in the new one',
			under('lei-2059-2011', 'art24-II', '2026-12-10'),
			'art20-VII',
			'advertencia',
			'first'
		],
		[
			'an Art. 20 prior of the old law is not the new law’s Art. 20 (an unrelated article)',
			under('lei-2059-2011', 'art20-VII', '2026-12-10'),
			'art20-I',
			'advertencia',
			'first'
		],
		[
			'a prior under the new law itself is a repeat (Art. 21, I of the test regime)',
			under('lei-teste-2027', 'art20-VII', '2027-01-10'),
			'art20-I',
			'multa',
			'reincidence'
		]
	];
	test.each(cases)('%s', (_why, prior, offense, penalty, reason) =>
		expect(escalate([prior], offense, '2027-02-01', 12, replacing)).toMatchObject({
			penalty,
			reason
		})
	);
});

describe('a prior of another law in a points register (Feira de Santana, Art. 43, 47 §2º)', () => {
	const feira = profileFixture('feira-de-santana').offenseCatalogs[0]!;
	const next: OffenseCatalog = { ...feira, lawId: 'lei-teste-2027', law: 'Lei de teste 1/2027' };
	const prior: ConfirmedOffense = {
		...under('lei-3815-2018', 'art44-XXXV', '2026-12-10'),
		penalties: ['multa']
	};
	test('the same id under another law is no repeat; its own penalty’s points still count', () =>
		expect(escalate([prior], 'art44-XXXV', '2027-02-01', 12, next)).toMatchObject({
			reason: 'first',
			fine: { doubled: false },
			points: { added: 2, total: 4 }
		}));
	test('an id the new law lacks: judged by its own law, no error', () =>
		expect(() =>
			escalate(
				[under('lei-3815-2018', 'art99-I', '2026-12-10')],
				'art44-XXXV',
				'2027-02-01',
				12,
				next
			)
		).not.toThrow());
});
