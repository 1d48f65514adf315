/**
 * One preliminary notice: what it says (printable, the agent's matrícula on it), and — on or after
 * its deadline — the agent records that the driver adapted (it closes) or opens the auto from it
 * (the field mode with the vehicle and the provision proposed; the auto, when accepted, closes the
 * notice and is linked to it). Never cached.
 */
import { error, fail, redirect } from '@sveltejs/kit';
import { noticeActions } from '$lib/domain/field-acts';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { localDate, regimeOf } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import {
	closeNoticeAdapted,
	deviceState,
	fieldActor,
	noticeByNumber,
	whyNotDecide
} from '$lib/server/field';
import { readForm } from '$lib/server/http';
import type { Actions, PageServerLoad } from './$types';

const NOT_FOUND = { message: 'Notificação preliminar não encontrada.', code: 'not_found' };

export const load: PageServerLoad = async ({ params, cookies, setHeaders }) => {
	const me = requireStaff('fiscal');
	setHeaders({ 'cache-control': 'no-store' });
	const notice = await noticeByNumber(db(), params.numero);
	if (!notice) error(404, NOT_FOUND);
	const now = new Date();
	const regime = regimeOf(notice.issuedOn);
	const rule = regime?.fieldActs?.preliminaryNotice ?? null;
	return {
		notice,
		law: regime?.short ?? '',
		rule: rule ? { cite: rule.cite, days: rule.days } : null,
		state: noticeActions(notice, localDate(now)),
		device: await deviceState(cookies, me.id, now),
		office: profile.office.acronym,
		timeZone: profile.timeZone
	};
};

async function decide(
	params: { numero: string },
	request: Request,
	cookies: Parameters<Actions[string]>[0]['cookies']
) {
	const now = new Date();
	const actor = await fieldActor(cookies, now);
	if (!actor.ok) return { refusal: fail(actor.status, { message: actor.message }) } as const;
	const body = await readForm(request);
	if (!body.ok) return { refusal: fail(body.status, { message: body.message }) } as const;
	const notice = await noticeByNumber(db(), params.numero);
	if (!notice) return { refusal: fail(404, { message: NOT_FOUND.message }) } as const;
	return { actor: actor.agent, notice, now } as const;
}

export const actions: Actions = {
	adequada: async ({ params, request, cookies }) => {
		const d = await decide(params, request, cookies);
		if ('refusal' in d) return d.refusal;
		const result = await closeNoticeAdapted(db(), d.actor, d.notice.number, d.now);
		if (!result.ok) return fail(result.status, { message: result.message });
		return { done: 'Registrado: o condutor se adequou. A notificação está encerrada.' };
	},
	autuar: async ({ params, request, cookies }) => {
		const d = await decide(params, request, cookies);
		if ('refusal' in d) return d.refusal;
		const why = whyNotDecide(d.notice, localDate(d.now));
		if (why) return fail(why.status, { message: why.message });
		redirect(303, `/admin/campo?notificacao=${d.notice.number}`);
	}
};
