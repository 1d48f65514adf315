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
import { automaticOf, gravestOf, ruleOrThrow } from './offense-rules';
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

/**
 * The penalties for `offense` committed on `on` under a points system, given the offences
 * confirmed before: its own penalties; on a repeat of the same infraction within the window, the
 * fine multiplied and the next penalty; the points the register then holds, and what a threshold
 * adds; what follows automatically (an apreensão suspends).
 * @example escalatePoints([], 'art44-XXXV', '2026-12-02', feira).fine //=> { multiple: 50, component: 'bandeira I', … }
 */
export function escalatePoints(
	history: readonly ConfirmedOffense[],
	offense: string,
	on: LocalDate,
	catalog: OffenseCatalog,
	system: PointsSystem
): Escalation {
	const rule = ruleOrThrow(offense, catalog);
	const penalties = basePenalties(offense, catalog);
	const basisOf = new Map<Penalty, string>(penalties.map((p) => [p, rule.basis]));
	const gravity = gravityOf(offense, system);
	const cite = citeOf(offense);
	const parts: string[] = [];

	const since = addMonths(on, -system.repeatFine.windowMonths);
	const previous =
		history
			.filter((h) => h.article === offense && h.confirmedAt < on && h.confirmedAt >= since)
			.sort((a, b) => (a.confirmedAt < b.confirmedAt ? 1 : -1))[0] ?? null;
	if (previous) {
		parts.push(
			`Reincidência: ${cite} confirmada em ${br(previous.confirmedAt)}, nos ` +
				`${system.repeatFine.windowMonths} meses anteriores`
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
			`Sem a mesma infração confirmada nos ${system.repeatFine.windowMonths} meses anteriores`
		);

	// A repeated fine is multiplied; a fine that a repeat brings in (after an advertência) is the
	// offence's first fine, at its plain value.
	const doubled = previous !== null && basePenalties(offense, catalog).includes('multa');
	const fine =
		penalties.includes('multa') && gravity
			? {
					multiple: gravity.fineMultiple * (doubled ? system.repeatFine.factor : 1),
					component: system.fine.component,
					doubled,
					cite: citeOf(doubled ? system.repeatFine.basis : system.fine.basis)
				}
			: undefined;

	const pointsOf = (list: readonly Penalty[]) =>
		list.reduce((sum, p) => sum + (system.points.values[p] ?? 0), 0);
	const added = pointsOf(penalties);
	const from = addMonths(on, -system.points.windowMonths);
	const before = history
		.filter((h) => h.confirmedAt < on && h.confirmedAt >= from)
		.reduce((sum, h) => sum + pointsOf(h.penalties ?? basePenalties(h.article, catalog)), 0);
	const total = before + added;
	for (const t of system.thresholds)
		if (total > t.above && !penalties.includes(t.penalty)) {
			penalties.push(t.penalty);
			basisOf.set(t.penalty, t.basis);
			parts.push(`a pontuação passa de ${t.above}: ${PENALTY_PT[t.penalty]} (${citeOf(t.basis)})`);
		}

	// The days of suspension already served in the window, and at least the shortest one the law
	// allows for a suspension applied now: over the limit, the graver penalty follows.
	const limit = system.suspensionTotal;
	if (limit) {
		const since = addMonths(on, -limit.windowMonths);
		const served = history
			.filter((h) => h.confirmedAt < on && h.confirmedAt >= since)
			.reduce((sum, h) => sum + (h.suspensionDays ?? 0), 0);
		const coming = penalties.includes('suspensao') ? (system.suspensionDays?.min ?? 0) : 0;
		if (served + coming > limit.aboveDays && !penalties.includes(limit.penalty)) {
			penalties.push(limit.penalty);
			basisOf.set(limit.penalty, limit.basis);
			parts.push(
				`as suspensões dos ${limit.windowMonths} meses anteriores somam ${served} dias` +
					(coming ? ` e esta, no mínimo, mais ${coming}` : '') +
					`, acima de ${limit.aboveDays}: ${PENALTY_PT[limit.penalty]} (${citeOf(limit.basis)})`
			);
		}
	}

	const order: readonly Penalty[] = ['advertencia', 'multa', 'apreensao', 'suspensao', 'cassacao'];
	penalties.sort((a, b) => order.indexOf(a) - order.indexOf(b));
	const penalty = gravestOf(penalties);
	const automatic = automaticOf(penalty, catalog);
	const words = penalties.map((p) =>
		p === 'multa' && fine
			? `multa de ${fine.multiple} × ${fine.component}${fine.doubled ? ' (em dobro)' : ''} (${fine.cite})`
			: `${PENALTY_PT[p]} (${citeOf(basisOf.get(p) ?? rule.basis)})`
	);
	const detail =
		`${parts.join('; ')}: ${gravity ? `infração ${gravity.name}, ` : ''}${words.join(' e ')}` +
		(automatic ? `, com ${PENALTY_PT[automatic.penalty]} (${automatic.cite})` : '') +
		`. Pontos: +${added}, ${total} no registro dos ${system.points.windowMonths} meses ` +
		`(${citeOf(system.points.basis)}, ${citeOf(system.points.windowBasis)}).`;
	return {
		penalty,
		penalties,
		cite: citeOf((penalty && basisOf.get(penalty)) ?? rule.basis),
		reason: previous ? 'reincidence' : 'first',
		previous,
		...(automatic ? { automatic } : {}),
		...(fine ? { fine } : {}),
		points: { added, total, windowMonths: system.points.windowMonths },
		detail
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
