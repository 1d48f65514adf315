/**
 * The penalty system of a law that grades offences by gravity and keeps a points register (Feira
 * de Santana's Lei 3.815/2018 is the example): each offence carries its penalties, a fine is a
 * multiple of a named fare component by gravity, a repeat of the same infraction within a window
 * doubles the fine and leads to the next penalty, and points over a threshold suspend the
 * authorization. All of it is the catalog's data (`system`); this is the strategy that reads it.
 */
import type { LocalDate } from './clock';
import type {
	ConfirmedOffense,
	Escalation,
	Gravity,
	OffenseCatalog,
	Penalty,
	PointsSystem
} from './offense-types';
import { automaticOf, gravestOf, penaltyRuleOf, ruleOrThrow } from './offense-rules';
import { PENALTY_PT } from './penalty-label';
import { articleOf, citeOf, romanOf } from './provision-id';
import { addMonths } from './months';

export type { Gravity, GravityId, PointsSystem } from './offense-types';

/** The gravity of a provision, by the law's ranges, or null. */
export function gravityOf(provision: string, system: PointsSystem): Gravity | null {
	const article = articleOf(provision);
	const n = romanOf(provision);
	return (
		system.gravities.find(
			(g) => articleOf(g.from) === article && romanOf(g.from) <= n && n <= romanOf(g.to) && n > 0
		) ?? null
	);
}

/** The penalties a provision carries by itself, mildest first. */
export function basePenalties(provision: string, catalog: OffenseCatalog): Penalty[] {
	const rule = ruleOrThrow(provision, catalog);
	return [...(rule.penalties ?? (rule.penalty ? [rule.penalty] : []))];
}

const br = (date: LocalDate) => date.split('-').reverse().join('/');

/** The day a prior was committed (its conduct), else the day it became final. */
export const committedOf = (h: ConfirmedOffense): LocalDate => h.committedOn ?? h.confirmedAt;
/** The day a prior was entered in the register (its penalty imposed), else the day it became final. */
export const enteredOf = (h: ConfirmedOffense): LocalDate => h.imposedOn ?? h.confirmedAt;

/**
 * Whether a prior is judged by `catalog`'s law: one confirmed under another law keeps that law's
 * article, gravity and penalty, and is never looked up in this catalog.
 */
export const sameLaw = (h: ConfirmedOffense, catalog: OffenseCatalog): boolean =>
	h.lawId === undefined || h.lawId === catalog.lawId;

/** The points a prior carries: the penalties applied to it (its own law's), each by the register. */
function pointsOfPrior(h: ConfirmedOffense, catalog: OffenseCatalog, system: PointsSystem): number {
	const applied =
		h.penalties ??
		(sameLaw(h, catalog) && penaltyRuleOf(h.article, catalog)
			? basePenalties(h.article, catalog)
			: []);
	return applied.reduce((sum, p) => sum + (system.points.values[p] ?? 0), 0);
}

/**
 * The points register on the day of an anotação `at` (Art. 53's reading: the window before the last
 * anotação): the entries final by then and entered in the `windowMonths` before it, their total,
 * and — for each threshold read `once` — the points still counted for it: those entered after the
 * last penalty of that threshold applied while the register stood above it (that penalty answered
 * for them, its own points too).
 */
export function registerAt(
	history: readonly ConfirmedOffense[],
	at: LocalDate,
	catalog: OffenseCatalog,
	system: PointsSystem,
	finalBy: LocalDate = at
): { total: number; counted: number; entries: number; spentOn: LocalDate | null } {
	const from = addMonths(at, -system.points.windowMonths);
	const entries = history
		.filter((h) => h.confirmedAt <= finalBy && enteredOf(h) <= at && enteredOf(h) >= from)
		.sort((a, b) => enteredOf(a).localeCompare(enteredOf(b)));
	const once = system.thresholds.find((t) => t.once);
	let total = 0;
	let counted = 0;
	let spentOn: LocalDate | null = null;
	for (const h of entries) {
		const points = pointsOfPrior(h, catalog, system);
		total += points;
		counted += points;
		if (once && counted > once.above && (h.penalties ?? []).includes(once.penalty)) {
			counted = 0;
			spentOn = enteredOf(h);
		}
	}
	return { total, counted, entries: entries.length, spentOn };
}

/**
 * The register a vehicle's record shows: the points of the window before its LAST anotação (not
 * before today), or null when it has none.
 */
