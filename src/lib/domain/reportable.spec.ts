/**
 * What a rider sees on a ride is reportable with its own provision: Feira de Santana (Lei
 * 3.815/2018) Art. 44, III (attire and hygiene of who serves), IX (fuelling with a passenger),
 * XXX (a dead or tampered meter) and LII (operating while suspended — the check said IRREGULAR).
 * Rolim de Moura's Art. 20, II stays unobservable: it is about the passenger's own attire.
 */
import { describe, expect, test } from 'vitest';
import { offensesOf } from './offenses';
import { profileFixture } from '$lib/profile/fixtures';

const feira = profileFixture('feira-de-santana').offenseCatalogs[0]!;
const rolim = profileFixture('rolim-de-moura').offenseCatalogs[0]!;

describe('Feira de Santana: situations a rider sees, each with its own inciso (Art. 44)', () => {
	const cases: [code: string, provision: string, why: string][] = [
		['trajes-improprios', 'art44-III', 'Art. 44, III: trajes impróprios ou sem asseio'],
		['abasteceu-comigo', 'art44-IX', 'Art. 44, IX: abastecer conduzindo passageiro'],
		['motocimetro-quebrado', 'art44-XXX', 'Art. 44, XXX: motocímetro violado ou com defeito'],
		['autorizacao-suspensa', 'art44-LII', 'Art. 44, LII: operar com a autorização suspensa']
	];
	for (const [code, provision, why] of cases) {
		test(`${code} → ${provision} (${why})`, () =>
			expect(offensesOf([code], feira).map((o) => o.article)).toEqual([provision]));
		test(`${provision} is no longer listed as unobservable (${why})`, () =>
			expect(feira.notObservable.map((n) => n.article)).not.toContain(provision));
		test(`${code} is offered in a group of the form (${why})`, () =>
			expect(feira.groups?.some((g) => g.codes.includes(code))).toBe(true));
	}
	test('a dead meter (XXX) is not the meter left off (XXXII)', () =>
		expect(
			offensesOf(['motocimetro-quebrado', 'sem-motocimetro'], feira).map((o) => o.article)
		).toEqual(['art44-XXX', 'art44-XXXII']));
});

describe('Rolim de Moura: the passenger’s own attire stays unobservable (Art. 20, II)', () => {
	test('Art. 20, II is listed with its reason', () =>
		expect(rolim.notObservable.map((n) => n.article)).toContain('art20-II'));
});
