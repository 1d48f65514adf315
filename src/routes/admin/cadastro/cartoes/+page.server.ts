import { error } from '@sveltejs/kit';
import { formatPlate, formatPrefix, normalizePrefix } from '$lib/domain/plate';
import { requireStaff } from '$lib/server/auth';
import { config } from '$lib/server/runtime';
import { db } from '$lib/server/db';
import { qrPath, vehicleUrl, latestSnapshot } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/**
 * Printable QR cards of the published registry: all, or one with `?prefixo=7`. The QR encodes the
 * absolute `/v/<prefixo>` URL of this app (configured base, else this request's origin), so any
 * phone camera opens the vehicle's verification.
 */
export const load: PageServerLoad = async ({ url }) => {
	requireStaff('gestor');
	const base = config.publicBaseUrl ?? url.origin;
	const snapshot = await latestSnapshot(db());
	const wanted = url.searchParams.get('prefixo');
	const prefixo = wanted === null ? null : normalizePrefix(wanted);
	if (wanted !== null && prefixo === null)
		error(404, { message: 'Prefixo inválido.', code: 'prefixo' });
	const entries = (snapshot?.entries ?? []).filter(
		(e) => prefixo === null || e.prefixo === prefixo
	);
	if (prefixo !== null && entries.length === 0)
		error(404, {
			message: `O prefixo ${formatPrefix(prefixo)} não está no cadastro publicado.`,
			code: 'prefixo'
		});
	return {
		one: prefixo !== null,
		version: snapshot?.version ?? null,
		sample: snapshot?.sample ?? false,
		base,
		cards: entries.map((e) => {
			const target = vehicleUrl(base, e.prefixo);
			return {
				prefixo: formatPrefix(e.prefixo),
				placa: formatPlate(e.placa),
				url: target,
				qr: qrPath(target)
			};
		})
	};
};
