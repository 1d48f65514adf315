/** The schema of a regime's offense catalog: situations, penalties, escalation, a points system. */
import * as v from 'valibot';
import { text, count, positive, provision, strict, localized, localText } from './schema-values.ts';

// ------------------------------------------------------------------------------ regimes/*.json

export const penalty = v.picklist(
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
	/**
	 * The offences of a personal character, where the law keeps them on the auxiliary driver's own
	 * record (the `auxiliaryRecord` role) without listing them: the provisions, and the reading
	 * that sorts them (for staff). Absent: every offence goes on the holder's record.
	 */
	personal: v.optional(
		strict({
			provisions: v.pipe(v.array(provision), v.minLength(1, 'expected the personal offences')),
			reading: localText
		})
	),
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
						/** Where the window is counted from: the first's commission or its confirmation. */
						from: v.picklist(['commission', 'confirmation'], 'expected commission or confirmation'),
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
					thresholds: v.array(
						strict({
							above: count('points'),
							penalty,
							basis: provision,
							/** The penalty answers for the points that led to it: stated, with its reason. */
							once: v.optional(strict({ reading: localText }))
						})
					),
					suspensionDays: v.optional(
						strict({ min: positive('days'), max: positive('days'), basis: provision })
					),
					suspensionTotal: v.optional(
						strict({
							aboveDays: positive('days'),
							windowMonths: positive('a number of months'),
							penalty,
							basis: provision,
							/** Decided when a suspension's days are fixed: why, for staff. */
							reading: localText
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
