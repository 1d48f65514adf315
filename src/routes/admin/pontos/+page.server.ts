import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { listStands, standsAreSample } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/** The official stands (Art. 13), as riders see them on /pontos. */
export const load: PageServerLoad = async ({ url }) => {
	requireStaff('gestor');
	const [stands, sample] = await Promise.all([listStands(db()), standsAreSample(db())]);
	return {
		stands,
		sample,
		saved: url.searchParams.get('salvo'),
		removed: url.searchParams.get('removido')
	};
};
