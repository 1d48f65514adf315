import { FIELD_PATH, FIELD_SHELL_PARAM } from '$lib/field/shell';
import type { LayoutServerLoad } from './$types';

/**
 * The signed-in member for the header (null on the login page); each page checks access itself.
 * The field mode's shell (kept on the phone: src/lib/field/shell.ts) names no one.
 */
export const load: LayoutServerLoad = ({ locals, url, untrack }) => ({
	// Untracked: the header does not load again on every change of address.
	staff: untrack(() => FIELD_PATH.test(url.pathname) && url.searchParams.has(FIELD_SHELL_PARAM))
		? null
		: locals.staff
});
