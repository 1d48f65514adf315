/**
 * The second lock on every admin load and action (the first is in `hooks.server.ts`).
 * @example const staff = requireStaff('gestor'); // 401 when anonymous, 403 for a fiscal
 */
import { error } from '@sveltejs/kit';
import { getRequestEvent } from '$app/server';
import { roleAllows, type Role, type StaffMember } from '$lib/domain/staff';
import { profile } from '$lib/profile';

export const UNAUTHENTICATED = `Entre com sua conta da ${profile.office.acronym} para continuar.`;
export const FORBIDDEN = `Esta ação é só para gestores da ${profile.office.acronym}.`;

/** The signed-in member when they may do what needs `role`; else a 401 or 403 error. */
export function requireStaff(role: Role = 'fiscal'): StaffMember {
	return checkStaff(getRequestEvent().locals.staff, role);
}

/** `requireStaff` on a given member (for code that has no request event). */
export function checkStaff(staff: StaffMember | null | undefined, role: Role): StaffMember {
	if (!staff) error(401, { message: UNAUTHENTICATED, code: 'unauthenticated' });
	if (!roleAllows(staff.role, role)) error(403, { message: FORBIDDEN, code: 'forbidden' });
	return staff;
}
