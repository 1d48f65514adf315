/**
 * A municipality as data: everything the rules need that the law, a decree or a fact decides.
 * The profile is the one place a new law (Lei 4.247/2023 is reported to replace 2.059/2011), a
 * new fare decree or a new holiday changes — each entry dated and cited. It is read from a folder
 * of data, profiles/<municipio>/ (src/lib/profile/schema.ts; docs/profiles.md): each legal regime
 * becomes one dated entry of `laws`, `bandeiraRules`, `registryRules`, `procedures` and the
 * offense catalogs, so every answer follows the regime in force at the instant asked.
 */
import type { LocalDate } from './clock';
import type { CardKey } from './card';
import type { BandeiraRule } from './bandeira';
import type { HolidayProfile } from './holidays';
import type { TariffDecree } from './tariff';
import type { RegistryRules } from './registry';
import type { FieldActs } from './field-acts';
import type { Checklist, Cites, Localized, LocalText, TextRole } from './regime';

export type { Localized } from './regime';

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
	/** Which provision plays each role (src/lib/domain/regime.ts): `cites.defence` → `Art. 27`. */
	cites: Cites;
	/** Notes on the published text (misprints, conflicts), shown on /lei. */
	errata: readonly { id: string; note: string }[];
	/** What a rider can check on the driver and the motorcycle, or null when the law is unknown. */
	checklist: Checklist | null;
	/** Texts whose content is the law's own, by role. */
	texts: Readonly<Partial<Record<TextRole, LocalText>>>;
	/** What else the law says about the bandeira (a conflicting definition), for /tarifa and /lei. */
	bandeiraNote?: LocalText;
	/**
	 * Where the conflicting definition gives the other flag (local `HH:MM` windows) and which
	 * complaint situations turn on the flag: staff see `bandeiraNote` on such a complaint.
	 */
	/**
	 * A vehicle with no authorization: the federal rule its case falls under and the authority it
	 * goes to (the law's own penalties fall on authorized drivers).
	 */
	unlicensed?: {
		cite: string;
		authority: LocalText;
		/** The conducts by which an authorized driver answers for a vehicle the registry lacks. */
		conducts?: readonly string[];
	};
	/** The preliminary notice and the impound, where the law has them (src/lib/domain/field-acts.ts). */
	fieldActs?: FieldActs;
	bandeiraConflict?: {
		windows: readonly { start: string; end: string }[];
		situations: readonly string[];
	};
}

/**
 * The administrative procedure under one law: the notice of the auto (and whether a late one voids
 * it), the defence, and the review of the decision (a reconsideration or an appeal). Citations are
 * the regime's roles `notice`, `defence`, `decision`, `review`, `finalDecision`.
 */
export interface Procedure {
	validFrom: LocalDate;
	validTo?: LocalDate;
	law: string;
	lawId: string;
	/** The notice of the auto: within `days` of the conduct, or void (`voids`); null: no limit. */
	notice: { days: number; voids: boolean } | null;
	/** The printed auto's blocks, as this law words them. */
	auto: AutoBlocks;
	defence: {
		days: number;
		counting: 'calendar' | 'business';
		/** "não inferior a": the office may give more. */
		atLeast?: boolean;
		/** The penalty waits for the defence's judgment. */
		suspensive?: boolean;
		judgedBy?: LocalText;
	};
	review: {
		kind: 'reconsideration' | 'appeal';
		/** Null when the law leaves the period to the decision's notice (`setIn`). */
		days: number | null;
		counting: 'calendar' | 'business';
		setIn?: LocalText;
	};
}

/**
 * What the printed auto carries, by law: its copies, how the agent is identified, the refusal rule
 * and the defence's addressee.
 */
export interface AutoBlocks {
	copies: number;
	/** Why that number, where the law does not say it. */
	copiesReason?: LocalText;
	/** By name and signature, or by matrícula. */
	agent: 'name' | 'matricula';
	/**
	 * `witnesses`: a refusal to sign is certified by the agent with that many witnesses;
	 * `noticeDelivery`: a refusal to receive the notice is reported by its delivery and valid.
	 */
	refusal: { kind: 'witnesses'; witnesses: number } | { kind: 'noticeDelivery' };
	/** To whom the defence is addressed. */
	defenceTo: LocalText;
}

/** A decree that moved a state holiday, kept for the record and applied only if the policy says so. */
export interface HolidayTransfer {
	year: number;
	from: LocalDate;
	to: LocalDate;
	reference: string;
}

/** A card key as the profile lists it: `sample` keys vouch only for the sample entries. */
export interface ProfileCardKey extends CardKey {
	sample?: true;
}

export interface Profile {
	id: string;
	name: string;
	state: string;
	/** The state's name: `Rondônia`, `Bahia`. */
	stateName: string;
	/** The town centre, with where the coordinates come from. */
	centre: { lat: number; lng: number; source: string };
	ibge: string;
	timeZone: string;
	/** Human label of the zone, for riders: `UTC−4`. */
	utcLabel: string;
	/** The IBGE's latest figure, with its year (caps like Art. 10 count by it). */
	population: {
		count: number;
		year: number;
		source: string;
		sources?: Partial<Record<'es' | 'en', string>>;
	};
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
	/** Public keys of the signed vehicle cards, oldest first (docs/api.md). */
	cardKeys: readonly ProfileCardKey[];
	/** Every legal regime, oldest first; they chain without gaps or overlaps. */
	laws: readonly LawRef[];
	bandeiraRules: readonly BandeiraRule[];
	holidays: HolidayProfile;
	/**
	 * State decrees that moved the 4 Jan holiday. They rule the state's own offices; whether they
	 * also move bandeira II is this policy, stated explicitly (see docs/features.md, "Law and data").
	 */
	stateTransfers: {
		followForBandeira: boolean;
		reason: string;
		/** `reason` in the rider's other languages. */
		reasons?: Partial<Record<'es' | 'en', string>>;
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
			name: `${holidays.legal[t.from.slice(5)]?.name ?? 'Feriado estadual'} (transferido)`,
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
