import { error, fail } from '@sveltejs/kit';
import { formatPlate, formatPrefix, normalizePrefix } from '$lib/domain/plate';
import { requireStaff } from '$lib/server/auth';
import { formOrError, text } from '$lib/server/http';
import { config } from '$lib/server/runtime';
import { db } from '$lib/server/db';
import {
	CardKeyError,
	cardFields,
	cardLink,
	cardQr,
	latestSnapshot,
	modulesPath,
	qrPath,
	revokeCard,
	revokedSerials,
	signedCardDigits,
	signingKey,
	vehicleUrl
} from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';

/** The printed sizes of the code, in mm, quiet zone included: on the bike, on the vest. */
const SIZES = { moto: 70, colete: 120 } as const;

/**
 * Printable QR cards of the published registry: all, or one with `?prefixo=7`; `?tamanho=colete`
 * prints the code at 120 mm (a vest), else 70 mm (the bike). Each code is the vehicle's signed card
 * (docs/api.md): the link `<base>/v/<prefixo>/` of this app (configured base, else this request's
 * origin) and the card's signed digits, so any camera opens the verification and the rider's app
 * checks the signature offline. Without a usable signing key the code is the plain link, and the
 * page says why. A card whose serial was revoked (`?/revogar`) is marked cancelled: a reprint gets a
 * new serial only with the next published version (src/lib/server/registry/card-revocation.ts).
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
	const revoked = new Set(await revokedSerials(db()));
	const size = url.searchParams.get('tamanho') === 'colete' ? SIZES.colete : SIZES.moto;
	let key: ReturnType<typeof signingKey> | null = null;
	let unsigned: string | null = null;
	try {
		key = signingKey();
	} catch (e) {
		if (!(e instanceof CardKeyError)) throw e;
		unsigned = e.message;
	}
	return {
		one: prefixo !== null,
		version: snapshot?.version ?? null,
		sample: snapshot?.sample ?? false,
		base,
		size,
		unsigned,
		cards: entries.map((e) => ({
			...card(e),
			revoked: snapshot !== null && revoked.has(snapshot.version * 10_000 + Number(e.prefixo))
		}))
	};
	function card(e: (typeof entries)[number]) {
		// A sample key's private part is public: it signs only the fictitious sample entries.
		if (key && snapshot && (!key.entry.sample || e.sample)) {
			const digits = signedCardDigits(cardFields(e, snapshot, key.entry.kid), key.key);
			const link = cardLink(base, e.prefixo);
			const qr = cardQr(link, digits);
			return {
				prefixo: formatPrefix(e.prefixo),
				placa: formatPlate(e.placa),
				url: link,
				signed: true,
				qrVersion: qr.version,
				module: size / (qr.modules + 8),
				qr: modulesPath(qr.modules, qr.dark)
			};
		}
		const target = vehicleUrl(base, e.prefixo);
		const qr = qrPath(target);
		return {
			prefixo: formatPrefix(e.prefixo),
			placa: formatPlate(e.placa),
			url: target,
			signed: false,
			qrVersion: null,
			module: size / qr.size,
			qr
		};
	}
};

export const actions: Actions = {
	/** Revokes the current card of `prefixo` (gestor, audited): phones learn it from /api/registry. */
	revogar: async ({ request }) => {
		const staff = requireStaff('gestor');
		const prefixo = normalizePrefix(text(await formOrError(request), 'prefixo'));
		if (prefixo === null)
			return fail(400, { revokeError: 'Prefixo inválido.', revoked: null as string | null });
		const done = await revokeCard(db(), prefixo, staff);
		if (!done)
			return fail(404, {
				revokeError: `O prefixo ${formatPrefix(prefixo)} não está no cadastro publicado.`,
				revoked: null as string | null
			});
		return { revokeError: null as string | null, revoked: formatPrefix(prefixo) };
	}
};
