/**
 * Whose record an auxiliary driver's offence goes on (Feira de Santana, Lei 3.815/2018 Art. 43):
 * §1º the holder answers for the offences of the auxiliary drivers; §2º an offence "de caráter
 * pessoal" committed by the auxiliary is entered on the auxiliary's own record. The law does not
 * list which are personal: the regime's reading does (`offenses.personal`). Rolim de Moura's law
 * has no such rule: everything stays with the holder.
 */
import { describe, expect, test } from 'vitest';
import { citeOf } from './offenses';
import { personalOffence } from './personal-offence';
import { profileFixture } from '$lib/profile/fixtures';

const feira = profileFixture('feira-de-santana').offenseCatalogs[0]!;
const rolim = profileFixture('rolim-de-moura').offenseCatalogs;

describe('Feira Art. 43 §2º: the offences of a personal character', () => {
	const cases: [why: string, provision: string, personal: boolean][] = [
		['Art. 44, XLII: driving drunk is the driver’s own conduct', 'art44-XLII', true],
		['Art. 44, LV: carrying more than one passenger', 'art44-LV', true],
		['Art. 44, V: disrespecting the passengers', 'art44-V', true],
		['Art. 44, XXXVII: riding without a helmet', 'art44-XXXVII', true],
		['Art. 44, XXXV: charging off the fare table', 'art44-XXXV', true],
		['Art. 44, L: disobeying the agents', 'art44-L', true],
		['Art. 43 §1º — Art. 44, XLIX: the insurance is the authorization’s', 'art44-XLIX', false],
		['Art. 43 §1º — Art. 44, XXVII: the inspection is the vehicle’s', 'art44-XXVII', false],
		['Art. 43 §1º — Art. 44, LII: operating under a suspended authorization', 'art44-LII', false],
		['Art. 43 §1º — Art. 44, I: the holder’s registration data', 'art44-I', false],
		['Art. 43 §1º — Art. 44, XLVII: lending the authorization', 'art44-XLVII', false]
	];
	test.each(cases)('%s', (_why, provision, personal) =>
		expect(personalOffence(feira, provision)).toBe(personal)
	);

	test('every provision the reading lists is one of Art. 44’s offences, and the reading says why', () => {
		const offences = new Set(feira.penalties.map((p) => p.provision));
		expect(feira.personal?.provisions.filter((p) => !offences.has(p))).toEqual([]);
		expect(feira.personal?.reading).toContain('Art. 43 §2º');
		// The reading names each listed inciso's group, so staff can follow it.
		for (const p of feira.personal?.provisions ?? []) expect(citeOf(p)).toMatch(/^Art\. 44, /);
	});
});

describe('a law without a personal record (Rolim de Moura, Lei 2.059/2011)', () => {
	test('no offence is personal: every one stays with the holder', () => {
		for (const catalog of rolim)
			for (const p of catalog.penalties) expect(personalOffence(catalog, p.provision)).toBe(false);
	});
	test('no catalog at all: nothing personal', () => {
		expect(personalOffence(null, 'art44-XLII')).toBe(false);
	});
});
