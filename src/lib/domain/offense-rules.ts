/** A provision's penalty rule, the gravest of some penalties, and what follows one by itself. */
import type { OffenseCatalog, Penalty, PenaltyRule } from './offense-types';
import { PENALTIES } from './offense-types';
import { articleOf, citeOf } from './provision-id';

/** Gravity of a penalty: 0 for advertência … 4 for cassação; −1 when the law fixes none. */
export function gravity(penalty: Penalty | null): number {
	return penalty === null ? -1 : PENALTIES.indexOf(penalty);
}

/**
 * The penalty rule for a provision: the rule for that exact id, else the rule for its article.
 * @example penaltyRuleOf('art21-XVII', catalog) //=> { provision: 'art21', penalty: 'multa', basis: 'art21' }
 * @example penaltyRuleOf('art5-III', catalog)?.basis //=> 'art21-VI'
 */
export function penaltyRuleOf(article: string, catalog: OffenseCatalog): PenaltyRule | null {
	const whole = articleOf(article);
	return (
		catalog.penalties.find((r) => r.provision === article) ??
		catalog.penalties.find((r) => r.provision === whole) ??
		null
	);
}

export function ruleOrThrow(article: string, catalog: OffenseCatalog): PenaltyRule {
	const rule = penaltyRuleOf(article, catalog);
	if (!rule) throw new RangeError(`No penalty rule for ${article} in ${catalog.law}`);
	return rule;
}

/** The gravest of some penalties, or null for none. */
export function gravestOf(penalties: readonly Penalty[]): Penalty | null {
	let found: Penalty | null = null;
	for (const p of penalties) if (found === null || gravity(p) > gravity(found)) found = p;
	return found;
}

/** The penalty that follows `penalty` by itself (an apreensão suspends), if any. */
export function automaticOf(penalty: Penalty | null, catalog: OffenseCatalog) {
	const rule = catalog.escalation.find((r) => r.kind === 'automatic' && r.with === penalty);
	return rule ? { penalty: rule.penalty, cite: citeOf(rule.basis) } : undefined;
}
