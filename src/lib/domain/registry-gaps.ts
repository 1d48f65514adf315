import type { Check, CheckId } from './registry-types';

/**
 * The failed checks of a `pendente` verdict that the law requires for operating at all, not just
 * paperwork: the criminal record (Art. 4 IV), the motorcycle's age (Art. 6 I) and engine size
 * (Art. 6 II, "obrigatoriamente") — credentials not renewed lead to apreensão (Art. 22 VI). An
 * overdue inspection alone (Art. 8; Art. 20 V) is not among them, so its words can stay gentler.
 * @example missingForOperating(verifyOn(entry, date, rules).checks).map((c) => c.id) //=> ['certidao_federal']
 */
export function missingForOperating(checks: readonly Check[]): Check[] {
	return checks.filter((c) => !c.ok && OPERATING.includes(c.id));
}

const OPERATING: readonly CheckId[] = [
	'certidao_estadual',
	'certidao_federal',
	'idade',
	'cilindradas'
];

/** Without these the vehicle may not carry a passenger at all: the verdict is `irregular`. */
export const BLOCKING: readonly CheckId[] = ['autorizacao', 'seguro'];

/**
 * Why a vehicle is `irregular`: its failed checks that forbid carrying a passenger (the
 * authorization, the insurance), in the order the verdict states them.
 * @example whyIrregular(verifyOn(suspended, '2026-12-02', rules).checks)[0].id //=> 'autorizacao'
 */
export function whyIrregular(checks: readonly Check[]): Check[] {
	return checks.filter((c) => !c.ok && BLOCKING.includes(c.id));
}
