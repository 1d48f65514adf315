/**
 * Impounds (the law's field act, from the regime in force: `fieldActs.impound`): the form to record
 * one — the vehicle (a registry prefix, or a plate outside it), why (the provision among the law's
 * grounds), where; when is the server's instant and the deposit is the law's — and, once recorded,
 * the driver's copy (a token link and QR, shown once) with the law's terms. Under a law without it
 * the page does not exist (404). For a fiscal or gestor; recording needs an enrolled device.
 */
import { error, fail } from '@sveltejs/kit';
import QRCode from 'qrcode';
import { findProvision } from '$lib/law';
import { citeOf } from '$lib/domain/offenses';
import { matriculaCite, requireStaff } from '$lib/server/auth';
import { localDate } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import {
	actsOn,
	deviceState,
	fieldActor,
	listImpounds,
	parseImpound,
	recordImpound
} from '$lib/server/field';
import { readForm } from '$lib/server/http';
import type { Actions, PageServerLoad } from './$types';

const NO_LAW = { message: 'A lei em vigor não prevê a apreensão do veículo.', code: 'not_found' };

export const load: PageServerLoad = async ({ cookies, setHeaders, url }) => {
	const me = requireStaff('fiscal');
	setHeaders({ 'cache-control': 'no-store' });
	const now = new Date();
	const { acts, lawId, law } = actsOn(localDate(now));
	const rule = acts.impound;
	if (!rule) error(404, NO_LAW);
	return {
		law,
		rule: {
			cite: rule.cite,
			groundsCite: rule.groundsCite,
			deposit: rule.deposit.place['pt-BR'],
			depositCite: rule.deposit.cite,
			grounds: rule.grounds.map((article) => {
				const p = findProvision(article, lawId);
				return {
					article,
					cite: citeOf(article),
					text: p?.inciso?.text ?? p?.paragraph?.text ?? ''
				};
			})
		},
		device: await deviceState(cookies, me.id, now),
		matriculaCite: matriculaCite(now),
		veiculo: (url.searchParams.get('veiculo') ?? '').slice(0, 20),
		impounds: await listImpounds(db())
	};
};

export const actions: Actions = {
	default: async ({ request, cookies, url }) => {
		const now = new Date();
		const actor = await fieldActor(cookies, now);
		if (!actor.ok) return fail(actor.status, { message: actor.message });
		const body = await readForm(request);
		if (!body.ok) return fail(body.status, { message: body.message });
		const input = parseImpound(body.value);
		if ('ok' in input) return fail(input.status, { message: input.message });
		const result = await recordImpound(db(), actor.agent, input, now);
		if (!result.ok) return fail(result.status, { message: result.message });
		const link = `${url.origin}/apreensoes/${result.number}?token=${result.token}`;
		return {
			recorded: {
				number: result.number,
				link,
				qr: await QRCode.toString(link, { type: 'svg', margin: 1 })
			}
		};
	}
};
