/**
 * Sign-in: one answer for a wrong e-mail and a wrong password (and the same work for both, so the
 * timing does not tell them apart either), the lockout of ./lockout.ts, and a new session.
 */
import { isRole, type StaffMember } from '$lib/domain/staff';
import type { Db } from '../db';
import { audit } from '../audit';
import { delayAfter, lockState, recordFailure, recordSuccess } from './lockout';
import { decoyHash, verifyPassword } from './password';
import { createSession, endSession, purgeSessions } from './session';

export const WRONG = 'E-mail ou senha incorretos.';

export type SignIn =
	| { ok: true; staff: StaffMember; token: string }
	| { ok: false; status: 400 | 429; message: string; delayMs: number; retryAfterSeconds?: number };

export interface SignInInput {
	email: string;
	password: string;
	address: string;
	/** The session cookie the browser brought, if any: it is ended, never reused (fixation). */
	previousToken?: string | undefined;
}

export function lockedMessage(seconds: number): string {
	const minutes = Math.max(1, Math.ceil(seconds / 60));
	return (
		`Muitas tentativas erradas. Por segurança, o acesso está bloqueado por ${minutes} ` +
		`minuto${minutes === 1 ? '' : 's'}. Se esqueceu a senha, peça a um(a) gestor(a) da SEMAM.`
	);
}

export async function signIn(db: Db, input: SignInInput, now: Date = new Date()): Promise<SignIn> {
	const email = input.email.trim().toLowerCase();
	if (email === '' || input.password === '')
		return { ok: false, status: 400, message: 'Informe o e-mail e a senha.', delayMs: 0 };
	if (email.length > 254 || input.password.length > 1024)
		return { ok: false, status: 400, message: WRONG, delayMs: 0 };

	const lock = await lockState(db, email, input.address, now);
	if (lock.locked)
		return {
			ok: false,
			status: 429,
			message: lockedMessage(lock.retryAfterSeconds),
			delayMs: 0,
			retryAfterSeconds: lock.retryAfterSeconds
		};

	const row = await db
		.selectFrom('staff')
		.select(['id', 'email', 'name', 'role', 'password_hash', 'active'])
		.where('email', '=', email)
		.executeTakeFirst();
	const usable = row && row.active === 1 && isRole(row.role) ? row : null;
	const matches = await verifyPassword(
		input.password,
		usable?.password_hash ?? (await decoyHash())
	);
	if (!usable || !matches || !isRole(usable.role)) {
		const failures = await recordFailure(db, email, input.address, now);
		return { ok: false, status: 400, message: WRONG, delayMs: delayAfter(failures) };
	}

	await recordSuccess(db, usable.id, email, input.address, now);
	if (input.previousToken) await endSession(db, input.previousToken);
	await purgeSessions(db, now);
	const token = await createSession(db, usable.id, now);
	const staff: StaffMember = {
		id: usable.id,
		email: usable.email,
		name: usable.name,
		role: usable.role
	};
	await audit(db, { staff, action: 'session.login', entity: 'staff', entityId: staff.id }, now);
	return { ok: true, staff, token };
}
