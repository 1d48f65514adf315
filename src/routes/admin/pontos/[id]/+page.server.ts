import { formOrError } from '$lib/server/http';
import { error, fail, redirect } from '@sveltejs/kit';
import { requireStaff } from '$lib/server/auth';
import { config } from '$lib/server/runtime';
import { db } from '$lib/server/db';
import {
	getStand,
	readStandForm,
	removeStand,
	saveStand,
	standForm,
	standRules,
	TOWN_CENTRE
} from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ params }) => {
	requireStaff('gestor');
	const stand = await getStand(db(), params.id);
	if (!stand) error(404, { message: 'Ponto não encontrado.', code: 'ponto' });
	return {
		id: stand.id,
		name: stand.name,
		values: standForm(stand),
		tiles: config.tiles,
		center: TOWN_CENTRE
	};
};

export const actions = {
	/** Replaces the stand's fields; its id stays (links and the rider's pages point at it). */
	salvar: async ({ request, params }) => {
		const staff = requireStaff('gestor');
		const values = readStandForm(await formOrError(request));
		const rules = await standRules(db());
		const result = await saveStand(db(), staff, values, { ...rules, editing: params.id });
		if (!result.ok) {
			if ('notFound' in result) error(404, { message: 'Ponto não encontrado.', code: 'ponto' });
			return fail(400, { values, errors: result.errors });
		}
		redirect(303, `/admin/pontos?salvo=${encodeURIComponent(params.id)}`);
	},
	remover: async ({ params }) => {
		const staff = requireStaff('gestor');
		const outcome = await removeStand(db(), staff, params.id);
		if (outcome === 'not_found') error(404, { message: 'Ponto não encontrado.', code: 'ponto' });
		if (outcome === 'last')
			return fail(400, {
				removeError:
					'Este é o último ponto: os passageiros ficariam sem nenhum. Adicione outro antes de removê-lo.'
			});
		redirect(303, `/admin/pontos?removido=${encodeURIComponent(params.id)}`);
	}
} satisfies Actions;
