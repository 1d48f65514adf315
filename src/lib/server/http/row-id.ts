/**
 * The id of a database row as a form or a URL names it (a team member, a decree, a decreed day,
 * a device, an audit entry). Every such column is an `integer`: PostgreSQL's is 32-bit and
 * answers an id of 2^31 or more with an error (a 500), SQLite's is wider. So only the ids a row
 * can have pass — 1 to 2^31 − 1, written in plain digits — and the caller answers anything else
 * with its own 400, on either database.
 */

/** The largest id an `integer` column holds on PostgreSQL (and the largest we accept). */
export const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * The id `value` names (plain digits, spaces around them ignored), or null when it is none: not a
 * string, empty, zero, signed, with a leading zero, a decimal point, an exponent, hex, or above
 * MAX_ROW_ID.
 * @example rowId('42') //=> 42
 * @example rowId('2147483648') //=> null
 * @example rowId('1e3') //=> null
 */
export function rowId(value: unknown): number | null {
	if (typeof value !== 'string') return null;
	const digits = value.trim();
	if (!/^[1-9]\d{0,9}$/.test(digits)) return null;
	const id = Number(digits);
	return id <= MAX_ROW_ID ? id : null;
}