export function pointsRegister(
	history: readonly ConfirmedOffense[],
	catalog: OffenseCatalog,
	system: PointsSystem
): { last: LocalDate; from: LocalDate; total: number; counted: number; cite: string } | null {
	const last = history.map(enteredOf).sort().at(-1);
	if (!last) return null;
	// Every entry of a record is final: the last one may have become so after its anotação.
	const finalBy =
		history
			.map((h) => h.confirmedAt)
			.sort()
			.at(-1) ?? last;
	const register = registerAt(history, last, catalog, system, finalBy);
	return {
		last,
		from: addMonths(last, -system.points.windowMonths),
		total: register.total,
		counted: register.counted,
		cite: citeOf(system.points.windowBasis)
	};
}

/**
 * The penalties for `offense` committed on `on` under a points system, imposed on `imposedOn` (the
 * day of its anotação; by default the conduct's), given the offences confirmed by then: its own
 * penalties; on a repeat of the same infraction within the window (counted as the law says: from
 * the first commission, or from its confirmation), the fine multiplied and the next penalty; the
 * points the register then holds (the window before this anotação), and what a threshold adds; what
 * follows automatically (an apreensão suspends). The days of a suspension, and what their sum leads
 * to, are the office's at the imposition (`cassationOnSuspension`).
 * @example escalatePoints([], 'art44-XXXV', '2026-12-02', feira).fine //=> { multiple: 50, component: 'bandeira I', … }
 */
export function escalatePoints(
	history: readonly ConfirmedOffense[],
	offense: string,
	on: LocalDate,
	catalog: OffenseCatalog,
	system: PointsSystem,
	imposedOn: LocalDate = on
): Escalation {
	const rule = ruleOrThrow(offense, catalog);
	const penalties = basePenalties(offense, catalog);
	const basisOf = new Map<Penalty, string>(penalties.map((p) => [p, rule.basis]));
	const gravity = gravityOf(offense, system);
	const cite = citeOf(offense);
	const parts: string[] = [];

	// Final by the day it is imposed, committed before this conduct; the window from the first
	// commission (a conduct-to-conduct count) or from its confirmation, as the law says.
	const window = system.repeatFine;
	const since = addMonths(on, -window.windowMonths);
	const dated = (h: ConfirmedOffense) =>
		window.from === 'commission' ? committedOf(h) : h.confirmedAt;
	const previous =
		history
			.filter(
				(h) =>
					sameLaw(h, catalog) &&
					h.article === offense &&
					h.confirmedAt <= imposedOn &&
					committedOf(h) < on &&
					dated(h) < on &&
					dated(h) >= since
			)
			.sort((a, b) => (dated(a) < dated(b) ? 1 : -1))[0] ?? null;
	const counted = window.from === 'commission' ? 'cometida em' : 'confirmada em';
	if (previous) {
		parts.push(
			`Reincidência: ${cite} ${counted} ${br(dated(previous))}, nos ` +
				`${window.windowMonths} meses anteriores (${citeOf(window.basis)})`
		);
		const gravest = gravestOf(penalties);
		const next = system.repeat.find((r) => r.of === gravest);
		if (next) {
			if (next.replaces) {
				penalties.splice(penalties.indexOf(next.of), 1);
				basisOf.delete(next.of);
			}
			if (!penalties.includes(next.penalty)) penalties.push(next.penalty);
			basisOf.set(next.penalty, next.basis);
		}
	} else
		parts.push(
			`Sem a mesma infração ${window.from === 'commission' ? 'cometida' : 'confirmada'} nos ` +
				`${window.windowMonths} meses anteriores (${citeOf(window.basis)})`
		);

	// A repeated fine is multiplied; a fine that a repeat brings in (after an advertência) is the
	// offence's first fine, at its plain value.
	const doubled = previous !== null && basePenalties(offense, catalog).includes('multa');
	const fine =
		penalties.includes('multa') && gravity
			? {
					multiple: gravity.fineMultiple * (doubled ? window.factor : 1),
					component: system.fine.component,
					doubled,
					cite: citeOf(doubled ? window.basis : system.fine.basis)
				}
			: undefined;

	const pointsOf = (list: readonly Penalty[]) =>
		list.reduce((sum, p) => sum + (system.points.values[p] ?? 0), 0);
	const added = pointsOf(penalties);
	const register = registerAt(history, imposedOn, catalog, system);
	const total = register.total + added;
	const counting = register.counted + added;
	for (const t of system.thresholds) {
		const reach = t.once ? counting : total;
		if (reach > t.above && !penalties.includes(t.penalty)) {
			penalties.push(t.penalty);
			basisOf.set(t.penalty, t.basis);
			parts.push(
				`a pontuação passa de ${t.above}: ${PENALTY_PT[t.penalty]} (${citeOf(t.basis)})` +
					(t.once && register.spentOn
						? `, contados os pontos anotados depois da ${PENALTY_PT[t.penalty]} de ${br(register.spentOn)}`
						: '')
			);
		} else if (t.once && register.spentOn && total > t.above && reach <= t.above)
			parts.push(
				`${PENALTY_PT[t.penalty]} por pontos já aplicada em ${br(register.spentOn)}: ` +
					`contam ${reach} pontos anotados depois dela (${citeOf(t.basis)})`
			);
	}
	const withThreshold = pointsOf(penalties);

	const order: readonly Penalty[] = ['advertencia', 'multa', 'apreensao', 'suspensao', 'cassacao'];
	penalties.sort((a, b) => order.indexOf(a) - order.indexOf(b));
	const penalty = gravestOf(penalties);
	const automatic = automaticOf(penalty, catalog);
	const words = penalties.map((p) =>
		p === 'multa' && fine
			? `multa de ${fine.multiple} × ${fine.component}${fine.doubled ? ' (em dobro)' : ''} (${fine.cite})`
			: `${PENALTY_PT[p]} (${citeOf(basisOf.get(p) ?? rule.basis)})`
	);
	const final = register.total + withThreshold;
	const detail =
		`${parts.join('; ')}: ${gravity ? `infração ${gravity.name}, ` : ''}${words.join(' e ')}` +
		(automatic ? `, com ${PENALTY_PT[automatic.penalty]} (${automatic.cite})` : '') +
		`. Pontos: +${withThreshold}, ${final} no registro dos ${system.points.windowMonths} meses ` +
		`anteriores a esta anotação (${citeOf(system.points.basis)}, ${citeOf(system.points.windowBasis)}).`;
	return {
		penalty,
		penalties,
		cite: citeOf((penalty && basisOf.get(penalty)) ?? rule.basis),
		reason: previous ? 'reincidence' : 'first',
		previous,
		...(automatic ? { automatic } : {}),
		...(fine ? { fine } : {}),
		points: {
			added: withThreshold,
			total: final,
			windowMonths: system.points.windowMonths,
			counted: register.counted + withThreshold
		},
		detail
	};
}

