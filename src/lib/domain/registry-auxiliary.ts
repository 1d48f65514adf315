/**
 * The auxiliary driver as a person of the registry (staff only, LGPD): their CNH number, which
 * keys their own record, and their own authorization's validity where the law gives one (the
 * regime's `auxiliaryValidity` role).
 */
import type { LocalDate } from './clock';
import type { Cites } from './regime';
import { paren } from './registry-checks';
import type { RegistryEntry } from './registry-types';

/** Digits of a CNH registration number. */
export const CNH_DIGITS = 11;

/**
 * A CNH registration number as stored: its 11 digits (dots, dashes and spaces dropped), or null
 * when it is not one. Older 9-digit numbers are read with the leading zeros the card now shows.
 * @example normalizeCnh('012.345.678-90') //=> '01234567890'
 */
export function normalizeCnh(text: string): string | null {
	const digits = text.replace(/[\s.-]/g, '');
	if (!/^\d{9,11}$/.test(digits)) return null;
	return digits.padStart(CNH_DIGITS, '0');
}

const br = (date: LocalDate) => {
	const [y, m, d] = date.split('-');
	return `${d}/${m}/${y}`;
};

/**
 * What is wrong today with the auxiliary driver's own authorization, for staff (pt-BR, with the
 * citation): only where the law gives the auxiliary an authorization of its own, with a validity.
 */
export function auxiliaryProblems(
	entry: Pick<RegistryEntry, 'condutorAuxiliar' | 'auxiliarValidade'>,
	today: LocalDate,
	cites: Cites
): string[] {
	const cite = cites.auxiliaryValidity;
	if (!cite || !entry.condutorAuxiliar) return [];
	if (entry.auxiliarValidade === undefined)
		return [`Autorização do condutor auxiliar sem validade no cadastro${paren(cite)}.`];
	if (entry.auxiliarValidade < today)
		return [
			`Autorização do condutor auxiliar vencida em ${br(entry.auxiliarValidade)}${paren(cite)}.`
		];
	return [];
}
