import { error } from '@sveltejs/kit';
import { cardAnswer, checkCard } from '$lib/domain/card';
import { wallClock } from '$lib/domain/clock';
import { m } from '$lib/paraglide/messages';
import { profile } from '$lib/profile';
import { db } from '$lib/server/db';
import { revokedSerials, vehiclePage } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/**
 * The signed card's link (`/v/<prefixo>/<digits>`, docs/api.md): any phone camera opens it. The
 * signature is checked here, on the server, with the profile's keys; the page is the vehicle's
 * verification (of the prefix the card signs, not the one in the link) with the card's answer
 * first — or only the card's answer when it is not the City's or no longer valid (revoked too).
 */
export const load: PageServerLoad = async ({ params, setHeaders }) => {
	const today = wallClock(new Date(), profile.timeZone).date;
	const check = await checkCard(params.cartao, profile.ibge, profile.cardKeys, today);
	const code = check.kind === 'forged' ? params.codigo : check.card.prefixo;
	const data = await vehiclePage(code);
	if (!data) error(400, { message: m.verify_bad_query(), code: 'codigo' });
	const entry = data.entry && { placa: data.entry.placa, sample: data.entry.sample };
	setHeaders({ 'cache-control': 'private, no-cache' });
	return {
		...data,
		card: cardAnswer(check, profile.cardKeys, entry ?? null, await revokedSerials(db()))
	};
};
