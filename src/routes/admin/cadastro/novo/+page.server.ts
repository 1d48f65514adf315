import { formOrError } from '$lib/server/http';
import { fail, redirect } from '@sveltejs/kit';
import { wallClock } from '$lib/domain/clock';
import { formatPrefix } from '$lib/domain/plate';
import { registryRulesOn } from '$lib/domain/profile';
import { capText, reportedCap } from '$lib/domain/registry';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { errorsByField, readRegistryForm, saveEntry } from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';

/** Every figure for the cap, for the gestor who grants a place (null: no registry rules). */
function capOf() {
	const rules = registryRulesOn(
		wallClock(new Date(), profile.timeZone).date,
		profile.registryRules
	);
	return rules ? { text: capText(rules), reported: reportedCap(rules) } : null;
}

export const load: PageServerLoad = async () => {
	requireStaff('gestor');
	return { cap: capOf() };
};

export const actions = {
	/** A new vehicle in the draft, checked like a row of the CSV import (Art. 11). */
	default: async ({ request }) => {
		const staff = requireStaff('gestor');
		const body = await formOrError(request);
		const values = readRegistryForm(body);
		const today = wallClock(new Date(), profile.timeZone).date;
		const rules = registryRulesOn(today, profile.registryRules);
		const result = await saveEntry(db(), staff, values, {
			confirmReportedCap: body.get('acima_do_limite') === 'sim',
			today,
			rules
		});
		if (!result.ok) return fail(400, { values, errors: errorsByField(result.errors) });
		redirect(303, `/admin/cadastro?salvo=${formatPrefix(result.entry.prefixo)}`);
	}
} satisfies Actions;
