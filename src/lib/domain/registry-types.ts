/** The registry's shapes: an entry, a published snapshot, a verdict and its checks, the rules. */
import type { LocalDate } from './clock';
import type { Cites, Localized, LocalText } from './regime';
import type { Penalty } from './offense-types';

export type Situacao = 'ativa' | 'suspensa' | 'cassada';

export const SITUACOES: readonly Situacao[] = ['ativa', 'suspensa', 'cassada'];

/**
 * Only what the law makes public (LGPD) — plus the staff-only fields `auxiliarCnh` and
 * `auxiliarValidade`, which `publicEntry` drops and the public reads never return.
 */
export interface RegistryEntry {
	/** Canonical: digits, no leading zeros (`'7'`, painted `007`). */
	prefixo: string;
	/** Normalized as registered: old `ABC1234` or Mercosul `ABC1C34`. */
	placa: string;
	titular: string;
	/** Art. 11 IV: at most one auxiliary driver. */
	condutorAuxiliar: string | null;
	/**
	 * STAFF ONLY (LGPD): the auxiliary driver's CNH number (11 digits), which keys the auxiliary's
	 * own record. Never in a published snapshot, never logged: the public reads leave it out.
	 */
	auxiliarCnh?: string;
	/**
	 * STAFF ONLY: the auxiliary's own authorization validity, where the law gives one (the
	 * regime's `auxiliaryValidity` role).
	 */
	auxiliarValidade?: LocalDate;
	marcaModelo: string;
	cor: string;
	anoFabricacao: number;
	cilindradas: number;
	situacao: Situacao;
	autorizacaoValidade: LocalDate;
	ultimaVistoria: LocalDate;
	/** Art. 4 IV: certidão negativa criminal da Justiça Estadual. */
	certidaoEstadualValidade: LocalDate;
	/** Art. 4 IV: certidão negativa criminal da Justiça Federal. */
	certidaoFederalValidade: LocalDate;
	seguroValidade: LocalDate;
	/**
	 * A fictitious entry of the profile's sample, edited or not: riders are told the registry holds
	 * invented data until every such entry has been replaced or removed. Absent on real entries.
	 */
	sample?: true;
}

/** The staff-only fields of an entry (LGPD): never in a published snapshot. */
export const STAFF_ONLY_FIELDS = ['auxiliarCnh', 'auxiliarValidade'] as const;

/** The entry as it may be published: without the staff-only fields. */
export function publicEntry(e: RegistryEntry): RegistryEntry {
	const out = { ...e };
	for (const field of STAFF_ONLY_FIELDS) delete out[field];
	return out;
}

export interface RegistrySnapshot {
	version: number;
	/** ISO instant. */
	publishedAt: string;
	/** True while the entries are fictional sample data. */
	sample: boolean;
	entries: RegistryEntry[];
}

export type CheckId =
	| 'cautelar'
	| 'autorizacao'
	| 'seguro'
	| 'vistoria'
	| 'certidao_estadual'
	| 'certidao_federal'
	| 'idade'
	| 'cilindradas';

/**
 * What a failed check does to the ride, as the law in force says: `blocks` — the vehicle may not
 * carry a passenger (IRREGULAR, do not board); `warns` — it lacks what the law requires for
 * operating, and the rider is told so and chooses; `office` — a matter for the office to pursue,
 * the ride itself is not affected.
 */
export type BoardingEffect = 'blocks' | 'warns' | 'office';

export const BOARDING_EFFECTS: readonly BoardingEffect[] = ['blocks', 'warns', 'office'];

/** The registry's checks as a regime states them (both certidões are one requirement). */
export type CheckKey = 'autorizacao' | 'seguro' | 'vistoria' | 'certidao' | 'idade' | 'cilindradas';

export const CHECK_KEYS: readonly CheckKey[] = [
	'autorizacao',
	'seguro',
	'vistoria',
	'certidao',
	'idade',
	'cilindradas'
];

/** A sanction the law attaches to operating without what a check asks, with its provision. */
export interface CheckSanction {
	penalty: Penalty;
	cite: string;
}

/** One check under one law: its boarding effect and the provision that gives it. */
export interface CheckRule {
	effect: BoardingEffect;
	/** The provision that gives the effect (`Art. 29 §6º`: an expired inspection is off the road). */
	cite: string;
	/** What the law does to a vehicle operating without it, in the law's order. */
	sanctions?: readonly CheckSanction[];
	/** Days the law gives to put it right (Art. 24 §3º of one law: 30 days to replace the vehicle). */
	graceDays?: number;
}

/** A check the law does not have (it is not shown), with the reason. */
export interface AbsentCheck {
	absent: string;
}

export type CheckRules = Readonly<Record<CheckKey, CheckRule | AbsentCheck>>;

