import { redirect } from '@sveltejs/kit';
import { audit, db } from '$lib/server/db';
import { requireStaff, COOKIE_OPTIONS, endSession, SESSION_COOKIE } from '$lib/server/auth';
import type { Actions, PageServerLoad } from './$types';

/** GET shows a "Sair" button: signing out is a POST, so no link or image can do it to you. */
export const load: PageServerLoad = () => {
	requireStaff('fiscal');
	return {};
};

export const actions = {
	default: async ({ cookies }) => {
		const staff = requireStaff('fiscal');
		const token = cookies.get(SESSION_COOKIE);
		if (token) await endSession(db(), token);
		await audit(db(), { staff, action: 'session.logout', entity: 'staff', entityId: staff.id });
		cookies.delete(SESSION_COOKIE, COOKIE_OPTIONS);
		redirect(303, '/admin/login?saiu=1');
	}
} satisfies Actions;
