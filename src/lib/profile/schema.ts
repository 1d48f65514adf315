/**
 * The one schema of a municipality's profile folder (profiles/<municipio>/), file by file. A
 * profile is data only — JSON, the law texts, GeoJSON and CSV — so the office can load a new law
 * or a new city without a developer; `npm run profile:check` and the start-up apply this schema
 * and report each problem by file and path (`regimes/x.json: bandeira.night.start: expected
 * HH:MM`). Imports are relative: vite.config.ts and the CLI load it outside SvelteKit.
 */
import * as v from 'valibot';
import { CHECKLIST_ITEMS, CITE_ROLES } from '../domain/regime.ts';

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
	const m = LOCAL_DATE.exec(text);
	if (!m) return false;
	const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
	const probe = new Date(Date.UTC(y, mo - 1, d));
	return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

const text = v.pipe(v.string('expected text'), v.trim(), v.nonEmpty('expected a non-empty text'));
const date = v.pipe(
	v.string('expected a date YYYY-MM-DD'),
	v.check(isRealDate, 'expected a date YYYY-MM-DD')
);
const hhmm = v.pipe(
	v.string('expected HH:MM'),
	v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM')
);
const monthDay = v.pipe(
	v.string('expected MM-DD'),
	v.check((s) => /^\d{2}-\d{2}$/.test(s) && isRealDate(`2024-${s}`), 'expected MM-DD')
);
const count = (what: string) =>
	v.pipe(
		v.number(`expected ${what}`),
		v.integer(`expected ${what}`),
		v.minValue(0, `expected ${what}`)
	);
const positive = (what: string) =>
	v.pipe(
		v.number(`expected ${what}`),
		v.integer(`expected ${what}`),
		v.minValue(1, `expected ${what}`)
	);
const centavos = count('a whole number of centavos ≥ 0');
/** A file beside the profile's JSON, by a relative path that stays inside the folder. */
const fileName = v.pipe(
	v.string('expected a file name'),
	v.regex(/^(?!\/)(?!.*\.\.)[\w./-]+$/, 'expected a file name inside the profile folder')
);
/** A /lei anchor id: `art21`, `art16-p2`, `art8-pu`, `art21-XVII`. */
const provision = v.pipe(
	v.string('expected a provision id like art21-XVII'),
	v.regex(/^art\d+(-(p\d+|pu))?(-[IVXLC]+)?$/, 'expected a provision id like art21-XVII')
);
const cite = v.object({ cite: text }, 'expected { "cite": "Art. …" }');
const counting = v.picklist(['calendar', 'business'], 'expected calendar or business');
const strict = <T extends v.ObjectEntries>(entries: T) =>
	v.strictObject(entries, 'expected an object');

const localized = strict({ 'pt-BR': text, es: text, en: text });
/** One Portuguese text, or the three languages (translations may come later). */
const localText = v.union([text, localized], 'expected a text, or { "pt-BR", "es", "en" }');
const otherNames = v.optional(strict({ es: v.optional(text), en: v.optional(text) }));

const checklistItem = v.strictObject(
	{
		item: v.picklist(CHECKLIST_ITEMS, `expected one of ${CHECKLIST_ITEMS.join(', ')}`),
		cite: text,
		text: v.optional(localText)
	},
	'expected an object'
);

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

// ------------------------------------------------------------------------------ regimes/*.json

const penalty = v.picklist(
	['advertencia', 'multa', 'apreensao', 'suspensao', 'cassacao'],
	'expected advertencia, multa, apreensao, suspensao or cassacao'
);

