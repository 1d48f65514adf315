/**
 * A rider's complaint (Lei 2.059/2011, Art. 1º parágrafo único: inspection "com cooperação dos
 * usuários"): the input schema shared by the form action, the JSON API and the browser, the
 * states a complaint goes through, and the deadlines that run on it.
 *
 * Errors are Paraglide message keys (`complaint_error_*` in messages/*.json), keyed by field, so
 * every client words them in the rider's language. Valibot, because it costs a few KiB on a phone.
 */
import * as v from 'valibot';
import { addDays, parseInstant, wallClock, weekdayOf, zonedInstant, type LocalDate } from './clock';
import type { HolidayCalendar } from './holidays';
import { parseVehicleCode, type VehicleCode } from './plate';
import { addMonths } from './registry';
import { parseKm } from './tariff';
import type { Procedure } from './profile';

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

const E = COMPLAINT_ERRORS;

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

const EMAIL = v.pipe(v.string(), v.maxLength(254), v.email());

// A default makes valibot run the schema for an absent key too, so absent, null and '' (an empty
// form field) all come out as null and the cross-field checks below see one value for "none".

/** Optional text, trimmed. */
const optionalText = (max: number, tooLong: string) =>
	v.pipe(
		v.nullish(v.pipe(v.string(E.value), v.trim(), v.maxLength(max, tooLong)), null),
		v.transform((text) => text || null)
	);

/** A string turned into a value by `parse`, or an issue. */
const optionalParsed = <T>(parse: (text: string) => T | null, message: string) =>
	v.pipe(
		v.nullish(v.pipe(v.string(E.value), v.trim()), null),
		v.rawTransform(({ dataset, addIssue, NEVER }) => {
			if (!dataset.value) return null;
			const value = parse(dataset.value);
			if (value === null) {
				addIssue({ message });
				return NEVER;
			}
			return value;
		})
	);

export interface ComplaintContext {
	now: Date;
	/** The municipality's zone: "one year" is counted on its calendar. */
	timeZone: string;
	/** The situation codes of the catalog in force. */
	situations: ReadonlySet<string>;
	/**
	 * A recording of the rider's voice came with the complaint (checked apart): it tells what
	 * happened, so no typed description is required for it.
	 */
	recording?: boolean;
}

/**
 * The schema of a complaint for a context: the occurrence must lie between a year before `now`
 * (from midnight of that day, by the municipality's calendar) and `now` plus five minutes.
 */
