/** The registry's shapes: an entry, a published snapshot, a verdict and its checks, the rules. */
import type { LocalDate } from './clock';
import type { Cites } from './regime';
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
	| 'autorizacao'
	| 'seguro'
	| 'vistoria'
	| 'certidao_estadual'
	| 'certidao_federal'
	| 'idade'
	| 'cilindradas';

export interface Check {
	id: CheckId;
	/** The provision applied, as `anchorOf` (src/lib/law/cite.ts) reads it: `'Art. 6 II'`. */
	article: string;
	ok: boolean;
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
	/** The insurance the law asks for, as a rider reads it (`de vida pessoal e de terceiro`). */
	insurance?: string;
	/** What the law does to a vehicle operating without what a check asks. */
	sanctions?: Readonly<Partial<Record<'insurance' | 'certidao' | 'age' | 'cc', Penalty>>>;
	population: {
		count: number;
		year: number;
		source: string;
		sources?: Partial<Record<'es' | 'en', string>>;
	};
}
