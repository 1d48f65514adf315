/**
 * The live "cobrou a mais" check of /reclamar: the table's fare at the ride's time against what
 * was paid (Art. 21, XVII), read with the same parsers as the server. Loaded only once the rider
 * chooses "Cobrou a mais", so the bandeira and tariff code stay out of the form's first load.
 */
import { overcharge, type Overcharge } from '$lib/domain/overcharge';
import { parseAmount, parseLocalDateTime } from '$lib/domain/rider-input';
import { parseKm } from '$lib/domain/tariff';
import { contextOf, type RulesBundle } from '$lib/rules';

export function checkOvercharge(
	bundle: RulesBundle,
	quando: string,
	paid: string,
	km = ''
): Overcharge | null {
	const at = parseLocalDateTime(quando, bundle.timeZone);
	const centavos = parseAmount(paid);
	if (!at || centavos === null || centavos <= 0) return null;
	// A per-km table (Porto Velho's): the distance the rider gives counts; none, or an unreadable
	// one, leaves only the departure fare certain (`distanceMissing`).
	const distance = parseKm(km);
	return overcharge(
		at,
		centavos,
		contextOf(bundle),
		bundle.decrees,
		distance ? { km: distance } : {}
	);
}
