/**
 * A rider's complaint (Lei 2.059/2011, Art. 1º parágrafo único: inspection "com cooperação dos
 * usuários"): the input schema shared by the form action, the JSON API and the browser, the
 * states a complaint goes through, and the deadlines that run on it.
 *
 * Errors are Paraglide message keys (`complaint_error_*` in messages/*.json), keyed by field, so
 * every client words them in the rider's language. Valibot, because it costs a few KiB on a phone.
 */
import * as v from 'valibot';
import type { VehicleCode } from './plate';
import { COMPLAINT_ERRORS, type ComplaintErrorKey } from './complaint-fields';
import { complaintSchema, type ComplaintContext } from './complaint-schema';

export * from './complaint-fields';
export * from './complaint-schema';
export * from './complaint-states';

const E = COMPLAINT_ERRORS;

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
