import type { Reroute } from '@sveltejs/kit';
import { deLocalizeUrl } from '$lib/paraglide/runtime';

/** /es/tarifa and /en/tarifa are the same route as /tarifa, in another language. */
export const reroute: Reroute = (request) => deLocalizeUrl(request.url).pathname;
