import { rulesBundle } from '$lib/server/rules';
import type { PageServerLoad } from './$types';

/** The answer is in the first response: rendered with the server's clock, correct without JavaScript. */
export const load: PageServerLoad = async ({ setHeaders }) => {
	const now = new Date();
	// The answer changes with time: always revalidate, and never let a shared cache keep it.
	setHeaders({ 'cache-control': 'private, no-cache' });
	return { serverNow: now.getTime(), bundle: await rulesBundle(now) };
};