export function complaintSchema(ctx: ComplaintContext) {
	const earliest = zonedInstant(
		addMonths(wallClock(ctx.now, ctx.timeZone).date, -MAX_AGE_MONTHS),
		0,
		ctx.timeZone
	);
	const latest = ctx.now.getTime() + FUTURE_TOLERANCE_MS;
	const coordinate = (limit: number) =>
		v.pipe(
			v.number(E.locationInvalid),
			v.minValue(-limit, E.locationInvalid),
			v.maxValue(limit, E.locationInvalid)
		);

	return v.pipe(
		v.strictObject(
			{
				vehicle: optionalParsed(parseVehicleCode, E.vehicleInvalid),
				vehicleUnknown: v.nullish(v.boolean(E.value), false),
				vehicleDescription: optionalText(200, E.vehicleDescriptionLong),
				occurredAt: v.pipe(
					v.string(E.occurredRequired),
					v.rawTransform(({ dataset, addIssue, NEVER }) => {
						const parsed = parseInstant(dataset.value);
						if (!parsed.ok) {
							const offset = parsed.reason === 'offset';
							addIssue({ message: offset ? E.occurredOffset : E.occurredInvalid });
							return NEVER;
						}
						const at = parsed.at.getTime();
						if (at > latest || at < earliest.getTime()) {
							addIssue({ message: at > latest ? E.occurredFuture : E.occurredOld });
							return NEVER;
						}
						return parsed.at;
					})
				),
				situations: v.pipe(
					v.array(v.string(E.situationsUnknown), E.situationsRequired),
					v.minLength(1, E.situationsRequired),
					v.maxLength(MAX_SITUATIONS, E.situationsTooMany),
					v.check((codes) => new Set(codes).size === codes.length, E.situationsDuplicate),
					v.check((codes) => codes.every((c) => ctx.situations.has(c)), E.situationsUnknown)
				),
				paidCentavos: v.nullish(
					v.pipe(
						v.number(E.paidInvalid),
						v.integer(E.paidInvalid),
						v.minValue(1, E.paidRange),
						v.maxValue(MAX_PAID_CENTAVOS, E.paidRange)
					),
					null
				),
				// The ride's distance, where the table sets a rate per km (as Porto Velho's decree does): a decimal
				// with `.` or `,`, 0 < km ≤ 100, kept as its exact text (`2.345`); empty is none.
				distanceKm: v.nullish(
					v.pipe(
						v.string(E.kmInvalid),
						v.trim(),
						v.transform((s) => (s === '' ? null : (parseKm(s)?.text ?? undefined))),
						v.check((s) => s !== undefined, E.kmInvalid),
						v.transform((s) => s ?? null)
					),
					null
				),
				location: v.nullish(
					v.union(
						[
							v.strictObject({ lat: coordinate(90), lng: coordinate(180) }),
							v.strictObject({
								text: v.pipe(
									v.string(E.locationInvalid),
									v.trim(),
									v.minLength(1, E.locationInvalid),
									v.maxLength(200, E.locationTextLong)
								)
							})
						],
						E.locationInvalid
					),
					null
				),
				description: optionalText(2000, E.descriptionLong),
				contact: v.nullish(
					v.strictObject(
						{
							name: optionalText(100, E.contactNameLong),
							phone: optionalParsed(normalizePhone, E.contactPhoneInvalid),
							email: optionalParsed(
								(text) => (v.is(EMAIL, text) ? text : null),
								E.contactEmailInvalid
							)
						},
						E.value
					),
					null
				)
			},
			E.form
		),
		v.forward(
			v.partialCheck(
				[['vehicle'], ['vehicleUnknown']],
				(c) => !(c.vehicleUnknown && c.vehicle),
				E.vehicleConflict
			),
			['vehicle']
		),
		v.forward(
			v.partialCheck(
				[['vehicle'], ['vehicleUnknown']],
				(c) => c.vehicleUnknown || c.vehicle !== null,
				E.vehicleRequired
			),
			['vehicle']
		),
		v.forward(
			v.partialCheck(
				[['vehicleUnknown'], ['vehicleDescription']],
				(c) => !c.vehicleUnknown || c.vehicleDescription !== null,
				E.vehicleDescriptionRequired
			),
			['vehicleDescription']
		),
		// Art. 21, XVII: an overcharge is judged against the amount paid.
		v.forward(
			v.partialCheck(
				[['situations'], ['paidCentavos']],
				(c) => !c.situations.includes(OVERCHARGE_CODE) || c.paidCentavos !== null,
				E.paidRequired
			),
			['paidCentavos']
		),
		v.forward(
			v.partialCheck(
				[['situations'], ['description']],
				(c) =>
					!c.situations.includes(OTHER_CODE) || c.description !== null || ctx.recording === true,
				E.descriptionRequired
			),
			['description']
		)
	);
}

/** What a client sends (JSON, or a form converted to this shape). */
export type ComplaintRequest = v.InferInput<ReturnType<typeof complaintSchema>>;

/** A complaint as validated and normalized: trimmed text, absent fields as null. */
export interface ComplaintInput {
	vehicle: VehicleCode | null;
	vehicleUnknown: boolean;
	vehicleDescription: string | null;
	occurredAt: Date;
	situations: string[];
	paidCentavos: number | null;
	/** The distance the rider gave, as exact decimal text (`2.345`), or null. */
	distanceKm: string | null;
	location: { lat: number; lng: number } | { text: string } | null;
	description: string | null;
	/** E.164 phone (`+5569…`); null when the rider left no contact at all. */
	contact: { name: string | null; phone: string | null; email: string | null } | null;
}

export type ComplaintParse =
	{ ok: true; value: ComplaintInput } | { ok: false; errors: Record<string, ComplaintErrorKey> };

