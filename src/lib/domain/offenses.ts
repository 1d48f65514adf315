/**
 * What a rider saw → the provisions of Lei 2.059/2011 it breaches → the penalty each carries
 * (Art. 19–25), and how SEMAM escalates a repeated offense (Art. 21 I, 22 I, 23, 25 I).
 *
 * The catalog itself is dated data (src/lib/profile/offenses.ts): situations in plain words, the
 * penalty rule of each article, the escalation rules, and the incisos no rider can observe. A new
 * law is a new catalog, not new code. Provisions are named by their /lei anchor ids
 * (`'art21-XVII'`), and every cite is derived from the id, so it always links (src/lib/law).
 */
import type { LocalDate } from './clock';
import { addMonths } from './months';
import { escalatePoints, gravityOf, sameLaw } from './points';
import { PENALTY_PT } from './penalty-label';
import type {
	ConfirmedOffense,
	Escalation,
	Offense,
	OffenseCatalog,
	Penalty
} from './offense-types';
import { articleOf, byProvision, citeOf } from './provision-id';
import { automaticOf, gravity, penaltyRuleOf, ruleOrThrow } from './offense-rules';

export * from './offense-types';
export {
	catalogOn,
	commonSituations,
	conductLeft,
	offenseCatalogAt,
	penaltyArticles,
	penaltyReadings,
	penaltyRulesText,
	situationCite,
	situationsOf
} from './offense-catalog';
export { articleOf, citeOf, romanOf } from './provision-id';
export { automaticOf, gravestOf, penaltyRuleOf, ruleOrThrow } from './offense-rules';

/**
 * The provisions the situations breach, once each, gravest penalty first, then in the law's order.
 * Throws on an unknown code: codes come from the catalog, through `parseComplaint`.
 * @example offensesOf(['fumando', 'cobrou-mais']).map((o) => o.cite) //=> ['Art. 21, XVII', 'Art. 20, VII']
 * @example offensesOf(['cobrou-mais'])[0] //=> { article: 'art21-XVII', cite: 'Art. 21, XVII', penalty: 'multa', penaltyCite: 'Art. 21' }
 */
export function offensesOf(codes: readonly string[], catalog: OffenseCatalog): Offense[] {
	const articles = new Set<string>();
	for (const code of codes) {
		const situation = catalog.situations.find((s) => s.code === code);
		if (!situation) throw new RangeError(`Unknown situation: ${code}`);
		for (const article of situation.articles) articles.add(article);
	}
	const offenses = [...articles].map((article): Offense => {
		const rule = ruleOrThrow(article, catalog);
		const automatic = automaticOf(rule.penalty, catalog);
		const system = catalog.system?.kind === 'points' ? catalog.system : null;
		const grade = system ? gravityOf(article, system) : null;
		const fined = rule.penalty === 'multa' || rule.penalties?.includes('multa');
		return {
			article,
			cite: citeOf(article),
			penalty: rule.penalty,
			penaltyCite: citeOf(rule.basis),
			...(automatic ? { automatic } : {}),
			...(rule.note ? { note: rule.note } : {}),
			...(rule.penalties ? { penalties: rule.penalties } : {}),
			...(grade ? { gravity: grade.name } : {}),
			...(grade && fined && system
				? { fine: `${grade.fineMultiple} × ${system.fine.component}` }
				: {})
		};
	});
	return offenses.sort(
		(a, b) => gravity(b.penalty) - gravity(a.penalty) || byProvision(a.article, b.article)
	);
}

export { PENALTY_PT };

const br = (date: LocalDate) => date.split('-').reverse().join('/');