export const catalogSchema = strict({
	situations: v.array(
		strict({
			code: v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a kebab-case code')),
			wording: localized,
			articles: v.array(provision),
			danger: v.optional(v.boolean('expected true or false'))
		})
	),
	penalties: v.array(
		strict({
			provision,
			penalty: v.nullable(penalty),
			/** Every penalty the provision carries, mildest first, where it is more than one. */
			penalties: v.optional(v.array(penalty)),
			basis: provision,
			note: v.optional(localized)
		})
	),
	escalation: v.array(
		v.variant(
			'kind',
			[
				strict({ kind: v.literal('reincidence'), of: provision, penalty, basis: provision }),
				strict({ kind: v.literal('automatic'), with: penalty, penalty, basis: provision })
			],
			'expected kind reincidence or automatic'
		)
	),
	notObservable: v.array(strict({ article: provision, reason: localText })),
	reincidenceWindowMonths: positive('a number of months'),
	/** How the penalties add up: a ladder of reincidence (the default) or gravities and points. */
	system: v.optional(
		v.variant(
			'kind',
			[
				strict({ kind: v.literal('ladder') }),
				strict({
					kind: v.literal('points'),
					gravities: v.array(
						strict({
							id: v.picklist(['leve', 'media', 'grave', 'gravissima']),
							name: text,
							from: provision,
							to: provision,
							fineMultiple: positive('a multiple of the fare')
						})
					),
					fine: strict({ component: text, basis: provision }),
					repeatFine: strict({
						factor: positive('a factor'),
						windowMonths: positive('a number of months'),
						basis: provision
					}),
					repeat: v.array(
						strict({
							of: penalty,
							penalty,
							basis: provision,
							replaces: v.optional(v.boolean())
						})
					),
					points: strict({
						values: strict({
							advertencia: v.optional(count('points')),
							multa: v.optional(count('points')),
							apreensao: v.optional(count('points')),
							suspensao: v.optional(count('points')),
							cassacao: v.optional(count('points'))
						}),
						basis: provision,
						windowMonths: positive('a number of months'),
						windowBasis: provision
					}),
					thresholds: v.array(strict({ above: count('points'), penalty, basis: provision })),
					suspensionDays: v.optional(
						strict({ min: positive('days'), max: positive('days'), basis: provision })
					),
					suspensionTotal: v.optional(
						strict({
							aboveDays: positive('days'),
							windowMonths: positive('a number of months'),
							penalty,
							basis: provision
						})
					)
				})
			],
			'expected kind ladder or points'
		)
	),
	emergency: v.array(strict({ number: text, name: localized })),
	common: v.optional(v.array(text)),
	groups: v.optional(
		v.array(
			strict({
				id: v.picklist(
					['danger', 'money', 'ride', 'equipment', 'stand', 'other'],
					'expected danger, money, ride, equipment, stand or other'
				),
				codes: v.array(text)
			})
		)
	)
});

