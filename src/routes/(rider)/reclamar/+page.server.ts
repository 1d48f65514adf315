import { fail, redirect } from '@sveltejs/kit';
import { localISO, wallClock, addDays } from '$lib/domain/clock';
import { parseComplaint } from '$lib/domain/complaint';
import { catalogOn } from '$lib/domain/offenses';
import { normalizePrefix } from '$lib/domain/plate';
import { offenseCatalogs, offenseCatalog } from '$lib/profile/offenses';
import { profile } from '$lib/profile';
import { createComplaint } from '$lib/server/complaints';
import { echo, requestOf } from '$lib/server/complaint-form';
import { db } from '$lib/server/db';
import { preparePhotos } from '$lib/server/photos';
import { complaintsRateLimiter } from '$lib/server/rate-limit';
import { rulesBundle } from '$lib/server/rules';
import { listStands } from '$lib/server/stands';
import type { Actions, PageServerLoad } from './$types';

const catalogNow = () =>
	catalogOn(wallClock(new Date(), profile.timeZone).date, offenseCatalogs) ?? offenseCatalog;

/** The form, prefilled with the vehicle when it comes from /verificar (`?veiculo=007`). */
export const load: PageServerLoad = async ({ url }) => {
	const now = new Date();
	const local = localISO(now, profile.timeZone).slice(0, 16);
	const catalog = catalogNow();
	const veiculo = url.searchParams.get('veiculo')?.slice(0, 20) ?? '';
	return {
		veiculo: normalizePrefix(veiculo) ? veiculo : veiculo.replace(/[^A-Za-z0-9 -]/g, ''),
		now: local,
		earliest: `${addDays(local.slice(0, 10), -365)}T00:00`,
		key: crypto.randomUUID(),
		situations: catalog.situations.map((s) => ({
			code: s.code,
			wording: s.wording,
			danger: !!s.danger
		})),
		emergency: catalog.emergency,
		stands: (await listStands(db())).map((s) => ({ id: s.id, name: s.name })),
		bundle: await rulesBundle(now)
	};
};

export const actions = {
	default: async ({ request, getClientAddress }) => {
		let form: FormData;
		try {
			form = await request.formData();
		} catch {
			return fail(400, { errors: { form: 'complaint_error_form' }, ...echo(new FormData()) });
		}
		const echoed = echo(form);
		// A field no person sees: only a robot fills it in.
		if (String(form.get('website') ?? '') !== '') {
			return fail(400, { errors: { form: 'complaint_error_form' }, ...echoed });
		}
		const limited = await complaintsRateLimiter().hit(getClientAddress());
		if (!limited.ok) {
			return fail(429, {
				errors: { form: 'complaint_error_rate' },
				retryAfter: limited.retryAfterSeconds,
				...echoed
			});
		}
		const now = new Date();
		const catalog = catalogNow();
		const stands = await listStands(db());
		const parsed = parseComplaint(requestOf(form, profile.timeZone, stands), {
			now,
			timeZone: profile.timeZone,
			situations: new Set(catalog.situations.map((s) => s.code))
		});
		const uploads = form
			.getAll('fotos')
			.filter((f): f is File => typeof f === 'object' && f !== null && 'size' in f && f.size > 0);
		const photos = preparePhotos(
			await Promise.all(uploads.map(async (f) => new Uint8Array(await f.arrayBuffer())))
		);
		const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
		if (!photos.ok) errors.fotos = `complaint_error_photo_${photos.reason}`;
		const key = String(form.get('chave') ?? '');
		if (!/^[A-Za-z0-9_-]{1,100}$/.test(key)) errors.form = 'complaint_error_form';
		if (!parsed.ok || !photos.ok || Object.keys(errors).length) {
			return fail(400, { errors, ...echoed });
		}
		const result = await createComplaint(db(), {
			idempotencyKey: key,
			body: parsed.value,
			photos: photos.photos,
			now
		});
		if (result.kind === 'conflict' || result.kind === 'in_progress') {
			return fail(result.kind === 'conflict' ? 422 : 409, {
				errors: {
					form:
						result.kind === 'conflict' ? 'complaint_error_conflict' : 'complaint_error_in_progress'
				},
				...echoed,
				values: { ...echoed.values, chave: result.kind === 'conflict' ? crypto.randomUUID() : key }
			});
		}
		redirect(303, result.response.statusUrl);
	}
} satisfies Actions;
