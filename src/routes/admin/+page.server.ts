import { redirect } from '@sveltejs/kit';
import { requireStaff } from '$lib/server/auth';
import type { PageServerLoad } from './$types';

/** The workspace opens on the complaint queue: triage is what every role does. */
export const load: PageServerLoad = () => {
	requireStaff('fiscal');
	redirect(303, '/admin/reclamacoes');
};
