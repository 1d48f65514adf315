/** Stands for the specs, invented, all at the same spot in town. Tests only. */
import type { Stand } from '$lib/domain/stands';

/** A stand named from `id`, serving prefixos 1 and 7; `overrides` for what a spec looks at. */
export const stand = (id: string, overrides: Partial<Stand> = {}): Stand => ({
	id,
	name: `Ponto ${id}`,
	address: `Referência ${id}`,
	lat: -11.7271,
	lng: -61.7714,
	vagas: 5,
	note: null,
	prefixes: ['1', '7'],
	...overrides
});
