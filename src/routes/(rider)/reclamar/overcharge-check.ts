/**
 * The live "cobrou a mais" check of /reclamar: the table's fare at the ride's time against what
 * was paid (Art. 21, XVII), read with the same parsers as the server. Loaded only once the rider
 * chooses "Cobrou a mais", so the bandeira and tariff code stay out of the form's first load.
 */
import { overcharge, type Overcharge } from '$lib/domain/overcharge';
import { parseAmount, parseLocalDateTime } from '$lib/domain/rider-input';
import { contextOf, type RulesBundle } from '$lib/rules';

export function checkOvercharge(
	bundle: RulesBundle,
	quando: string,
	paid: string
): Overcharge | null {
	const at = parseLocalDateTime(quando, bundle.timeZone);
	const centavos = parseAmount(paid);
	if (!at || centavos === null || centavos <= 0) return null;
	return overcharge(at, centavos, contextOf(bundle), bundle.decrees);
}
