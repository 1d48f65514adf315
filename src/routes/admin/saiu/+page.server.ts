import type { PageServerLoad } from './$types';

/** Public: the session has just ended (the sign-out's redirect); nothing of the staff side here. */
export const load: PageServerLoad = () => ({});
