/** The schema of one legal regime (regimes/*.json): law, bandeira, registry, procedure, offenses. */
import * as v from 'valibot';
import { CITE_ROLES } from '../domain/regime.ts';
import { BOARDING_EFFECTS, CHECK_KEYS, type CheckKey } from '../domain/registry-types.ts';
import { catalogSchema, penalty } from './schema-catalog.ts';
import {
	text,
	date,
	hhmm,
	positive,
	fileName,
	cite,
	counting,
	strict,
	localized,
	localText,
	checklistItem,
	provision
} from './schema-values.ts';

/** A term of the impound as the law words it (in the rider's three languages), with its provision. */
const impoundTerm = { cite: text, text: localized };
const provisions = (what: string) =>
	v.pipe(v.array(provision), v.minLength(1, `expected at least one provision ${what}`));

/**
 * The law's other field acts, each absent where the law has none: the preliminary notice (the
 * days to adapt, the provisions it may be given for) and the impound (its grounds, the deposit and
 * the law's terms: release, costs, the period before auction, inspections).
 */
const fieldActs = strict({
	preliminaryNotice: v.optional(
		strict({
			cite: text,
			days: positive('a number of days'),
			provisions: provisions('a notice may be given for'),
			provisionsCite: text,
			/** How the app reads the list where the text is off (a wrong cross-reference). */
			reading: v.optional(localized)
		})
	),
	impound: v.optional(
		strict({
			cite: text,
			grounds: provisions('an impound may be grounded on'),
			groundsCite: text,
			deposit: strict({ cite: text, place: localized }),
			inspection: v.optional(strict(impoundTerm)),
			release: strict({ ...impoundTerm, adaptDays: positive('a number of days') }),
			releaseInspection: v.optional(strict(impoundTerm)),
			costs: strict(impoundTerm),
			auction: strict({ ...impoundTerm, months: positive('a number of months') })
		})
	)
});

