import type { LayoutServerLoad } from './$types';

/** The signed-in member for the header (null on the login page); each page checks access itself. */
export const load: LayoutServerLoad = ({ locals }) => ({ staff: locals.staff });
