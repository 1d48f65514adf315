/**
 * Who may record a field act (a preliminary notice, an impound): a signed-in fiscal or gestor on
 * an enrolled device of their own (the trusted-device cookie of the sign-in), as for the field
 * mode's autos. A page of these acts is never cached (no-store).
 */
import type { Cookies } from '@sveltejs/kit';
import { DEVICE_COOKIE, fieldDevice, getStaff, requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import type { FieldAgent } from './autos';

export type FieldActor =
	{ ok: true; agent: FieldAgent } | { ok: false; status: 403; message: string };

/** The agent for an action, or the 403 that says why the device may not act. */
export async function fieldActor(cookies: Cookies, now: Date = new Date()): Promise<FieldActor> {
	const me = requireStaff('fiscal');
	const device = await fieldDevice(db(), cookies.get(DEVICE_COOKIE), now);
	if (!device || device.staffId !== me.id)
		return {
			ok: false,
			status: 403,
			message:
				'Este aparelho não está cadastrado para esta conta: saia e entre de novo com a sua senha nele. Nada foi registrado.'
		};
	if (device.status === 'revoked')
		return {
			ok: false,
			status: 403,
			message: 'Este aparelho foi revogado pela gestão: ele não registra atos. Nada foi registrado.'
		};
	const member = await getStaff(db(), me.id);
	return {
		ok: true,
		agent: { id: me.id, email: me.email, name: me.name, matricula: member?.matricula ?? null }
	};
}

/** The device's state for a page: whether it may record acts. */
export async function deviceState(
	cookies: Cookies,
	staffId: number,
	now: Date = new Date()
): Promise<'enrolled' | 'revoked' | 'none'> {
	const device = await fieldDevice(db(), cookies.get(DEVICE_COOKIE), now);
	return !device || device.staffId !== staffId ? 'none' : device.status;
}
