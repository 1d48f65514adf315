import type { Check } from './registry-types';

/**
 * The failed checks of a `pendente` verdict that the law in force requires for operating at all
 * (effect `warns`): the rider is told what is missing and its sanction, and chooses.
 * @example missingForOperating(verifyOn(entry, date, rules).checks).map((c) => c.id) //=> ['certidao_federal']
 */
export function missingForOperating(checks: readonly Check[]): Check[] {
	return checks.filter((c) => !c.ok && c.effect === 'warns');
}

/**
 * The failed checks that are the office's matter (effect `office`): the ride is not affected.
 * @example officeMatters(verifyOn(late, date, rules).checks).map((c) => c.id) //=> ['vistoria']
 */
export function officeMatters(checks: readonly Check[]): Check[] {
	return checks.filter((c) => !c.ok && c.effect === 'office');
}

/**
 * Why a vehicle is `irregular`: its failed checks that the law in force says forbid carrying a
 * passenger (effect `blocks`), in the order the verdict states them.
 * @example whyIrregular(verifyOn(suspended, '2026-12-02', rules).checks)[0].id //=> 'autorizacao'
 */
export function whyIrregular(checks: readonly Check[]): Check[] {
	return checks.filter((c) => !c.ok && c.effect === 'blocks');
}
