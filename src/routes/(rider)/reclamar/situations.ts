/**
 * The situations of the complaint form as the phone handles them: their pictograms, the search in
 * "Outra situação", and a tile tapped before the islands' script arrived.
 */
import type { PictogramName } from '$lib/components/pictograms';

/** The tiles' pictograms (a situation without one shows its words only). */
export const PICTOGRAM: Record<string, PictogramName> = {
	'cobrou-mais': 'cobrou_a_mais',
	'direcao-perigosa': 'direcao_perigosa',
	'sem-capacete': 'sem_capacete',
	desrespeito: 'agressao',
	agressao: 'agressao',
	embriagado: 'embriagado',
	'interrompeu-sem-outra': 'recusou',
	'moto-nao-autorizada': 'moto_nao_autorizada'
};

/** Accents and case aside: "agressao" finds "Agrediu". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether a situation's wording has every word of the search.
 * @example matches('agressao fisica', 'Agrediu (agressão física)') //=> true
 */
export function matches(search: string, wording: string): boolean {
	const words = fold(search).split(/\s+/).filter(Boolean);
	const text = fold(wording);
	return words.every((w) => text.includes(w));
}

/**
 * Of the boxes checked before the script arrived (hydration keeps them checked), the one that
 * gets what a tap gets: a danger first (the emergency numbers), else the last one. Those the
 * page rendered checked (`before`) were not tapped.
 */
export function tappedBeforeScript(
	before: ReadonlySet<string>,
	checked: readonly string[],
	isDanger: (code: string) => boolean
): string | undefined {
	const tapped = checked.filter((c) => !before.has(c));
	return tapped.find(isDanger) ?? tapped.at(-1);
}
