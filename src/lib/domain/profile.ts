/**
 * A municipality as data: everything the rules need that the law, a decree or a fact decides.
 * The profile is the one place a new law (Lei 4.247/2023 is reported to replace 2.059/2011), a
 * new fare decree or a new holiday changes — each entry dated and cited.
 */
import type { LocalDate } from './clock';
import type { BandeiraRule } from './bandeira';
import type { HolidayProfile } from './holidays';
import type { TariffDecree } from './tariff';
import type { RegistryRules } from './registry';

export interface LawRef {
	id: string;
	title: string;
	published: LocalDate;
	/** First day in force. */
	validFrom: LocalDate;
	/** Where the text was published, and why `validFrom` is that date. */
	source: string;
}

/** A decree that moved a state holiday, kept for the record and applied only if the policy says so. */
export interface HolidayTransfer {
	year: number;
	from: LocalDate;
	to: LocalDate;
	reference: string;
}

export interface Profile {
	id: string;
	name: string;
	state: string;
	ibge: string;
	timeZone: string;
	/** Human label of the zone, for riders: `UTC−4`. */
	utcLabel: string;
	laws: readonly LawRef[];
	bandeiraRules: readonly BandeiraRule[];
	holidays: HolidayProfile;
	/**
	 * State decrees that moved the 4 Jan holiday. They rule the state's own offices; whether they
	 * also move bandeira II is this policy, stated explicitly (see README, "Law and data").
	 */
	stateTransfers: {
		followForBandeira: boolean;
		reason: string;
		decrees: readonly HolidayTransfer[];
	};
	tariffDecrees: readonly TariffDecree[];
	/** Thresholds of the registry checks (Art. 6, 8, 10), dated like every other rule. */
	registryRules: readonly RegistryRules[];
}

/**
 * The holiday data the calendar composes: the profile's own, plus the state's transfers as decreed
 * days when the profile's policy follows them.
 */
export function holidayProfileOf(profile: Profile): HolidayProfile {
	const { holidays, stateTransfers } = profile;
	if (!stateTransfers.followForBandeira) return holidays;
	const moved = stateTransfers.decrees.flatMap((t) => [
		{
			date: t.from,
			action: 'remove' as const,
			name: 'Feriado estadual transferido',
			reference: t.reference
		},
		{
			date: t.to,
			action: 'add' as const,
			name: 'Criação do Estado de Rondônia (transferido)',
			reference: t.reference
		}
	]);
	return { ...holidays, decreedDays: [...holidays.decreedDays, ...moved] };
}

/**
 * The registry rules in force on a local date: the latest whose `validFrom` has come, or null before
 * the first.
 * @example registryRulesOn('2026-12-02', rolimDeMoura.registryRules)?.maxAgeYears //=> 5
 */
export function registryRulesOn(
	date: LocalDate,
	rules: readonly RegistryRules[]
): RegistryRules | null {
	let found: RegistryRules | null = null;
	for (const r of rules)
		if (r.validFrom <= date && (!found || r.validFrom > found.validFrom)) found = r;
	return found;
}
