import { formOrError } from '$lib/server/http';
import { fail, redirect } from '@sveltejs/kit';
import { requireStaff } from '$lib/server/auth';
import { config } from '$lib/server/runtime';
import { db } from '$lib/server/db';
import { readStandForm, saveStand, standRules, TOWN_CENTRE } from '$lib/server/registry';
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
