import { catalogAt } from '$lib/profile/offenses';
import { fail, redirect } from '@sveltejs/kit';
import { localISO, addDays } from '$lib/domain/clock';
import { commonSituations, situationCite, type Situation } from '$lib/domain/offenses';
import { OVERCHARGE_CODE } from '$lib/domain/complaint';
import { m } from '$lib/paraglide/messages';
import { getLocale, localizeHref } from '$lib/paraglide/runtime';
import { profile } from '$lib/profile';
import {
	complaintErrorText,
	submit,
	echo,
	requestOf,
	MAX_AUDIO_BYTES,
	MAX_PHOTO_BYTES,
	MAX_PHOTOS
} from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { readForm, text } from '$lib/server/http';
import { rulesBundle } from '$lib/server/rules';
import { listStands } from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';
import { prefillOf } from './prefill';
import { citing, regimeOn } from '$lib/components/law-text';

/**
 * Up to three photos of 5 MB, a recording of 1 MB and the fields (the photos are shrunk in the
 * browser first). A recording over its cap inside this limit reaches the audio check, which says
 * so beside the recorder (an 11 MB file picked by mistake, with no photos, is worded that way).
 */
const FORM_MAX_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + MAX_AUDIO_BYTES + 64 * 1024;

/**
 * Error keys (`complaint_error_*`, from the schema and the photo check) in the rider's words, said
 * here so the page does not carry every message of the app to look one up.
 */
function worded(errors: Record<string, string>): Record<string, string> {
	const locale = getLocale();
	return Object.fromEntries(
		Object.entries(errors).map(([field, key]) => [
			field,
			complaintErrorText(key, locale, m.complaint_error_value)
		])
	);
}

/** The one recording (`audio`), as uploaded; undefined when none was chosen or recorded. */
async function audioOf(form: FormData): Promise<Uint8Array | undefined> {
	const file = form.get('audio');
	return typeof file === 'object' && file !== null && file.size > 0
		? new Uint8Array(await file.arrayBuffer())
		: undefined;
}

const brief = (s: Situation) => ({ code: s.code, wording: s.wording, danger: !!s.danger });

/**
 * The form, prefilled from the verdict: the vehicle (`?veiculo=007`), the time (now) and, from
 * "Denunciar mototáxi não autorizado", the situation (`?situacao=moto-nao-autorizada`).
 */
export const load: PageServerLoad = async ({ url }) => {
	const now = new Date();
	const local = localISO(now, profile.timeZone).slice(0, 16);
	const catalog = catalogAt(now);
	const common = commonSituations(catalog);
	const tiles = new Set(common.map((s) => s.code));
	const byCode = new Map(catalog.situations.map((s) => [s.code, s]));
	const groups = (
		catalog.groups ?? [{ id: 'other' as const, codes: catalog.situations.map((s) => s.code) }]
	)
		.map((g) => ({
			id: g.id,
			situations: g.codes
				.filter((c) => !tiles.has(c))
				.map((c) => byCode.get(c))
				.filter((s): s is Situation => s !== undefined)
				.map(brief)
		}))
		.filter((g) => g.situations.length > 0);
	const { veiculo, situacao } = prefillOf(url.search, new Set(byCode.keys()));
	return {
		veiculo,
		situacao,
		now: local,
		earliest: `${addDays(local.slice(0, 10), -365)}T00:00`,
		// The key a form posted without JavaScript carries. With it, the island makes its own for
		// each complaint on the phone (this page may be a copy kept for offline use, the same
		// HTML for every visit).
		key: crypto.randomUUID(),
		tiles: common.map(brief),
		groups,
		emergency: catalog.emergency,
		overchargeCite: situationCite(catalog, OVERCHARGE_CODE),
		// The articles the form cites, of the law in force today.
		regime: citing(regimeOn(), ['riderCooperation', 'auto']),
		// No catalog under this regime (its law's text is not available): sent unclassified.
		unclassified: catalog.unclassified
			? { law: catalog.law, office: profile.office.acronym }
			: null,
		stands: (await listStands(db())).map((s) => ({ id: s.id, name: s.name })),
		bundle: await rulesBundle(now)
	};
};

export const actions = {
	default: async ({ request, getClientAddress }) => {
		let form: FormData | null = null;
		const stands = await listStands(db());
		const outcome = await submit(db(), {
			client: getClientAddress(),
			// The key travels in the form (made once by the server, kept by the outbox).
			idempotencyKey: 'body',
			read: async () => {
				const body = await readForm(request, { maxBytes: FORM_MAX_BYTES });
				if (!body.ok) return body;
				form = body.value;
				return {
					request: requestOf(form, profile.timeZone, stands),
					honeypot: text(form, 'website'),
					idempotencyKey: text(form, 'chave'),
					photos: await Promise.all(
						form
							.getAll('fotos')
							.filter((f): f is File => typeof f === 'object' && f !== null && f.size > 0)
							.map(async (f) => new Uint8Array(await f.arrayBuffer()))
					),
					audio: await audioOf(form)
				};
			}
		});
		const echoed = echo(form ?? new FormData());
		switch (outcome.kind) {
			case 'created':
			case 'replayed':
				// The receipt in the language the complaint was made in.
				redirect(303, localizeHref(outcome.response.statusUrl));
			// eslint-disable-next-line no-fallthrough -- redirect throws
			case 'conflict':
				return fail(422, {
					// Read by the outbox (src/lib/offline/outbox.ts): this complaint was not stored.
					code: 'idempotency_conflict',
					errors: worded({ form: 'complaint_error_conflict' }),
					...echoed,
					values: { ...echoed.values, chave: crypto.randomUUID() }
				});
			case 'in_progress':
				return fail(409, {
					errors: worded({ form: 'complaint_error_in_progress' }),
					...echoed
				});
			case 'invalid':
				if (outcome.reason === 'rate_limited')
					return fail(429, {
						errors: worded({ form: 'complaint_error_rate' }),
						retryAfter: outcome.retryAfterSeconds,
						...echoed
					});
				if (outcome.reason === 'fields')
					return fail(400, { errors: worded(outcome.errors ?? {}), ...echoed });
				if (outcome.reason === 'body' && outcome.body?.status === 413)
					return fail(413, { errors: worded({ fotos: 'complaint_error_too_large' }), ...echoed });
				return fail(400, { errors: worded({ form: 'complaint_error_form' }), ...echoed });
		}
	}
} satisfies Actions;