/** The field an issue belongs to: `occurredAt`, `contact.phone`, `form` for the input itself. */
function fieldOf(issue: v.BaseIssue<unknown>): string {
	const keys = (issue.path ?? []).map((p) => String(p.key));
	const [first, second] = keys;
	if (first === undefined) return 'form';
	return first === 'contact' && second !== undefined ? `contact.${second}` : first;
}

const MISSING: Readonly<Record<string, ComplaintErrorKey>> = {
	occurredAt: E.occurredRequired,
	situations: E.situationsRequired
};

const KEYS = new Set<string>(Object.values(COMPLAINT_ERRORS));
const isKey = (message: string): message is ComplaintErrorKey => KEYS.has(message);

function keyOf(issue: v.BaseIssue<unknown>, field: string): ComplaintErrorKey {
	// A strict object reports an unknown key as expecting `never`, a missing one as `"name"`.
	if (issue.type === 'strict_object' && issue.path?.length) {
		if (issue.expected === 'never') return E.unknownField;
		if (issue.expected?.startsWith('"')) return MISSING[field] ?? E.value;
	}
	return isKey(issue.message) ? issue.message : E.value;
}

/**
 * Validates a complaint. Unknown keys are refused (at the top level and in `contact`); errors are
 * message keys by field, the first issue of each field winning.
 * @example parseComplaint({ vehicle: 'MT-007', occurredAt: '2026-12-02T21:10:00-04:00', situations: ['fumando'] }, ctx)
 * //=> { ok: true, value: { vehicle: { kind: 'prefixo', prefixo: '7' }, … } }
 * @example parseComplaint({ vehicleUnknown: true, occurredAt: '2030-01-01T00:00:00Z', situations: [] }, ctx).errors
 * //=> { occurredAt: 'complaint_error_occurred_future', situations: 'complaint_error_situations_required', vehicleDescription: … }
 */
export function parseComplaint(input: unknown, ctx: ComplaintContext): ComplaintParse {
	const result = v.safeParse(complaintSchema(ctx), input);
	if (!result.success) {
		const errors: Record<string, ComplaintErrorKey> = {};
		for (const issue of result.issues) {
			const field = fieldOf(issue);
			errors[field] ??= keyOf(issue, field);
		}
		return { ok: false, errors };
	}
	const c = result.output;
	const contact = c.contact
		? { name: c.contact.name, phone: c.contact.phone, email: c.contact.email }
		: null;
	return {
		ok: true,
		value: {
			vehicle: c.vehicle,
			vehicleUnknown: c.vehicleUnknown,
			vehicleDescription: c.vehicleDescription,
			occurredAt: c.occurredAt,
			situations: c.situations,
			paidCentavos: c.paidCentavos,
			distanceKm: c.distanceKm,
			location: c.location,
			description: c.description,
			contact: contact && (contact.name || contact.phone || contact.email) ? contact : null
		}
	};
}

export type ComplaintState =
	'recebida' | 'em_analise' | 'procedente' | 'improcedente' | 'duplicada' | 'arquivada';

export interface ComplaintStateInfo {
	type: 'open' | 'closed';
	/**
	 * Counted in public figures (never the rider's identity or words). The rider follows their own
	 * complaint in every state through its private token.
	 */
	public: boolean;
	/** States SEMAM may move it to; each move is audited with who, when and why. */
	next: readonly ComplaintState[];
}

/**
 * Complaint states. A closed complaint can be reopened for analysis: reconsideration of a
 * penalty (Art. 28 §1º), new evidence, a wrong duplicate or archive call.
 */
export const COMPLAINT_STATES = {
	recebida: { type: 'open', public: true, next: ['em_analise', 'duplicada', 'arquivada'] },
	em_analise: {
		type: 'open',
		public: true,
		next: ['procedente', 'improcedente', 'duplicada', 'arquivada']
	},
	// Founded: an auto de infração follows (Art. 26), with defense (Art. 27) and reconsideration.
	procedente: { type: 'closed', public: true, next: ['em_analise'] },
	improcedente: { type: 'closed', public: true, next: ['em_analise'] },
	// Counted once, through the complaint it repeats.
	duplicada: { type: 'closed', public: false, next: ['em_analise'] },
	// Spam, abuse, withdrawn or too vague to act on: never public (as FixMyStreet hides them).
	arquivada: { type: 'closed', public: false, next: ['em_analise'] }
} as const satisfies Record<ComplaintState, ComplaintStateInfo>;

