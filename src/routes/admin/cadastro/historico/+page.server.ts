import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { snapshotHistory } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/** Every published version, newest first: each is immutable and stays as it was published. */
export const load: PageServerLoad = async ({ url }) => {
	requireStaff('gestor');
	const published = Number(url.searchParams.get('publicado'));
	return {
		history: await snapshotHistory(db()),
		published: Number.isSafeInteger(published) && published > 0 ? published : null
	};
};
