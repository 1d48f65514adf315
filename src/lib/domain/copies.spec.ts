import { describe, expect, test } from 'vitest';
import { copyLabels } from './copies';
import { profileFixture } from '$lib/profile/fixtures';

const rolim = profileFixture('rolim-de-moura').profile;
const feira = profileFixture('feira-de-santana').profile;

describe('copyLabels: the printed auto in the law’s number of copies', () => {
	test.each([
		// Lei 2.059/2011 Art. 26 (Rolim de Moura): four copies.
		[4, ['1ª via', '2ª via', '3ª via', '4ª via']],
		// Lei 3.815/2018 (Feira de Santana): two, the law fixing none (Art. 55: one stays, one goes).
		[2, ['1ª via', '2ª via']],
		[1, ['1ª via']],
		// Never none: a broken number prints one copy.
		[0, ['1ª via']],
		[-3, ['1ª via']],
		[2.5, ['1ª via']]
	])('%s copies → %j', (copies, labels) => {
		expect(copyLabels(copies)).toEqual(labels);
	});

	test('every regime’s procedure: as many labels as its procedure.auto.copies', () => {
		const seen: number[] = [];
		for (const profile of [rolim, feira])
			for (const procedure of profile.procedures) {
				expect(copyLabels(procedure.auto.copies)).toHaveLength(procedure.auto.copies);
				seen.push(procedure.auto.copies);
			}
		// Rolim's four (Art. 26) and Feira's two, read from their regimes.
		expect(seen).toEqual([4, 2]);
	});
});
