import { error } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { vehiclePage } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

// No client-side routing (`csr = false`, set once by the rider layout): the verdict is complete on
// the server; its live part ("Ouvir", "Compartilhar corrida") is the island
// ./Vehicle.island.svelte.

/** The verification of one vehicle now. */
export const load: PageServerLoad = async ({ params, setHeaders }) => {
	const data = await vehiclePage(params.codigo);
	if (!data) error(400, { message: m.verify_bad_query(), code: 'codigo' });
	// A verdict is about today and the latest snapshot: never from a shared cache.
	setHeaders({ 'cache-control': 'private, no-cache' });
	return data;
};
