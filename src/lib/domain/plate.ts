/**
 * Vehicle codes a rider can type, scan or read off a mototáxi: the plate, in either Brazilian
 * format, and the prefix painted on the tank (Lei 2.059/2011, Art. 6 V h).
 *
 * Old plates (`ABC-1234`) and Mercosul plates (`ABC1C34`) name the same vehicle after conversion:
 * the 5th character's digit d becomes the letter 'A' + d (Res. CONTRAN 780/2019, now 969/2022). A
 * registry may hold either form, and a rider may type either, so matching goes through `plateKey`.
 */

const OLD = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL = /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/;
const SEPARATORS = /[\s.-]+/g;

/**
 * The plate as letters and digits only, or null when it is neither an old nor a Mercosul plate.
 * @example normalizePlate('abc-1234') //=> 'ABC1234'
 * @example normalizePlate('ABC 1C34') //=> 'ABC1C34'
 * @example normalizePlate('AB-1234') //=> null
 */
export function normalizePlate(text: string): string | null {
	const plate = text.toUpperCase().replace(SEPARATORS, '');
	return OLD.test(plate) || MERCOSUL.test(plate) ? plate : null;
}

/** True for a normalized plate of the old (pre-Mercosul) format. */
export function isOldPlate(normalized: string): boolean {
	return OLD.test(normalized);
}

/**
 * The key that matches a plate whatever its format: the Mercosul form (Res. CONTRAN 969/2022).
 * Accepts any spelling `normalizePlate` accepts; anything else comes back cleaned and uppercased,
 * a key no valid plate has.
 * @example plateKey('ABC-1234') //=> 'ABC1C34'
 * @example plateKey('ABC1C34') //=> 'ABC1C34'
 */
export function plateKey(plate: string): string {
	const normalized = normalizePlate(plate);
	if (normalized === null) return plate.toUpperCase().replace(SEPARATORS, '');
	if (!OLD.test(normalized)) return normalized;
	const letter = String.fromCharCode(65 + Number(normalized[4])); // 0 → A … 9 → J
	return normalized.slice(0, 4) + letter + normalized.slice(5);
}

/**
 * The plate as it is written on the vehicle: old plates with their hyphen, Mercosul without.
 * @example formatPlate('ABC1234') //=> 'ABC-1234'
 * @example formatPlate('ABC1C34') //=> 'ABC1C34'
 */
export function formatPlate(normalized: string): string {
	const plate = normalizePlate(normalized);
	if (plate === null) return normalized;
	return OLD.test(plate) ? `${plate.slice(0, 3)}-${plate.slice(3)}` : plate;
}

// `MT`, `MT-`, `MT ` (any case) then at most 4 digits: prefixes are numbered per vehicle (Art. 6 V h).
const PREFIX = /^(?:MT[\s-]?)?([0-9]{1,4})$/i;

/**
 * The prefix as canonical digits, without leading zeros, or null when it is not a prefix.
 * @example normalizePrefix('MT-007') //=> '7'
 * @example normalizePrefix('000') //=> null
 */
export function normalizePrefix(text: string): string | null {
	const m = PREFIX.exec(text.trim());
	if (!m?.[1]) return null;
	const digits = m[1].replace(/^0+/, '');
	return digits === '' ? null : digits;
}

/**
 * The prefix as painted on the vehicle, three digits at least.
 * @example formatPrefix('7') //=> '007'
 */
export function formatPrefix(prefixo: string): string {
	return prefixo.padStart(3, '0');
}

export type VehicleCode =
	{ kind: 'prefixo'; prefixo: string } | { kind: 'placa'; placa: string; key: string };

/** Longer than any prefix or plate with generous spacing: anything longer is not a vehicle code. */
const MAX_QUERY = 20;

/**
 * What a rider typed (or a QR code held): a prefix or a plate in either format.
 * @example parseVehicleCode(' mt 7 ') //=> { kind: 'prefixo', prefixo: '7' }
 * @example parseVehicleCode('abc-1234') //=> { kind: 'placa', placa: 'ABC1234', key: 'ABC1C34' }
 * @example parseVehicleCode('ABC') //=> null
 */
export function parseVehicleCode(query: string): VehicleCode | null {
	const text = query.trim();
	if (text === '' || text.length > MAX_QUERY) return null;
	const prefixo = normalizePrefix(text);
	if (prefixo !== null) return { kind: 'prefixo', prefixo };
	const placa = normalizePlate(text);
	return placa === null ? null : { kind: 'placa', placa, key: plateKey(placa) };
}
