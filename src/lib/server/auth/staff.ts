/** Staff accounts: create, find, list, change role or password, deactivate. */
import {
	isRole,
	passwordProblem,
	PASSWORD_MESSAGE,
	type Role,
	type StaffMember
} from '$lib/domain/staff';
import { wallClock } from '$lib/domain/clock';
import { inForceOn } from '$lib/domain/profile';
import { citeFor } from '$lib/domain/regime';
import { profile } from '$lib/profile';
import type { Db } from '$lib/server/db';
import { hashPassword } from './password';

export interface StaffRow extends StaffMember {
	active: boolean;
	createdAt: string;
	/** The agent's registration number, printed on the autos they issue; null when not set. */
	matricula: string | null;
}

/** A matrícula as offices write it: 1–20 letters, digits, dots, dashes or slashes. */
export const MATRICULA = /^[\p{L}\d][\p{L}\d./-]{0,19}$/u;

/**
 * The provision of the law in force on `now`'s day that puts the agent's matrícula on the auto
 * (the regime's `agentRegistration`), or null where the law does not name it: then the field is
 * optional.
 */
export function matriculaCite(now: Date = new Date()): string | null {
	const day = wallClock(now, profile.timeZone).date;
	return citeFor(inForceOn(day, profile.laws) ?? profile.laws[0] ?? null, 'agentRegistration');
}

/** The matrícula typed, normalized, or a `StaffError` (required where the law names it). */
export function checkMatricula(value: string | undefined, now: Date = new Date()): string | null {
	const m = (value ?? '').trim();
	if (m === '') {
		const cite = matriculaCite(now);
		if (cite)
			throw new StaffError(
				`Informe a matrícula: a lei exige a matrícula do agente no auto (${cite}).`,
				'matricula'
			);
		return null;
	}
	if (!MATRICULA.test(m))
		throw new StaffError(
			'A matrícula tem até 20 letras, números, pontos, traços ou barras.',
			'matricula'
		);
	return m;
}

/** An e-mail we accept for an account: one @, a dot in the domain, no spaces, ≤ 254 characters. */
export const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export class StaffError extends Error {
	override name = 'StaffError';
	constructor(
		message: string,
		readonly field: 'email' | 'password' | 'role' | 'name' | 'matricula'
	) {
		super(message);
	}
}

export interface NewStaff {
	email: string;
	password: string;
	role: Role;
	name?: string;
	matricula?: string;
}

/** Checks and normalizes a new account; throws `StaffError` with a pt-BR message. */
export function validateNewStaff(input: {
	email: string;
	password: string;
	role: string;
	name?: string;
	matricula?: string;
}) {
	const email = input.email.trim().toLowerCase();
	if (email.length > 254 || !EMAIL.test(email))
		throw new StaffError(`"${input.email}" não é um e-mail válido.`, 'email');
	if (!isRole(input.role)) throw new StaffError('O papel deve ser "fiscal" ou "gestor".', 'role');
	const problem = passwordProblem(input.password);
	if (problem) throw new StaffError(PASSWORD_MESSAGE[problem], 'password');
	const name = (input.name ?? '').trim().replace(/\s+/g, ' ') || email.split('@')[0]!;
	if (name.length > 120) throw new StaffError('O nome pode ter até 120 caracteres.', 'name');
	const matricula = checkMatricula(input.matricula);
	return { email, role: input.role, name, password: input.password, matricula };
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
			created_at: now.toISOString(),
			matricula: valid.matricula
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
	matricula: string | null;
}): StaffRow => ({
	id: r.id,
	email: r.email,
	name: r.name,
	role: isRole(r.role) ? r.role : 'fiscal',
	active: r.active === 1,
	createdAt: r.created_at,
	matricula: r.matricula
});

export async function listStaff(db: Db): Promise<StaffRow[]> {
	const rows = await db
		.selectFrom('staff')
		.select(['id', 'email', 'name', 'role', 'active', 'created_at', 'matricula'])
		.orderBy('email')
		.execute();
	return rows.map(toRow);
}

export async function getStaff(db: Db, id: number): Promise<StaffRow | null> {
	const row = await db
		.selectFrom('staff')
		.select(['id', 'email', 'name', 'role', 'active', 'created_at', 'matricula'])
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

/** Sets (or clears, where the law does not require it) a member's matrícula. */
export async function setMatricula(
	db: Db,
	id: number,
	value: string,
	now: Date = new Date()
): Promise<string | null> {
	const matricula = checkMatricula(value, now);
	await db.updateTable('staff').set({ matricula }).where('id', '=', id).execute();
	return matricula;
}
