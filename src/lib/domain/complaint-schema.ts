/** The valibot schema of a complaint, shared by the form action, the JSON API and the browser. */
import * as v from 'valibot';
import { parseInstant, wallClock, zonedInstant } from './clock';
import { parseVehicleCode } from './plate';
import { addMonths } from './months';
import { parseKm } from './tariff';
import {
	COMPLAINT_ERRORS,
	FUTURE_TOLERANCE_MS,
	MAX_AGE_MONTHS,
	MAX_PAID_CENTAVOS,
	MAX_SITUATIONS,
	OVERCHARGE_CODE,
	OTHER_CODE,
	normalizePhone
} from './complaint-fields';

const E = COMPLAINT_ERRORS;

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
