import { describe, expect, test } from 'vitest';
import type { RegistryEntry } from './registry';
import { entry } from './registry.fixtures';
import { changeKinds, diffRegistry, isEmptyDiff, type RegistryDiff } from './registry-diff';

/** The diff reduced to prefixes and changed field names, for readable expectations. */
const summary = (d: RegistryDiff) => ({
	added: d.added.map((e) => e.prefixo),
	removed: d.removed.map((e) => e.prefixo),
	changed: d.changed.map((c) => `${c.prefixo}:${c.fields.map((f) => f.field).join('+')}`),
	unchanged: d.unchanged
});

const base = [entry('1'), entry('2'), entry('7'), entry('10')];

const cases: [
	why: string,
	before: RegistryEntry[],
	after: RegistryEntry[],
	expected: ReturnType<typeof summary>
][] = [
	['nothing changed', base, base, { added: [], removed: [], changed: [], unchanged: 4 }],
	[
		'order does not matter, only the prefixo',
		base,
		[...base].reverse(),
		{ added: [], removed: [], changed: [], unchanged: 4 }
	],
	[
		'a vehicle added',
		base,
		[...base, entry('3')],
		{ added: ['3'], removed: [], changed: [], unchanged: 4 }
	],
	[
		'a vehicle removed (authorization ended)',
		base,
		base.filter((e) => e.prefixo !== '2'),
		{ added: [], removed: ['2'], changed: [], unchanged: 3 }
	],
	[
		'suspended after an offense (Art. 23): one field changed',
		base,
		base.map((e) => (e.prefixo === '7' ? { ...e, situacao: 'suspensa' as const } : e)),
		{ added: [], removed: [], changed: ['7:situacao'], unchanged: 3 }
	],
	[
		'new motorcycle: several fields, in column order',
		base,
		base.map((e) =>
			e.prefixo === '10' ? { ...e, cor: 'Preta', placa: 'QRE8I58', anoFabricacao: 2026 } : e
		),
		{ added: [], removed: [], changed: ['10:placa+cor+anoFabricacao'], unchanged: 3 }
	],
	[
		'auxiliary driver added (Art. 11 IV): null → name',
		base,
		base.map((e) => (e.prefixo === '1' ? { ...e, condutorAuxiliar: 'Jonas' } : e)),
		{ added: [], removed: [], changed: ['1:condutorAuxiliar'], unchanged: 3 }
	],
	[
		'all three at once, each list ordered by prefixo as a number',
		base,
		[entry('10', { cor: 'Branca' }), entry('2', { cor: 'Verde' }), entry('11'), entry('3')],
		{ added: ['3', '11'], removed: ['1', '7'], changed: ['2:cor', '10:cor'], unchanged: 0 }
	],
	['first publish: everything added', [], base, { ...none(), added: ['1', '2', '7', '10'] }],
	['empty draft: everything removed', base, [], { ...none(), removed: ['1', '2', '7', '10'] }]
];

function none() {
	return { added: [] as string[], removed: [] as string[], changed: [] as string[], unchanged: 0 };
}

describe('diffRegistry', () => {
	for (const [why, before, after, expected] of cases)
		test(why, () => expect(summary(diffRegistry(before, after))).toEqual(expected));

	test('a field change carries its before and after values', () => {
		const d = diffRegistry([entry('7')], [entry('7', { situacao: 'cassada', cor: 'Preta' })]);
		expect(d.changed[0]?.fields).toEqual([
			{ field: 'cor', before: 'Azul', after: 'Preta' },
			{ field: 'situacao', before: 'ativa', after: 'cassada' }
		]);
	});
});

describe('isEmptyDiff and changeKinds', () => {
	test('identical lists: empty; any change: not', () => {
		expect(isEmptyDiff(diffRegistry(base, base))).toBe(true);
		expect(isEmptyDiff(diffRegistry(base, base.slice(1)))).toBe(false);
	});

	test('marks new and changed vehicles of the edited list (removed ones are not in it)', () => {
		const d = diffRegistry(base, [entry('1', { cor: 'Preta' }), entry('2'), entry('5')]);
		expect([...changeKinds(d)]).toEqual([
			['5', 'novo'],
			['1', 'alterado']
		]);
	});
});