/**
 * The penalty for `offense` committed on `on`, given the offenses SEMAM confirmed before.
 *
 * Reincidence is read by article, as the law words it ("reincidir nas condutas infracionais
 * descritas no art. 20"): any conduct of the same article counts, not only the same inciso. An
 * Art. 5º provision counts with the article of its penalty (Art. 5º, III → Art. 21, VI → Art. 21).
 * A prior counts when it was confirmed strictly before `on` — a decision of the same day cannot be
 * shown to precede the conduct — and no earlier than `windowMonths` before it: the law sets no
 * window, so it is the profile's `reincidenceWindowMonths` (12 by default). `on` is the day of the
 * NEW CONDUCT ("reincidir": doing it again after the earlier penalty became final), never the day
 * the new auto is drawn up. A repeated Art. 20 conduct fined under Art. 21, I (its `penaltyBasis`)
 * counts as an Art. 21 conduct for Art. 22, I, and still as an Art. 20 one. `imposedOn`: the day the
 * penalty is imposed (a points register's anotação); the history is what is final by then. A prior
 * confirmed under another law is judged by that law: its articles are not this law's.
 * @example escalate([{ article: 'art20-VII', confirmedAt: '2026-03-10' }], 'art20-I', '2026-12-02', 12).cite //=> 'Art. 21, I'
 */
export function escalate(
	history: readonly ConfirmedOffense[],
	offense: string,
	on: LocalDate,
	windowMonths: number,
	catalog: OffenseCatalog,
	imposedOn: LocalDate = on
): Escalation {
	const system = catalog.system ?? { kind: 'ladder' };
	return system.kind === 'points'
		? escalatePoints(history, offense, on, catalog, system, imposedOn)
		: escalateLadder(history, offense, on, windowMonths, catalog);
}

/** The ladder: a penalty per article, a repeat of the article within the window climbs a rung. */
function escalateLadder(
	history: readonly ConfirmedOffense[],
	offense: string,
	on: LocalDate,
	windowMonths: number,
	catalog: OffenseCatalog
): Escalation {
	const rule = ruleOrThrow(offense, catalog);
	const cite = citeOf(offense);
	if (rule.penalty === null) {
		return {
			penalty: null,
			penalties: [],
			cite: citeOf(rule.basis),
			reason: 'unfixed',
			previous: null,
			detail:
				`${cite} é infração (${citeOf(rule.basis)}), mas a lei não fixa a penalidade: ` +
				`cabe ao regulamento defini-la${catalog.cites?.unfixedPenalty ? ` (${catalog.cites.unfixedPenalty})` : ''}.`
		};
	}
	const of = articleOf(rule.basis);
	const since = addMonths(on, -windowMonths);
	const priors = history
		.filter((h) => h.confirmedAt < on && h.confirmedAt >= since)
		.filter((h) => {
			// Another law's article is another infraction: never looked up in this catalog.
			if (!sameLaw(h, catalog)) return false;
			const prior = penaltyRuleOf(h.article, catalog);
			if (!prior || prior.penalty === null) return false;
			// Art. 21, I fines a repeated Art. 20 conduct: it is then an Art. 21 conduct as well.
			return (
				articleOf(prior.basis) === of ||
				(h.penaltyBasis !== undefined && articleOf(h.penaltyBasis) === of)
			);
		})
		.sort((a, b) => (a.confirmedAt < b.confirmedAt ? 1 : a.confirmedAt > b.confirmedAt ? -1 : 0));
	const previous = priors[0] ?? null;
	const ofCite = citeOf(of);
	const window = `nos ${windowMonths} meses anteriores`;

	let penalty: Penalty = rule.penalty;
	let basis = rule.basis;
	let reason: Escalation['reason'] = 'first';
	let detail = `Sem infração confirmada do ${ofCite} ${window}`;
	if (previous) {
		const repeat = catalog.escalation.find((r) => r.kind === 'reincidence' && r.of === of);
		const prior = `infração do ${ofCite} confirmada em ${br(previous.confirmedAt)}`;
		if (repeat) {
			penalty = repeat.penalty;
			basis = repeat.basis;
			reason = 'reincidence';
			detail = `Reincidência: ${prior}, ${window}`;
		} else {
			reason = 'no-escalation';
			detail = `Houve ${prior}, mas a lei não agrava a reincidência no ${ofCite}`;
		}
	}
	const automatic = automaticOf(penalty, catalog);
	detail += `: ${PENALTY_PT[penalty]} (${citeOf(basis)})`;
	if (automatic) detail += `, com ${PENALTY_PT[automatic.penalty]} (${automatic.cite})`;
	return {
		penalty,
		penalties: [penalty],
		cite: citeOf(basis),
		reason,
		previous,
		...(automatic ? { automatic } : {}),
		detail: `${detail}.`
	};
}
