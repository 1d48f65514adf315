import { config } from '$lib/server/config';
import { db } from '$lib/server/db';
import { listStands, standsAreSample } from '$lib/server/stands';
import type { PageServerLoad } from './$types';

/**
 * No client-side routing (issue 12, item 2): the list is complete on the server, and its live part
 * ("Mais perto de mim", the map loaded on first use) is an island, ./Pontos.island.svelte.
 */
export const csr = false;

/** The official stands (Art. 12–13), by name: the list is complete without JavaScript. */
export const load: PageServerLoad = async () => {
	const [stands, sample] = await Promise.all([listStands(db()), standsAreSample(db())]);
	return { stands, sample, tiles: config.tiles };
};
