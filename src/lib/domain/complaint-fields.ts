/** A complaint's fixed codes, its error keys (Paraglide messages), its limits, the phone's form. */
/** The situation whose complaint needs the amount paid (Art. 21, XVII). */
export const OVERCHARGE_CODE = 'cobrou-mais';
/** The situation that names no provision: the rider's description is all SEMAM has. */
export const OTHER_CODE = 'outro';

export const COMPLAINT_ERRORS = {
	form: 'complaint_error_form',
	value: 'complaint_error_value',
	unknownField: 'complaint_error_unknown_field',
	vehicleInvalid: 'complaint_error_vehicle_invalid',
	vehicleRequired: 'complaint_error_vehicle_required',
	vehicleConflict: 'complaint_error_vehicle_conflict',
	vehicleDescriptionRequired: 'complaint_error_vehicle_description_required',
	vehicleDescriptionLong: 'complaint_error_vehicle_description_long',
	occurredRequired: 'complaint_error_occurred_required',
	occurredOffset: 'complaint_error_occurred_offset',
	occurredInvalid: 'complaint_error_occurred_invalid',
	occurredFuture: 'complaint_error_occurred_future',
	occurredOld: 'complaint_error_occurred_old',
	situationsRequired: 'complaint_error_situations_required',
	situationsTooMany: 'complaint_error_situations_too_many',
	situationsDuplicate: 'complaint_error_situations_duplicate',
	situationsUnknown: 'complaint_error_situations_unknown',
	paidRequired: 'complaint_error_paid_required',
	paidInvalid: 'complaint_error_paid_invalid',
	paidRange: 'complaint_error_paid_range',
	kmInvalid: 'complaint_error_km_invalid',
	locationInvalid: 'complaint_error_location_invalid',
	locationTextLong: 'complaint_error_location_text_long',
	descriptionRequired: 'complaint_error_description_required',
	descriptionLong: 'complaint_error_description_long',
	contactNameLong: 'complaint_error_contact_name_long',
	contactPhoneInvalid: 'complaint_error_contact_phone_invalid',
	contactEmailInvalid: 'complaint_error_contact_email_invalid'
} as const;

export type ComplaintErrorKey = (typeof COMPLAINT_ERRORS)[keyof typeof COMPLAINT_ERRORS];

/** A phone clock a few minutes fast must not turn "just now" into "in the future". */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** How far back a complaint may go, in months of the municipality's calendar. */
export const MAX_AGE_MONTHS = 12;
export const MAX_SITUATIONS = 10;
/** R$ 1.000,00: far above any fare, low enough to catch a typo in reais for centavos. */
export const MAX_PAID_CENTAVOS = 100_000;

const PHONE_CHARS = /^\+?[\d\s().-]+$/;

/**
 * A Brazilian phone number in E.164, or null: 10 digits (landline) or 11 (mobile, starting with
 * 9) after a two-digit DDD; `+55`, a trunk `0` and formatting are ignored.
 * @example normalizePhone('(69) 99988-7766') //=> '+5569999887766'
 * @example normalizePhone('+55 69 3442-1234') //=> '+556934421234'
 * @example normalizePhone('99988-7766') //=> null (no DDD)
 */
export function normalizePhone(text: string): string | null {
	const trimmed = text.trim();
	if (!PHONE_CHARS.test(trimmed)) return null;
	let digits = trimmed.replace(/\D/g, '');
	if (trimmed.startsWith('+')) {
		if (!digits.startsWith('55')) return null;
		digits = digits.slice(2);
	} else if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
		digits = digits.slice(2);
	} else if ((digits.length === 11 || digits.length === 12) && digits.startsWith('0')) {
		digits = digits.slice(1);
	}
	// DDDs run from 11 to 99 with no zero digit (Anatel's national numbering plan).
	if (!/^[1-9]{2}/.test(digits)) return null;
	const number = digits.slice(2);
	const ok = number.length === 9 ? number.startsWith('9') : /^[2-8]\d{7}$/.test(number);
	return ok ? `+55${digits}` : null;
}
