/**
 * Notes staff see on a complaint, from the law in force: Feira de Santana (Lei 3.815/2018) Art. 2,
 * XXX–XXXI against Art. 35 — the hours 05:00–06:00 and 20:00–21:00 where the two definitions of
 * the bandeira disagree; Rolim de Moura (Lei 2.059/2011) has no such conflict. A vehicle reported
 * by a plate the registry lacks: municipal penalties fall on authorized drivers (Feira Art. 44
 * caput; Rolim Art. 18), the case goes to the traffic authority (CTB art. 231, VIII).
 */
import { describe, expect, test } from 'vitest';
import { bandeiraConflictNote, unlicensedCase, unlicensedText } from './complaint-notes';
import { localText } from './regime';
import { profileFixture } from '$lib/profile/fixtures';

const feira = profileFixture('feira-de-santana').profile;
const rolim = profileFixture('rolim-de-moura').profile;
const fsLaw = feira.laws[0]!;
const rmLaw = rolim.laws[0]!;

describe('the bandeira conflict note (Feira Art. 2, XXXI vs Art. 35)', () => {
	const cases: [iso: string, situations: string[], shown: boolean, why: string][] = [
		['2026-12-08T05:30:00-03:00', ['bandeira-ii-indevida'], true, 'Art. 35: I; Art. 2, XXXI: II'],
		['2026-12-08T05:00:00-03:00', ['bandeira-ii-indevida'], true, 'the window opens at 05:00'],
		['2026-12-08T06:00:00-03:00', ['bandeira-ii-indevida'], false, 'both say bandeira 1 at 06:00'],
		['2026-12-07T20:30:00-03:00', ['bandeira-ii-indevida'], true, 'Art. 35: II; Art. 2, XXX: 1'],
		['2026-12-07T21:00:00-03:00', ['bandeira-ii-indevida'], false, 'both say II from 21:00'],
		['2026-12-08T05:30:00-03:00', ['cobrou-mais'], true, 'an overcharge turns on the flag too'],
		['2026-12-08T05:30:00-03:00', ['fumando'], false, 'a complaint not about the fare'],
		[
			'2026-12-08T08:30:00Z',
			['bandeira-ii-indevida'],
			true,
			'05:30 in Feira (UTC−3), any host zone'
		]
	];
	for (const [iso, situations, shown, why] of cases)
		test(`${iso} ${situations.join(',')}: ${why}`, () => {
			const note = bandeiraConflictNote(new Date(iso), situations, feira.timeZone, fsLaw);
			expect(note !== null).toBe(shown);
			if (note) expect(localText(note, 'pt-BR')).toBe(localText(fsLaw.bandeiraNote!, 'pt-BR'));
		});
	test('Rolim de Moura (Art. 16): one definition, no note', () =>
		expect(
			bandeiraConflictNote(
				new Date('2026-12-08T05:30:00-04:00'),
				['bandeira-ii-indevida', 'cobrou-mais'],
				rolim.timeZone,
				rmLaw
			)
		).toBeNull());
});

describe('a vehicle reported by a plate the registry lacks (CTB art. 231, VIII)', () => {
	const cases: [vehicle: string | null, identified: boolean, placa: string | null, why: string][] =
		[
			['ABC-1234', false, 'ABC1234', 'an old plate, not in the registry'],
			['abc1d23', false, 'ABC1D23', 'a Mercosul plate, not in the registry'],
			['ABC1234', true, null, 'the registry identified it: an auto may be drawn up'],
			['007', false, null, 'a prefix: no plate known'],
			[null, false, null, 'nothing given']
		];
	for (const [vehicle, identified, placa, why] of cases)
		for (const [city, law] of [
			['feira', fsLaw],
			['rolim', rmLaw]
		] as const)
			test(`${city}: ${String(vehicle)} — ${why}`, () =>
				expect(unlicensedCase(vehicle, identified, law)?.placa ?? null).toBe(placa));
	test('Feira: the text says who municipal penalties fall on and where the case goes', () => {
		const c = unlicensedCase('ABC-1234', false, fsLaw)!;
		const text = unlicensedText(c, fsLaw.cites.infraction ?? null);
		expect(text).toContain('condutores autorizados (Art. 42)');
		expect(text).toContain('art. 231, VIII');
		expect(text).toContain('autoridade de trânsito');
		expect(text).not.toMatch(/sem identificação/);
	});
	test('Rolim: the same, citing its own infraction article (Art. 18)', () =>
		expect(
			unlicensedText(unlicensedCase('ABC-1234', false, rmLaw)!, rmLaw.cites.infraction ?? null)
		).toContain('condutores autorizados (Art. 18)'));
});