export const regimeSchema = v.pipe(
	strict({
		validFrom: date,
		/** The last day in force, when a later regime replaces this one. */
		validTo: v.optional(v.nullable(date)),
		law: strict({
			/** `Lei municipal nº 2.059/2011`. */
			title: text,
			/** `Lei 2.059/2011`: how the app cites it. */
			short: text,
			published: date,
			/** Where it was published. */
			source: text,
			/** Why `validFrom` is that date, in the rider's languages (`Art. 32: 90 dias…`). */
			validFromReason: v.optional(localized)
		}),
		/** What a reader of /lei should know about this law (a newer law reported, a gap). */
		notice: v.optional(localized),
		/** The law's text, under the profile folder; null when it is not available. */
		text: v.nullable(fileName),
		/** Why the text is missing (required when `text` is null). */
		textReason: v.optional(text),
		/**
		 * Which provision plays each role (docs/profiles.md lists the roles): code names the role,
		 * this says the article. A role left out has no provision in this law: nothing is shown.
		 */
		cites: strict(
			Object.fromEntries(CITE_ROLES.map((role) => [role, v.optional(text)])) as Record<
				(typeof CITE_ROLES)[number],
				v.OptionalSchema<typeof text, undefined>
			>
		),
		/** Notes on the published text (misprints, conflicts), shown on /lei beside the law. */
		errata: v.optional(v.array(strict({ id: text, note: text }))),
		/** What the rider's checklist shows under this law, item by item with its article. */
		checklist: v.optional(
			v.nullable(
				strict({
					driver: v.array(checklistItem),
					vehicle: v.array(checklistItem)
				})
			)
		),
		/** Texts whose content is the law's own, by role (what the stands rule allows a rider). */
		texts: v.optional(strict({ standsHail: v.optional(localText) })),
		/** Bandeira II: the night window, and whole days. Only these kinds exist. */
		bandeira: strict({
			cite: text,
			night: strict({ start: hhmm, end: hhmm, cite: text }),
			sundays: v.optional(v.nullable(cite)),
			saturdays: v.optional(v.nullable(cite)),
			holidays: v.optional(v.nullable(cite)),
			/** Where the law says something else too (a conflicting definition): shown on /tarifa. */
			note: v.optional(localText)
		}),
		/** The registry checks' parameters; null when the law's text is not available. */
		registry: v.nullable(
			strict({
				maxAgeYears: positive('a number of years'),
				minCc: positive('cc ≥ 1'),
				maxCc: positive('cc ≥ 1'),
				inspectionMonths: positive('a number of months'),
				/** The penalty for operating without a valid certidão, or with a motorcycle too old or of the wrong size. */
				/** The insurance the law asks for, as a rider reads it (`de vida pessoal e de terceiro`). */
				insurance: v.optional(text),
				sanctions: v.optional(
					strict({
						insurance: v.optional(penalty),
						certidao: v.optional(penalty),
						age: v.optional(penalty),
						cc: v.optional(penalty)
					})
				),
				/** The cap: one authorization per so many inhabitants, or a fixed number. */
				cap: v.variant(
					'kind',
					[
						strict({
							kind: v.literal('perInhabitants'),
							inhabitants: positive('a number of inhabitants'),
							/** "ou fração" is `ceil`. */
							rounding: v.picklist(['ceil', 'floor'], 'expected ceil or floor')
						}),
						strict({ kind: v.literal('fixed'), count: positive('a number of authorizations') })
					],
					'expected kind perInhabitants or fixed'
				)
			})
		),
		registryReason: v.optional(text),
		/** The administrative procedure's deadlines; null when unknown. */
		procedure: v.nullable(
			strict({
				/** How many copies the auto is drawn up in, where the law says. */
				copies: v.optional(positive('a number of copies')),
				/** The notice of the auto: sent within `days` of the conduct; late, the auto is void. */
				notice: v.optional(strict({ days: positive('a number of days'), voids: v.boolean() })),
				defence: strict({
					days: positive('a number of days'),
					counting: counting,
					/** "não inferior a": the office may give more. */
					atLeast: v.optional(v.boolean()),
					/** The penalty waits for the defence's judgment. */
					suspensive: v.optional(v.boolean()),
					/** Who judges it, when the law names a body. */
					judgedBy: v.optional(localText)
				}),
				/** After the decision: a reconsideration or an appeal. */
				review: strict({
					kind: v.picklist(['reconsideration', 'appeal'], 'expected reconsideration or appeal'),
					/** Null when the law leaves the period to the decision's notice. */
					days: v.nullable(positive('a number of days')),
					counting: counting,
					/** Where the period is set when `days` is null. */
					setIn: v.optional(localText)
				})
			})
		),
		/** The offense catalog; null when the law's text is not available (complaints unclassified). */
		offenses: v.nullable(catalogSchema),
		offensesReason: v.optional(text),
		/**
		 * With `offenses: null`: what a rider can still report — plain situations, no provisions
		 * (nothing is cited that we do not have) — sent to the office unclassified.
		 */
		unclassified: v.optional(
			strict({
				situations: v.array(
					strict({
						code: v.pipe(
							v.string(),
							v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a kebab-case code')
						),
						wording: localized,
						danger: v.optional(v.boolean('expected true or false'))
					})
				),
				emergency: v.array(strict({ number: text, name: localized })),
				common: v.optional(v.array(text)),
				groups: catalogSchema.entries.groups
			})
		)
	}),
	v.forward(
		v.check(
			(r) => r.text !== null || r.textReason !== undefined,
			'expected the reason the text is missing'
		),
		['textReason']
	),
	v.forward(
		v.check(
			(r) => r.offenses !== null || r.offensesReason !== undefined,
			'expected the reason there is no offense catalog'
		),
		['offensesReason']
	),
	v.forward(
		v.check(
			(r) => r.registry !== null || r.registryReason !== undefined,
			'expected the reason there are no registry checks'
		),
		['registryReason']
	),
	v.forward(
		v.check((r) => !r.validTo || r.validTo >= r.validFrom, 'expected a date on or after validFrom'),
		['validTo']
	),
	v.forward(
		v.check((r) => !r.registry || r.registry.minCc <= r.registry.maxCc, 'expected minCc ≤ maxCc'),
		['registry', 'maxCc']
	)
);

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
