import { formOrError } from '$lib/server/http';
import { fail, redirect } from '@sveltejs/kit';
import { wallClock } from '$lib/domain/clock';
import { formatPrefix } from '$lib/domain/plate';
import { registryRulesOn } from '$lib/domain/profile';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { errorsByField, readRegistryForm, saveEntry } from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	requireStaff('gestor');
	return {};
};

export const actions = {
	/** A new vehicle in the draft, checked like a row of the CSV import (Art. 11). */
	default: async ({ request }) => {
		const staff = requireStaff('gestor');
		const values = readRegistryForm(await formOrError(request));
		const today = wallClock(new Date(), profile.timeZone).date;
		const rules = registryRulesOn(today, profile.registryRules);
		const result = await saveEntry(db(), staff, values, { today, rules });
		if (!result.ok) return fail(400, { values, errors: errorsByField(result.errors) });
		redirect(303, `/admin/cadastro?salvo=${formatPrefix(result.entry.prefixo)}`);
	}
} satisfies Actions;
