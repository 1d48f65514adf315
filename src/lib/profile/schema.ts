/**
 * The one schema of a municipality's profile folder (profiles/<municipio>/), file by file. A
 * profile is data only — JSON, the law texts, GeoJSON and CSV — so the office can load a new law
 * or a new city without a developer; `npm run profile:check` and the start-up apply this schema
 * and report each problem by file and path (`regimes/x.json: bandeira.night.start: expected
 * HH:MM`). Imports are relative: vite.config.ts and the CLI load it outside SvelteKit.
 */
import * as v from 'valibot';
import {
	text,
	date,
	monthDay,
	positive,
	centavos,
	fileName,
	strict,
	otherNames
} from './schema-values.ts';
import { catalogSchema } from './schema-catalog.ts';
import { regimeSchema } from './schema-regime.ts';

export { catalogSchema } from './schema-catalog.ts';
export { regimeSchema } from './schema-regime.ts';

// ---------------------------------------------------------------------------- municipality.json

const legalHoliday = strict({
	// Good Friday is a religious holiday a municipal law declares (Lei 9.093/1995, art. 2º).
	scope: v.picklist(['national', 'state', 'municipal'], 'expected national, state or municipal'),
	source: text,
	name: v.optional(text),
	names: otherNames
});

const municipalHoliday = strict({
	date: monthDay,
	name: text,
	names: otherNames,
	source: text,
	validFrom: v.optional(date)
});

const decreedDay = strict({
	date,
	action: v.picklist(['add', 'remove', 'close'], 'expected add, remove or close'),
	name: text,
	reference: text
});

const contact = strict({
	kind: v.picklist(['phone', 'email', 'url', 'address'], 'expected phone, email, url or address'),
	label: text,
	value: text
});

export const municipalitySchema = strict({
	name: text,
	state: v.pipe(
		v.string('expected a state code'),
		v.regex(/^[A-Z]{2}$/, 'expected a state code like RO')
	),
	/** The state's name, as holiday lists say "estadual (Rondônia)". */
	stateName: text,
	/** The town centre: the map's view before there is any stand, and the staff forms' example. */
	centre: strict({
		lat: v.pipe(v.number('expected a latitude'), v.minValue(-90), v.maxValue(90)),
		lng: v.pipe(v.number('expected a longitude'), v.minValue(-180), v.maxValue(180)),
		source: text
	}),
	ibge: v.pipe(
		v.string('expected the IBGE code'),
		v.regex(/^\d{7}$/, 'expected the 7-digit IBGE code')
	),
	timeZone: v.pipe(
		text,
		v.check((zone) => {
			try {
				new Intl.DateTimeFormat('en', { timeZone: zone });
				return true;
			} catch {
				return false;
			}
		}, 'expected an IANA time zone like America/Sao_Paulo')
	),
	/** The zone as a rider reads it: `UTC−4`. */
	utcLabel: text,
	/** The IBGE's latest figure: Art. 10-like caps count by it. */
	population: strict({
		count: positive('a population ≥ 1'),
		year: positive('a year'),
		source: text,
		/** `source` in the rider's other languages. */
		sources: otherNames
	}),
	/** The office that runs the service (`SEMAM`, `SEMTRAN`), as riders and staff see it. */
	office: strict({ acronym: text, name: text }),
	/** Shown to riders (the office's phone…); empty when none is published. */
	contacts: v.array(contact, 'expected a list of contacts'),
	/** Complaint protocols: `<prefix>-<year>-<000001>`. */
	protocolPrefix: v.pipe(
		v.string('expected 2–4 capital letters'),
		v.regex(/^[A-Z]{2,4}$/, 'expected 2–4 capital letters')
	),
	/**
	 * Public keys of the signed vehicle cards (ES256, P-256; a JWK's x and y). A key verifies the
	 * cards issued within its validity; `sample` marks a test key whose private part is public
	 * (tests/fixtures): it vouches only for the fictitious sample entries.
	 */
	cardKeys: v.optional(
		v.array(
			strict({
				kid: v.pipe(v.number('expected a key id'), v.integer(), v.minValue(1), v.maxValue(255)),
				x: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'expected 32 bytes in base64url')),
				y: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'expected 32 bytes in base64url')),
				validFrom: date,
				validUntil: date,
				sample: v.optional(v.literal(true))
			}),
			'expected a list of card keys'
		)
	),
	boundary: fileName,
	samples: strict({ registry: fileName, stands: fileName }),
	holidays: strict({
		// Keys are date-holidays' rule strings (country BR, state of the municipality).
		legal: v.record(v.string(), legalHoliday, 'expected an object of holiday rules'),
		facultativos: v.record(v.string(), strict({ name: text, names: otherNames, source: text })),
		municipal: v.array(municipalHoliday, 'expected a list of municipal holidays'),
		decreedDays: v.array(decreedDay, 'expected a list of decreed days')
	}),
	stateTransfers: strict({
		followForBandeira: v.boolean('expected true or false'),
		reason: text,
		/** `reason` in the rider's other languages. */
		reasons: otherNames,
		decrees: v.array(
			strict({ year: positive('a year'), from: date, to: date, reference: text }),
			'expected a list of decrees'
		)
	})
});

