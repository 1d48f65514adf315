import { formOrError } from '$lib/server/http';
import { error, fail, redirect } from '@sveltejs/kit';
import { wallClock } from '$lib/domain/clock';
import { formatPrefix, normalizePrefix } from '$lib/domain/plate';
import { registryRulesOn } from '$lib/domain/profile';
import { capText, reportedCap } from '$lib/domain/registry';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import {
	errorsByField,
	readRegistryForm,
	registryForm,
	removeEntry,
	saveEntry,
	workingRegistry
} from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';

/** The prefixo of the URL, canonical (`007` → `7`), or a 404. */
function prefixoOf(param: string): string {
	const prefixo = normalizePrefix(param);
	if (prefixo === null) error(404, { message: 'Prefixo inválido.', code: 'prefixo' });
	return prefixo;
}

/** Every figure for the cap, for the gestor who grants a place (null: no registry rules). */
function capOf() {
	const rules = registryRulesOn(
		wallClock(new Date(), profile.timeZone).date,
		profile.registryRules
	);
	return rules ? { text: capText(rules), reported: reportedCap(rules) } : null;
}

export const load: PageServerLoad = async ({ params }) => {
	requireStaff('gestor');
	const prefixo = prefixoOf(params.prefixo);
	const working = await workingRegistry(db());
	const entry = working.entries.find((e) => e.prefixo === prefixo);
	if (!entry)
		error(404, {
			message: `O prefixo ${formatPrefix(prefixo)} não está no cadastro em edição.`,
			code: 'prefixo'
		});
	const published = working.latest?.entries.find((e) => e.prefixo === prefixo) ?? null;
	return {
		prefixo: formatPrefix(prefixo),
		values: registryForm(entry),
		/** An entry of the profile's fictitious sample (even once edited). */
		sample: entry.sample === true,
		changes: working.diff.changed.find((c) => c.prefixo === prefixo)?.fields ?? [],
		isNew: published === null,
		cap: capOf(),
		publishedVersion: working.latest?.version ?? null
	};
};

export const actions = {
	/** Replaces the vehicle in the draft; the prefixo stays the URL's. */
	salvar: async ({ request, params }) => {
		const staff = requireStaff('gestor');
		const prefixo = prefixoOf(params.prefixo);
		const body = await formOrError(request);
		const values = readRegistryForm(body);
		const today = wallClock(new Date(), profile.timeZone).date;
		const rules = registryRulesOn(today, profile.registryRules);
		const result = await saveEntry(db(), staff, values, {
			confirmReportedCap: body.get('acima_do_limite') === 'sim',
			today,
			rules,
			prefixo
		});
		if (!result.ok) return fail(400, { values, errors: errorsByField(result.errors) });
		redirect(303, `/admin/cadastro?salvo=${formatPrefix(prefixo)}`);
	},
	/** Takes the vehicle out of the draft (the authorization ended); published on the next publish. */
	remover: async ({ params }) => {
		const staff = requireStaff('gestor');
		const prefixo = prefixoOf(params.prefixo);
		if (!(await removeEntry(db(), staff, prefixo)))
			return fail(404, { removeError: 'Este veículo já não está no cadastro em edição.' });
		redirect(303, `/admin/cadastro?removido=${formatPrefix(prefixo)}`);
	}
} satisfies Actions;