/** One registry check under a law: its boarding effect and provision, or why the law lacks it. */
const checkRule = v.union(
	[
		strict({
			effect: v.picklist(BOARDING_EFFECTS, 'expected blocks, warns or office'),
			cite: text,
			sanctions: v.optional(v.array(strict({ penalty, cite: text }))),
			graceDays: v.optional(positive('a number of days'))
		}),
		strict({ absent: text })
	],
	'expected { "effect": "blocks" | "warns" | "office", "cite" } or { "absent": "<why the law has no such check>" }'
);

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
		texts: v.optional(
			strict({
				standsHail: v.optional(localText),
				/** Who may drive the vehicle, in the law's own terms (the holder, auxiliary drivers). */
				whoDrives: v.optional(localText),
				/** How the fares are set and how often they are readjusted. */
				fareReadjust: v.optional(localText)
			})
		),
		/**
		 * A vehicle with no authorization: the law's penalties fall on authorized drivers, so the
		 * case goes to the traffic authority under the federal rule it cites.
		 */
		unlicensed: v.optional(
			strict({
				cite: text,
				authority: localText,
				/**
				 * The catalogue's conducts (situation codes) by which an authorized driver answers for
				 * driving a vehicle the registry does not hold; absent where the law has none.
				 */
				conducts: v.optional(v.array(text))
			})
		),
		/** Bandeira II: the night window, and whole days. Only these kinds exist. */
		bandeira: strict({
			cite: text,
			night: strict({ start: hhmm, end: hhmm, cite: text }),
			sundays: v.optional(v.nullable(cite)),
			saturdays: v.optional(v.nullable(cite)),
			holidays: v.optional(v.nullable(cite)),
			/** Where the law says something else too (a conflicting definition): shown on /tarifa. */
			note: v.optional(localText),
			/**
			 * The hours where the conflicting definition gives the other flag, and the situations a
			 * complaint's fare turns on: staff see `note` on such a complaint and its auto.
			 */
			conflict: v.optional(
				strict({
					windows: v.array(strict({ start: hhmm, end: hhmm })),
					situations: v.array(text)
				})
			)
		}),
		/** The registry checks' parameters; null when the law's text is not available. */
		registry: v.nullable(
			strict({
				maxAgeYears: positive('a number of years'),
				minCc: positive('cc ≥ 1'),
				maxCc: positive('cc ≥ 1'),
				inspectionMonths: positive('a number of months'),
				/** The insurance the law asks for, as a rider reads it (`de vida pessoal e de terceiro`). */
				insurance: v.optional(localized),
				/** How the law words a suspended authorization (`até que seja sanada a irregularidade`). */
				suspension: v.optional(localText),
				/**
				 * A cautelar suspension the agent applies in flagrante for some offences, for as long as
				 * the auto's procedure lasts: the provision that gives it, the offences it applies to,
				 * what ends it (the auto's decision, or its becoming final) and how the law words that.
				 * Absent: the law has none (nothing is recorded or shown).
				 */
				cautelar: v.optional(
					strict({
						cite: text,
						provisions: v.pipe(
							v.array(provision),
							v.minLength(1, 'expected the offences the suspension applies to')
						),
						endsWith: v.picklist(['decision', 'final'], 'expected decision or final'),
						until: localized
					})
				),
				/**
				 * Every check, each stated: what failing it does to the ride (blocks | warns | office)
				 * and the provision that says so, or why the law does not have it (not shown).
				 */
				checks: v.strictObject(
					Object.fromEntries(CHECK_KEYS.map((key) => [key, checkRule])) as Record<
						CheckKey,
						typeof checkRule
					>,
					`expected every check stated (${CHECK_KEYS.join(', ')}): its boarding effect and article, or why the law has none`
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
				),
				/**
				 * Other figures for the cap reported by public sources, dated: a newer law said to be in
				 * force (`reported`: the app holds grants above the lowest of them to a gestor's
				 * confirmation) or an amendment not yet sanctioned (`pending`: shown only).
				 */
				capReadings: v.optional(
					v.array(
						strict({
							status: v.picklist(['reported', 'pending'], 'expected reported or pending'),
							/** `Lei 4.247/2023, Art. 10`. */
							law: text,
							inhabitants: positive('a number of inhabitants'),
							rounding: v.picklist(['ceil', 'floor'], 'expected ceil or floor'),
							/** When the source said it: a day, or only its year where that is all it gives. */
							asOf: v.pipe(
								v.string(),
								v.regex(/^\d{4}(-\d{2}-\d{2})?$/, 'expected YYYY or YYYY-MM-DD')
							),
							source: text,
							/** What the source leaves open (whether "ou fração" applies). */
							note: v.optional(text)
						})
					)
				)
			})
		),
		registryReason: v.optional(text),
		/** The administrative procedure's deadlines; null when unknown. */
		procedure: v.nullable(
			strict({
				/**
				 * The notice of the auto: sent within `days` of the conduct; late, the auto is void
				 * (`voids`). Null: the law sets no limit — stated, never left out.
				 */
				notice: v.nullable(strict({ days: positive('a number of days'), voids: v.boolean() })),
				/** The printed auto's blocks, as this law words them: never left unstated. */
				auto: strict({
					/** How many copies the auto is drawn up in. */
					copies: positive('a number of copies'),
					/** Why that number, where the law does not say it (no `autoCopies` citation). */
					copiesReason: v.optional(localText),
					/** How the agent is identified: by name and signature, or by matrícula. */
					agent: v.picklist(['name', 'matricula'], 'expected name or matricula'),
					/**
					 * The refusal rule: the agent certifies a refusal to sign with `witnesses` witnesses'
					 * signatures; or the refusal to receive the notice, reported by its delivery.
					 */
					refusal: v.variant(
						'kind',
						[
							strict({
								kind: v.literal('witnesses'),
								witnesses: positive('a number of witnesses')
							}),
							strict({ kind: v.literal('noticeDelivery') })
						],
						'expected kind witnesses or noticeDelivery'
					),
					/** To whom the defence is addressed: `o titular da SEMAM`. */
					defenceTo: localText
				}),
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
		/** The preliminary notice and the impound, as the law has them (absent: none). */
		fieldActs: v.optional(fieldActs),
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
	),
	v.forward(
		v.check(
			(r) => !r.registry || 'absent' in r.registry.checks.seguro || !!r.registry.insurance,
			'expected the insurance’s scope as the law words it, in pt-BR, es and en'
		),
		['registry', 'insurance']
	)
);
