import { describe, expect, test } from 'vitest';
import type { LawRef } from '$lib/domain/profile';
import { citing } from './law-text';

const law = (over: Partial<LawRef>): LawRef => ({
	id: 'lei-teste',
	title: 'Lei de teste',
	short: 'Lei teste',
	published: '2011-07-26',
	validFrom: '2011-10-24',
	source: 'Diário de teste',
	hasText: true,
	cites: { riderCooperation: 'Art. 1 parágrafo único', auto: 'Art. 26', defence: 'Art. 27' },
	errata: [],
	checklist: null,
	texts: {},
	...over
});

describe('what a live part gets of the regime in force to cite some roles', () => {
	const cases: [regime: LawRef | null, expected: ReturnType<typeof citing>, why: string][] = [
		[
			law({}),
			{
				cites: { riderCooperation: 'Art. 1 parágrafo único', auto: 'Art. 26' },
				hasText: true,
				validFrom: '2011-10-24'
			},
			'only the roles asked for (Art. 1 and Art. 26 of a law like 2.059/2011), not the others'
		],
		[
			law({ cites: { auto: 'Art. 26' } }),
			{ cites: { auto: 'Art. 26' }, hasText: true, validFrom: '2011-10-24' },
			'a role the law lacks is left out: nothing is cited for it'
		],
		[
			law({ hasText: false, cites: {} }),
			{ cites: {}, hasText: false, validFrom: '2011-10-24' },
			'a law whose text is not here cites nothing'
		],
		[
			law({ validTo: '2023-12-31' }),
			{
				cites: { riderCooperation: 'Art. 1 parágrafo único', auto: 'Art. 26' },
				hasText: true,
				validFrom: '2011-10-24',
				validTo: '2023-12-31'
			},
			'a replaced law keeps its dates, so a link reads it as of them'
		],
		[null, null, 'no law in force: nothing']
	];
	test.each(cases)('%#: %s', (regime, expected, why) => {
		expect(citing(regime, ['riderCooperation', 'auto']), why).toEqual(expected);
	});
});
