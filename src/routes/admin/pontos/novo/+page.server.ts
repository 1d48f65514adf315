import { formOrError } from '$lib/server/http/body';
import { fail, redirect } from '@sveltejs/kit';
import { requireStaff } from '$lib/server/auth/guard';
import { config } from '$lib/server/config';
import { db } from '$lib/server/db';
import { readStandForm, saveStand, standRules, TOWN_CENTRE } from '$lib/server/stands-admin';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	requireStaff('gestor');
	return { tiles: config.tiles, center: TOWN_CENTRE };
};

export const actions = {
	/** A new official stand (Art. 13), on /pontos at once. */
	default: async ({ request }) => {
		const staff = requireStaff('gestor');
		const values = readStandForm(await formOrError(request));
		const rules = await standRules(db());
		const result = await saveStand(db(), staff, values, { ...rules, editing: null });
		if (!result.ok) return fail(400, { values, errors: 'errors' in result ? result.errors : {} });
		redirect(303, `/admin/pontos?salvo=${encodeURIComponent(result.stand.id)}`);
	}
} satisfies Actions;
