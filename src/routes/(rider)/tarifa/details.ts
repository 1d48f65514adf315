/**
 * What /tarifa's sections below the answer show for a ride's instant: the bandeira rule in force,
 * its law, the fare decree, and that year's holidays. The server renders them once
 * (./TarifaDetails.svelte in +page.svelte, never hydrated); the island (./Tarifa.island.svelte)
 * derives the same from the fields and replaces them only when the rider's date or the clock leads
 * to another rule, decree or year, so the page's load does not pay for tables that do not change.
 */
import { wallClock } from '$lib/domain/clock';
import { decreeAt } from '$lib/domain/tariff';
import type { Answer, RulesBundle } from '$lib/rules';
import type { LawRef } from '$lib/domain/profile';

/** What the answer cites of each law (./+page.server.ts sends these fields only). */
export type TarifaLaw = Pick<
	LawRef,
	'id' | 'cites' | 'hasText' | 'validFrom' | 'validTo' | 'bandeiraNote'
> & {
	/** How the fares are set and how often readjusted, as the law says, in the rider's language. */
	fareReadjust?: string;
};

export function tarifaDetails(
	at: Date,
	answer: Answer | null,
	bundle: RulesBundle,
	laws: readonly TarifaLaw[]
) {
	const decree = decreeAt(at, bundle.decrees, bundle.timeZone);
	const rule = answer?.bandeira.rule ?? bundle.rules.at(-1) ?? null;
	const year = wallClock(at, bundle.timeZone).year;
	return {
		rule,
		regime: laws.find((l) => l.id === rule?.lawId) ?? null,
		decree,
		/** The decree sets a rate per km: the distance field is shown and counts. */
		perKm: decree?.bandeiras[1]?.perKm !== undefined || decree?.bandeiras[2]?.perKm !== undefined,
		calendar: bundle.years.find((y) => y.year === year) ?? null
	};
}

export type TarifaDetailsOf = ReturnType<typeof tarifaDetails>;

/** Two instants whose sections read the same have the same key (a rule, a decree, a year). */
export function detailsKey(d: TarifaDetailsOf): string {
	return JSON.stringify([d.rule, d.regime?.id, d.decree, d.calendar?.year]);
}
