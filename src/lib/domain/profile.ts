/**
 * A municipality as data: everything the rules need that the law, a decree or a fact decides.
 * The profile is the one place a new law (Lei 4.247/2023 is reported to replace 2.059/2011), a
 * new fare decree or a new holiday changes — each entry dated and cited. It is read from a folder
 * of data, profiles/<municipio>/ (src/lib/profile/schema.ts; docs/profiles.md): each legal regime
 * becomes one dated entry of `laws`, `bandeiraRules`, `registryRules`, `procedures` and the
 * offense catalogs, so every answer follows the regime in force at the instant asked.
 */
import type { LocalDate } from './clock';
import type { BandeiraRule } from './bandeira';
import type { HolidayProfile } from './holidays';
import type { TariffDecree } from './tariff';
import type { RegistryRules } from './registry';

/** A text in the rider's three languages. */
export interface Localized {
	'pt-BR': string;
	es: string;
	en: string;
}

export interface LawRef {
	/** The regime's file name: `lei-2059-2011`. */
	id: string;
	/** `Lei municipal nº 2.059/2011`. */
	title: string;
	/** How the app cites it: `Lei 2.059/2011`. */
	short: string;
	published: LocalDate;
	/** First day in force. */
	validFrom: LocalDate;
	/** Last day in force, when a later law replaced it. */
	validTo?: LocalDate;
	/** Where the text was published. */
	source: string;
	/** Why `validFrom` is that date (Lei 2.059/2011: Art. 32, 90 days after publication). */
	validFromReason?: Localized;
	/** What a reader of /lei should know about this law (e.g. a newer law reported). */
	notice?: Localized;
	/** Whether /lei can show its text. */
	hasText: boolean;
	/** Why the text is not available (when `hasText` is false). */
	textReason?: string;
	/** Why this law has no offense catalog: complaints under it go to the office unclassified. */
	offensesReason?: string;
	/** Why this law has no registry checks. */
	registryReason?: string;
}

/** The administrative procedure's deadlines under one law (Lei 2.059/2011: Art. 27, 28 §1º). */
export interface Procedure {
	validFrom: LocalDate;
	validTo?: LocalDate;
	law: string;
	lawId: string;
	/** Calendar days for the defense after the notice. */
	defenseDays: number;
	defenseCite: string;
	/** Business days to ask for reconsideration after learning of the decision. */
	reconsiderationBusinessDays: number;
	reconsiderationCite: string;
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
	/** The IBGE's latest figure, with its year (caps like Art. 10 count by it). */
	population: { count: number; year: number; source: string };
	/** The office that runs the service: `{ acronym: 'SEMAM', name: … }`. */
	office: { acronym: string; name: string };
	/** Contacts shown to riders (the office's phone…); empty when none is published. */
	contacts: readonly {
		kind: 'phone' | 'email' | 'url' | 'address';
		label: string;
		value: string;
	}[];
	/** Complaint protocols read `<prefix>-<year>-<000001>`: `RM-2026-000001`. */
	protocolPrefix: string;
	/** Every legal regime, oldest first; they chain without gaps or overlaps. */
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
	/** Deadlines of the administrative procedure, by law. */
	procedures: readonly Procedure[];
}

/** Whether a dated entry is in force on `date` (`validTo` inclusive). */
function inForce(entry: { validFrom: LocalDate; validTo?: LocalDate }, date: LocalDate): boolean {
	return entry.validFrom <= date && (entry.validTo === undefined || date <= entry.validTo);
}

/**
 * The dated entry in force on a local date — a law, its procedure — or null when none is (before
 * the first, or under a later law that has no such entry).
 * @example inForceOn('2026-12-02', rolimDeMoura.laws)?.id //=> 'lei-2059-2011'
 */
export function inForceOn<T extends { validFrom: LocalDate; validTo?: LocalDate }>(
	date: LocalDate,
	entries: readonly T[]
): T | null {
	let found: T | null = null;
	for (const e of entries)
		if (inForce(e, date) && (!found || e.validFrom > found.validFrom)) found = e;
	return found;
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
 * The registry rules in force on a local date: the latest whose `validFrom` has come and whose
 * `validTo` has not passed, or null (before the first, or under a law with no registry checks).
 * @example registryRulesOn('2026-12-02', rolimDeMoura.registryRules)?.maxAgeYears //=> 5
 */
export function registryRulesOn(
	date: LocalDate,
	rules: readonly RegistryRules[]
): RegistryRules | null {
	return inForceOn(date, rules);
}
