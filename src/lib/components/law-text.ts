import { wallClock, type LocalDate } from '$lib/domain/clock';
import { inForceOn, type LawRef } from '$lib/domain/profile';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import { profile } from '$lib/profile';

/**
 * The regime in force on a date of the municipality's calendar (today by default): which law,
 * and which of its provisions plays each role (`regime.cites`). Pages cite through it, so a city
 * whose law's text is not available (Porto Velho) cites nothing it does not have.
 */
export function regimeOn(
	date: LocalDate = wallClock(new Date(), profile.timeZone).date
): LawRef | null {
	return inForceOn(date, profile.laws) ?? profile.laws[0] ?? null;
}

/** The regime a law id names (a bandeira rule's, a catalog's), or null. */
export function regimeById(id: string | undefined | null): LawRef | null {
	return profile.laws.find((l) => l.id === id) ?? null;
}

/**
 * ` (Art. 13)`: the provision the regime in force cites for a role, in parentheses, as staff pages
 * print it; nothing when the law has none.
 */
export function citeParen(role: CiteRole, regime: LawRef | null = regimeOn()): string {
	const cite = citeFor(regime, role);
	return cite ? ` (${cite})` : '';
}
