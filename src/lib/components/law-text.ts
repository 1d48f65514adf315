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

/**
 * What a live part needs of the regime in force to cite `roles` (its cites for those roles, whether
 * its text is here and its dates), sent with the page: so the part never ships the whole profile to
 * the phone to work out the law in force itself.
 * @example citing(regimeOn(), ['auto']) //=> { cites: { auto: 'Art. 26' }, hasText: true, validFrom: '2011-10-24', validTo: undefined }
 */
export function citing(
	regime: LawRef | null,
	roles: readonly CiteRole[]
): Pick<LawRef, 'cites' | 'hasText' | 'validFrom' | 'validTo'> | null {
	if (!regime) return null;
	const cites = Object.fromEntries(
		roles.flatMap((role) => {
			const cite = citeFor(regime, role);
			return cite ? [[role, cite]] : [];
		})
	);
	return {
		cites,
		hasText: regime.hasText,
		validFrom: regime.validFrom,
		...(regime.validTo ? { validTo: regime.validTo } : {})
	};
}
