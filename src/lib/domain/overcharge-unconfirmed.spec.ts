/**
 * An overcharge is never a finding on a table that may not be in force (issue 33, item 4): Feira
 * de Santana's Decreto nº 12.334/2021 is known only from the press, and its law guarantees a
 * yearly readjustment (Lei 3.815/2018, Art. 33 and 36); Porto Velho's 2011 decree has a reported
 * successor (Decreto nº 13.847/2015). Both are the last known table: the difference is stated with
 * the table's date, never "Você pagou R$ X a mais". Rolim de Moura's table is sample data, said so.
 */
import { describe, expect, test } from 'vitest';
import { readProfile } from '../profile/read';
import type { BandeiraContext } from './bandeira';
import { holidayService } from './holiday-source';
import { overcharge } from './overcharge';
import { parseKm } from './tariff';

function context(id: string) {
	const r = readProfile(`profiles/${id}`);
	if (!r.ok) throw new Error(r.errors.join('\n'));
	const profile = r.value.profile;
	const ctx: BandeiraContext = {
		timeZone: profile.timeZone,
		rules: profile.bandeiraRules,
		calendar: holidayService(profile).calendar
	};
	return { ctx, decrees: profile.tariffDecrees };
}

describe('the last known table: a difference, never an overcharge', () => {
	const cases: [id: string, at: string, unconfirmed: boolean, sample: boolean, why: string][] = [
		[
			'feira-de-santana',
			'2026-12-02T10:00:00-03:00',
			true,
			false,
			'Decreto nº 12.334/2021 from the press; Art. 33 and 36 guarantee a yearly readjustment'
		],
		[
			'porto-velho',
			'2026-12-02T10:00:00-04:00',
			true,
			false,
			'Decreto nº 12.253/2011; a Decreto nº 13.847/2015 is reported'
		],
		['rolim-de-moura', '2026-12-02T10:00:00-04:00', false, true, 'sample values, said as such']
	];
	for (const [id, at, unconfirmed, sample, why] of cases)
		test(`${id}: ${why}`, () => {
			const { ctx, decrees } = context(id);
			const r = overcharge(new Date(at), 5000, ctx, decrees, { km: parseKm('3') ?? undefined });
			expect(r?.differenceCentavos).toBeGreaterThan(0);
			expect(r?.unconfirmed).toBe(unconfirmed);
			expect(r?.sample).toBe(sample);
		});

	test('Feira’s table says why it may be outdated, in the three languages', () => {
		const { decrees } = context('feira-de-santana');
		expect(decrees[0]?.unconfirmed).toMatch(/Art\. 33 e 36.*reajuste anual/);
		expect(decrees[0]?.unconfirmedNotes?.es).toMatch(/reajuste anual/);
		expect(decrees[0]?.unconfirmedNotes?.en).toMatch(/yearly fare readjustment/);
	});
});