/** The rule for a check, or null when the law does not have it. */
export function ruleOf(rules: CheckRules, key: CheckKey): CheckRule | null {
	const rule = rules[key];
	return 'absent' in rule ? null : rule;
}

export interface Check {
	id: CheckId;
	/** The provision applied, as `anchorOf` (src/lib/law/cite.ts) reads it: `'Art. 6 II'`. */
	article: string;
	ok: boolean;
	/** What failing it does to the ride under the law in force. */
	effect: BoardingEffect;
	/** The provision that gives `effect` (empty when the law is not available). */
	effectArticle: string;
	/** The law's sanctions for operating without it. */
	sanctions?: readonly CheckSanction[];
	/** Days the law gives to put it right. */
	graceDays?: number;
	/** The insurance's scope as the law words it, in the rider's languages. */
	scope?: Localized;
	/** What ends a cautelar suspension, as the law words it, in the rider's languages. */
	until?: Localized;
	/** pt-BR sentence. */
	detail: string;
	/** The values in `detail`, for translation in the UI (dates as `YYYY-MM-DD`). */
	params: Record<string, string | number>;
}

export type Verdict = 'regular' | 'pendente' | 'irregular' | 'nao_encontrado';

export interface VerifyResult {
	verdict: Verdict;
	checks: Check[];
}

/**
 * A cautelar suspension of the authorization, applied by the agent in flagrante for some offences
 * and lasting while the auto's procedure does (it is not a penalty): the provision that gives it,
 * the offences (provision ids), what ends it — the auto's decision, or its becoming final — and
 * how the law words that, in the rider's languages.
 */
export interface CautelarRule {
	cite: string;
	provisions: readonly string[];
	endsWith: 'decision' | 'final';
	until: Localized;
}

/** A cautelar suspension in force on a vehicle, as the registry publishes it: since when. */
export interface CautelarSuspension {
	prefixo: string;
	/** The day of the auto's conduct (`YYYY-MM-DD`, the municipality's calendar). */
	since: LocalDate;
}

/** A cautelar suspension as staff see it: the auto, the offence, since when, how it ended. */
export interface StaffSuspension {
	autoNumber: string;
	prefixo: string;
	/** The offence's citation: `Art. 44, LII`. */
	provisionCite: string;
	/** The provision that gives the suspension. */
	cite: string;
	since: LocalDate;
	endedOn: LocalDate | null;
	/** The auto's step that ended it (`imposta`, `cancelada`, `definitiva`). */
	endedBy: string | null;
	/** Not ended by a step, but its auto is void for want of a notice in time: no longer in force. */
	voided: boolean;
	/** What ends it, as the law it began under words it (pt-BR). */
	until: string;
}

/** The registry's thresholds, dated like every rule of the profile. */
/** A figure for the cap reported by a public source (a newer law, an amendment), dated. */
export interface CapReading {
	status: 'reported' | 'pending';
	law: string;
	inhabitants: number;
	rounding: 'ceil' | 'floor';
	/** `YYYY-MM-DD`, or `YYYY` where the source gives only its year. */
	asOf: string;
	source: string;
	note?: string;
}

export interface RegistryRules {
	validFrom: LocalDate;
	/** Last day in force, when a later law replaced it. */
	validTo?: LocalDate;
	law: string;
	maxAgeYears: number;
	minCc: number;
	maxCc: number;
	inspectionMonths: number;
	/** The cap: one authorization per so many inhabitants ("ou fração" rounds up), or a fixed number. */
	cap:
		| { kind: 'perInhabitants'; inhabitants: number; rounding: 'ceil' | 'floor' }
		| { kind: 'fixed'; count: number };
	/**
	 * Other figures for the cap from public sources, dated: a law reported in force (`reported`)
	 * or an amendment not yet sanctioned (`pending`).
	 */
	capReadings?: readonly CapReading[];
	/** Which provision each check applies (the regime's roles). */
	cites: Cites;
	/** Each check's boarding effect and sanctions, or why the law does not have it. */
	checks: CheckRules;
	/** The insurance the law asks for, as a rider reads it (`de vida pessoal e de terceiro`). */
	insurance: Localized;
	/** How the law words a suspended authorization (`suspensa até que seja sanada a irregularidade`). */
	suspension?: LocalText;
	/** The cautelar suspension the agent applies in flagrante, where the law has one. */
	cautelar?: CautelarRule;
	population: {
		count: number;
		year: number;
		source: string;
		sources?: Partial<Record<'es' | 'en', string>>;
	};
}

/**
 * What a verdict reads of the rules: all but the authorization cap's figures (the count of
 * authorizations is the office's matter, worked out on the server). What a rider's page carries.
 */
export type VerdictRules = Omit<RegistryRules, 'cap' | 'capReadings' | 'population'>;