// ------------------------------------------------------------------------------- tariffs.json

const fareValues = strict({
	/** The flat "bandeirada" (saída), in centavos; 0 when the decree has only a rate per km. */
	flagfall: centavos,
	perKmCentavos: v.optional(centavos)
});

export const tariffsSchema = strict({
	decrees: v.array(
		strict({
			id: v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a kebab-case id')),
			reference: text,
			/** `reference` in the rider's other languages, where it is words rather than an act's name. */
			references: otherNames,
			validFrom: date,
			/** True while the values are not a published decree: every screen says "exemplo". */
			sample: v.boolean('expected true or false'),
			/** Where the values come from (the decree's publication, a press report…). */
			source: v.optional(text),
			note: v.optional(text),
			notes: otherNames,
			/** A bandeira no published act prices is null, with `unpublished` saying why. */
			bandeiras: strict({ '1': fareValues, '2': v.nullable(fareValues) }),
			unpublished: v.optional(text),
			/** `unpublished` in the rider's other languages. */
			unpublishedNotes: otherNames,
			/** Why the table may not be the one in force (a later decree reported but not found). */
			unconfirmed: v.optional(text),
			/** `unconfirmed` in the rider's other languages. */
			unconfirmedNotes: otherNames,
			surcharges: v.array(
				strict({
					id: text,
					label: text,
					labels: otherNames,
					centavos,
					places: v.array(text)
				})
			)
		}),
		'expected a list of decrees'
	)
});

export type MunicipalityFile = v.InferOutput<typeof municipalitySchema>;
export type RegimeFile = v.InferOutput<typeof regimeSchema>;
export type CatalogFile = v.InferOutput<typeof catalogSchema>;
export type TariffsFile = v.InferOutput<typeof tariffsSchema>;

/** `file: path: message`, the form every profile error takes. */
export function issueLines(file: string, issues: readonly v.BaseIssue<unknown>[]): string[] {
	return issues.map((issue) => {
		const path = v.getDotPath(issue);
		let message = issue.message;
		// An unknown key in a strict object: say which (an unknown bandeira kind, a typo…).
		if (issue.type === 'strict_object' && issue.expected === 'never')
			message = `unknown key (allowed: see docs/profiles.md)`;
		return `${file}: ${path ?? '(root)'}: ${message}`;
	});
}

/** Parse one file's JSON with a schema: the value, or its errors by file and path. */
export function parseFile<S extends v.GenericSchema>(
	file: string,
	schema: S,
	json: unknown
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: string[] } {
	const result = v.safeParse(schema, json);
	return result.success
		? { ok: true, value: result.output }
		: { ok: false, errors: issueLines(file, result.issues) };
}
