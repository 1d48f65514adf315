import { config } from '$lib/server/config';
import { db } from '$lib/server/db';
import { listStands, standsAreSample } from '$lib/server/stands';
import type { PageServerLoad } from './$types';

/** The official stands (Art. 12–13), by name: the list is complete without JavaScript. */
export const load: PageServerLoad = async () => {
	const [stands, sample] = await Promise.all([listStands(db()), standsAreSample(db())]);
	return { stands, sample, tiles: config.tiles };
};
