/**
 * The rules in force when a gestor enters decrees: the profile's data composed with what SEMAM
 * entered (src/lib/server/rules/rules-store.ts reads it from the database). Pure: data in, data out.
 *
 * Art. 15: fares are fixed by decree; Art. 17: readjusted by decree. Until one is published the
 * profile carries sample values (`sample: true`); the first real decree ends them from its date on.
 */
import type { LocalDate } from './clock';
import type { DecreedDay } from './holidays';
import type { TariffDecree } from './tariff';

const byValidFrom = (a: TariffDecree, b: TariffDecree) =>
	a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0;

/**
 * Every decree, the profile's and the entered ones, with each sample table dropped from the date
 * of the first real decree on: a sample dated after a real decree must not take over again.
 * Dates before the first real decree keep their answer (no retroactive change).
 * @example effectiveDecrees([exemplo2026], [decreto2030]).map((d) => d.id) //=> ['exemplo-2026', 'decreto-1']
 * @example effectiveDecrees([exemplo2026], [decreto2025]).map((d) => d.id) //=> ['decreto-1']
 */
export function effectiveDecrees(
	profileDecrees: readonly TariffDecree[],
	entered: readonly TariffDecree[]
): TariffDecree[] {
	const all = [...profileDecrees, ...entered];
	const firstReal = firstRealDecree(all);
	return all
		.filter((d) => !d.sample || firstReal === null || d.validFrom < firstReal)
		.sort(byValidFrom);
}

/** The date of the first decree that is not a sample, or null while there is none. */
export function firstRealDecree(decrees: readonly TariffDecree[]): LocalDate | null {
	let first: LocalDate | null = null;
	for (const d of decrees)
		if (!d.sample && (first === null || d.validFrom < first)) first = d.validFrom;
	return first;
}

/**
 * The profile's decreed days followed by the entered ones (a later entry acts after an earlier
 * one when the holiday calendar composes a year), sorted by date within each source.
 */
export function effectiveDecreedDays(
	profileDays: readonly DecreedDay[],
	entered: readonly DecreedDay[]
): DecreedDay[] {
	const byDate = (a: DecreedDay, b: DecreedDay) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
	return [...profileDays, ...[...entered].sort(byDate)];
}

/**
 * Whether an entry dated `date` may still be removed on `today`: only before its date comes.
 * From its date on, riders were answered and charged under it; undoing it would rewrite what the
 * app said about a past day (a decree in force is revoked by another decree, not erased).
 * @example removable('2030-01-01', '2029-12-31') //=> true
 * @example removable('2030-01-01', '2030-01-01') //=> false
 */
export function removable(date: LocalDate, today: LocalDate): boolean {
	return date > today;
}
