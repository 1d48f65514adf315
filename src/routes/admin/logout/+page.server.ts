import { redirect } from '@sveltejs/kit';
import { audit, db } from '$lib/server/db';
import {
	requireStaff,
	COOKIE_OPTIONS,
	DEVICE_COOKIE,
	endSession,
	fieldDevice,
	SESSION_COOKIE
} from '$lib/server/auth';
import { closeBlocks } from '$lib/server/field';
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
		// The field mode's numbers this phone held and did not use go back or are voided (audited);
		// /admin/saiu wipes the phone's field records (the sign-in page runs no script, so it cannot).
		const device = await fieldDevice(db(), cookies.get(DEVICE_COOKIE));
		if (device?.staffId === staff.id) await closeBlocks(db(), staff, device.deviceId, 'saida');
		await audit(db(), { staff, action: 'session.logout', entity: 'staff', entityId: staff.id });
		cookies.delete(SESSION_COOKIE, COOKIE_OPTIONS);
		redirect(303, '/admin/saiu');
	}
} satisfies Actions;