/**
 * What the office's fixing of a suspension's days leads to, where the law sums the suspensions of
 * a window: the days of the suspensions imposed in the `windowMonths` before `imposedOn` (final by
 * then) plus `days`; over the limit, its penalty (Feira's cassação). Null when the law sums none or
 * the sum stays within it.
 * @example cassationOnSuspension([{ …, suspensionDays: 40 }, { …, suspensionDays: 21 }], 10, '2026-12-02', feira) //=> { penalty: 'cassacao', served: 61, total: 71, … }
 */
export function cassationOnSuspension(
	history: readonly ConfirmedOffense[],
	days: number,
	imposedOn: LocalDate,
	system: PointsSystem
): { penalty: Penalty; cite: string; served: number; total: number; detail: string } | null {
	const limit = system.suspensionTotal;
	if (!limit) return null;
	const since = addMonths(imposedOn, -limit.windowMonths);
	const served = history
		.filter((h) => h.confirmedAt <= imposedOn && enteredOf(h) <= imposedOn && enteredOf(h) >= since)
		.reduce((sum, h) => sum + (h.suspensionDays ?? 0), 0);
	const total = served + days;
	if (total <= limit.aboveDays) return null;
	const cite = citeOf(limit.basis);
	return {
		penalty: limit.penalty,
		cite,
		served,
		total,
		detail:
			`as suspensões impostas nos ${limit.windowMonths} meses anteriores somam ${served} dias e ` +
			`esta, ${days}: ${total}, acima de ${limit.aboveDays} — ${PENALTY_PT[limit.penalty]} (${cite}).`
	};
}

/**
 * How many days a suspension among `penalties` may last, where the catalog's system has the office
 * fix them (`suspensionDays`); null when there is no suspension, or the law fixes no range.
 * @example suspensionRangeOf(['apreensao', 'suspensao'], feira) //=> { min: 10, max: 40, cite: 'Art. 49 §1º' }
 */
export function suspensionRangeOf(
	penalties: readonly Penalty[],
	catalog: OffenseCatalog
): { min: number; max: number; cite: string } | null {
	const days = catalog.system?.kind === 'points' ? catalog.system.suspensionDays : undefined;
	if (!days || !penalties.includes('suspensao')) return null;
	return { min: days.min, max: days.max, cite: citeOf(days.basis) };
}

/** Why `days` cannot be the suspension's, in the office's words, or null when it can. */
export function suspensionDaysError(
	days: number | undefined,
	range: { min: number; max: number; cite: string }
): string | null {
	if (days !== undefined && Number.isInteger(days) && days >= range.min && days <= range.max)
		return null;
	return `Informe os dias da suspensão: de ${range.min} a ${range.max} (${range.cite}).`;
}
