/** Staff accounts: create, find, list, change role or password, deactivate. */
import {
	isRole,
	passwordProblem,
	PASSWORD_MESSAGE,
	type Role,
	type StaffMember
} from '$lib/domain/staff';
import type { Db } from '$lib/server/db';
import { hashPassword } from './password';

export interface StaffRow extends StaffMember {
	active: boolean;
	createdAt: string;
}

/** An e-mail we accept for an account: one @, a dot in the domain, no spaces, ≤ 254 characters. */
export const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export class StaffError extends Error {
	override name = 'StaffError';
	constructor(
		message: string,
		readonly field: 'email' | 'password' | 'role' | 'name'
	) {
		super(message);
	}
}

export interface NewStaff {
	email: string;
	password: string;
	role: Role;
	name?: string;
}

/** Checks and normalizes a new account; throws `StaffError` with a pt-BR message. */
export function validateNewStaff(input: {
	email: string;
	password: string;
	role: string;
	name?: string;
}) {
	const email = input.email.trim().toLowerCase();
	if (email.length > 254 || !EMAIL.test(email))
		throw new StaffError(`"${input.email}" não é um e-mail válido.`, 'email');
	if (!isRole(input.role)) throw new StaffError('O papel deve ser "fiscal" ou "gestor".', 'role');
	const problem = passwordProblem(input.password);
	if (problem) throw new StaffError(PASSWORD_MESSAGE[problem], 'password');
	const name = (input.name ?? '').trim().replace(/\s+/g, ' ') || email.split('@')[0]!;
	if (name.length > 120) throw new StaffError('O nome pode ter até 120 caracteres.', 'name');
	return { email, role: input.role, name, password: input.password };
}

/** Creates an account; throws `StaffError` when invalid or when the e-mail is taken. */
export async function createStaff(
	db: Db,
	input: NewStaff,
	now: Date = new Date()
): Promise<StaffMember> {
	const valid = validateNewStaff(input);
	const taken = await db
		.selectFrom('staff')
		.select('id')
		.where('email', '=', valid.email)
		.executeTakeFirst();
	if (taken) throw new StaffError(`Já existe uma conta com o e-mail ${valid.email}.`, 'email');
	const password_hash = await hashPassword(valid.password);
	const row = await db
		.insertInto('staff')
		.values({
			email: valid.email,
			name: valid.name,
			role: valid.role,
			password_hash,
			created_at: now.toISOString()
		})
		.returning('id')
		.executeTakeFirstOrThrow();
	return { id: row.id, email: valid.email, name: valid.name, role: valid.role };
}

/** Sets a new password (checked like a new account's); ends the member's other sessions. */
export async function setPassword(db: Db, id: number, password: string): Promise<void> {
	const problem = passwordProblem(password);
	if (problem) throw new StaffError(PASSWORD_MESSAGE[problem], 'password');
	const password_hash = await hashPassword(password);
	await db.updateTable('staff').set({ password_hash }).where('id', '=', id).execute();
	await db.deleteFrom('staff_session').where('staff_id', '=', id).execute();
}

const toRow = (r: {
	id: number;
	email: string;
	name: string;
	role: string;
	active: number;
	created_at: string;
}): StaffRow => ({
	id: r.id,
	email: r.email,
	name: r.name,
	role: isRole(r.role) ? r.role : 'fiscal',
	active: r.active === 1,
	createdAt: r.created_at
});

export async function listStaff(db: Db): Promise<StaffRow[]> {
	const rows = await db
		.selectFrom('staff')
		.select(['id', 'email', 'name', 'role', 'active', 'created_at'])
		.orderBy('email')
		.execute();
	return rows.map(toRow);
}

export async function getStaff(db: Db, id: number): Promise<StaffRow | null> {
	const row = await db
		.selectFrom('staff')
		.select(['id', 'email', 'name', 'role', 'active', 'created_at'])
		.where('id', '=', id)
		.executeTakeFirst();
	return row ? toRow(row) : null;
}

/** Changes role and/or active flag; either ends the member's sessions (they sign in again as what they now are). */
export async function updateStaff(
	db: Db,
	id: number,
	change: { role?: Role; active?: boolean }
): Promise<void> {
	await db
		.updateTable('staff')
		.set({
			...(change.role ? { role: change.role } : {}),
			...(change.active === undefined ? {} : { active: change.active ? 1 : 0 })
		})
		.where('id', '=', id)
		.execute();
	if (change.active === false || change.role)
		await db.deleteFrom('staff_session').where('staff_id', '=', id).execute();
}
