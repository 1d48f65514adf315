/**
 * SEMAM's staff roles. A `fiscal` triages complaints and drafts autos de infração (Art. 26); a
 * `gestor` does everything a fiscal does and also keeps the registry (Art. 8–11), the stands
 * (Art. 13), the tariff decrees (Art. 15–17), decreed days and the staff accounts.
 */
export type Role = 'fiscal' | 'gestor';

export const ROLES: readonly Role[] = ['fiscal', 'gestor'];

/** Rank of each role: a higher one can do all a lower one can. */
const RANK: Readonly<Record<Role, number>> = { fiscal: 1, gestor: 2 };

export const ROLE_LABEL: Readonly<Record<Role, string>> = {
	fiscal: 'Fiscal',
	gestor: 'Gestor(a)'
};

/**
 * Whether a member with role `have` may do what needs `need`.
 * @example roleAllows('fiscal', 'gestor') //=> false
 * @example roleAllows('gestor', 'fiscal') //=> true
 */
export function roleAllows(have: Role, need: Role): boolean {
	return RANK[have] >= RANK[need];
}

export function isRole(value: unknown): value is Role {
	return value === 'fiscal' || value === 'gestor';
}

/** The signed-in member as the app passes it around: never the password hash. */
export interface StaffMember {
	id: number;
	email: string;
	name: string;
	role: Role;
}

/** Under 12 characters, or one of the passwords every attacker tries first. */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Common passwords of 12 characters or more (from the top of the public breach lists, and the
 * local ones an attacker would try first). A short list on purpose: length does most of the work.
 */
const COMMON = new Set([
	'123456789012',
	'1234567890123',
	'12345678901234',
	'123456789abc',
	'qwertyuiopas',
	'qwertyuiop123',
	'qwerty123456',
	'password1234',
	'password12345',
	'passwordpassword',
	'senha1234567',
	'senha123456789',
	'senhasenha12',
	'senhasenhasenha',
	'mudar1234567',
	'mudarsenha123',
	'aaaaaaaaaaaa',
	'111111111111',
	'000000000000',
	'abc123456789',
	'abcdefghijkl',
	'iloveyou1234',
	'admin1234567',
	'administrator',
	'administrador',
	'rolimdemoura',
	'rolimdemoura123',
	'rolimdemoura2026',
	'mototaxi1234',
	'mototaxirolim',
	'semam1234567',
	'prefeitura123',
	'prefeitura2026',
	'brasil123456',
	'corinthians123',
	'flamengo1234',
	'palmeiras123'
]);

export type PasswordProblem = 'short' | 'common';

/**
 * Why a password is refused, or null when it is acceptable. Case and surrounding spaces do not
 * rescue a common password.
 * @example passwordProblem('senha') //=> 'short'
 * @example passwordProblem('RolimDeMoura2026') //=> 'common'
 */
export function passwordProblem(password: string): PasswordProblem | null {
	if ([...password].length < MIN_PASSWORD_LENGTH) return 'short';
	const plain = password.trim().toLowerCase();
	if (COMMON.has(plain) || /^(.)\1+$/.test(plain) || /^(.{1,4})\1+$/.test(plain)) return 'common';
	return null;
}

export const PASSWORD_MESSAGE: Readonly<Record<PasswordProblem, string>> = {
	short: `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
	common: 'Essa senha é comum demais e seria adivinhada logo. Escolha outra (uma frase serve).'
};