export const COMPLAINT_STATE_IDS = Object.keys(COMPLAINT_STATES) as ComplaintState[];

/**
 * Whether SEMAM may move a complaint from one state to another.
 * @example canTransition('recebida', 'procedente') //=> false (it must be analysed first)
 */
export function canTransition(from: ComplaintState, to: ComplaintState): boolean {
	const next: readonly ComplaintState[] = COMPLAINT_STATES[from].next;
	return next.includes(to);
}

// Deadlines are counted on the municipality's calendar, excluding the first day and including the
// last (Código Civil, art. 132; Lei 9.784/1999, art. 66), as local dates: "until the end of".

/**
 * A business day: not a Saturday, a Sunday, a holiday, or a day the office is closed (a full-day
 * ponto facultativo such as Carnaval, or a day a decree closes it) — a deadline in business days
 * counts the days the office is open.
 */
export function isBusinessDay(date: LocalDate, calendar: HolidayCalendar): boolean {
	const year = Number(date.slice(0, 4));
	if (!calendar.covers(year)) throw new RangeError(`The calendar does not cover ${year}`);
	const weekday = weekdayOf(date);
	return (
		weekday !== 0 &&
		weekday !== 6 &&
		calendar.holidaysOn(date).length === 0 &&
		!calendar.closedOn?.(date)
	);
}

/**
 * The `n`th business day after `date`.
 * @example addBusinessDays('2026-12-23', 2, calendar) //=> '2026-12-28' (25 Dec, a weekend between)
 */
export function addBusinessDays(date: LocalDate, n: number, calendar: HolidayCalendar): LocalDate {
	let day = date;
	for (let left = n; left > 0;) {
		day = addDays(day, 1);
		if (isBusinessDay(day, calendar)) left--;
	}
	return day;
}

/**
 * SEMAM's answer to the rider: 30 days from receipt, extendable once, with reasons, by another 30
 * (Lei 13.460/2017, art. 16). Not moved to a business day: answering earlier is always possible.
 * @example answerDeadline('2026-12-02') //=> '2027-01-01'
 */
export function answerDeadline(receivedOn: LocalDate, extended = false): LocalDate {
	return addDays(receivedOn, extended ? 60 : 30);
}

/**
 * The infractor's defence: `procedure.defence.days` from the notice of the auto de infração, in
 * calendar or business days as the regime counts them. A last day with no office hours moves to
 * the next business day (Lei 9.784/1999, art. 66 §1º, applied to municipalities with no rule of
 * their own: STJ, Súmula 633).
 * @example defenseDeadline('2026-12-02', calendar, procedure) //=> '2026-12-17' (15 calendar days)
 */
export function defenseDeadline(
	notifiedOn: LocalDate,
	calendar: HolidayCalendar,
	procedure: Pick<Procedure, 'defence'>
): LocalDate {
	const { days, counting } = procedure.defence;
	if (counting === 'business') return addBusinessDays(notifiedOn, days, calendar);
	let day = addDays(notifiedOn, days);
	while (!isBusinessDay(day, calendar)) day = addDays(day, 1);
	return day;
}

/**
 * The review of a penalty (a reconsideration, an appeal): `procedure.review.days` from learning of
 * the decision, or null where the law leaves the period to the decision's notice.
 * @example reviewDeadline('2026-12-02', calendar, procedure) //=> '2026-12-09' (5 business days)
 */
export function reviewDeadline(
	knownOn: LocalDate,
	calendar: HolidayCalendar,
	procedure: Pick<Procedure, 'review'>
): LocalDate | null {
	const { days, counting } = procedure.review;
	if (days === null) return null;
	if (counting === 'business') return addBusinessDays(knownOn, days, calendar);
	let day = addDays(knownOn, days);
	while (!isBusinessDay(day, calendar)) day = addDays(day, 1);
	return day;
}
