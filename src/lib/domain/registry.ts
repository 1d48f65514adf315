/**
 * The public registry of mototáxi authorizations and the verdict a rider sees for a vehicle.
 *
 * A verdict is judged on one date of the municipality's calendar, and every check names the
 * provision the regime in force cites for its role (`RegistryRules.cites`), so the page, the API
 * and complaint triage can all say why.
 */
import { BLOCKING } from './registry-gaps';
import { parseLocalDate, wallClock, daysInMonth, type LocalDate } from './clock';
import { normalizePrefix, parseVehicleCode, plateKey } from './plate';
import type { Cites } from './regime';
import type { Penalty } from './offenses';

export type Situacao = 'ativa' | 'suspensa' | 'cassada';

export const SITUACOES: readonly Situacao[] = ['ativa', 'suspensa', 'cassada'];

/** Only what the law makes public (LGPD): nothing else is ever stored in a published snapshot. */
export interface RegistryEntry {
	/** Canonical: digits, no leading zeros (`'7'`, painted `007`). */
	prefixo: string;
	/** Normalized as registered: old `ABC1234` or Mercosul `ABC1C34`. */
	placa: string;
	titular: string;
	/** Art. 11 IV: at most one auxiliary driver. */
	condutorAuxiliar: string | null;
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

/** `YYYY-MM-DD` as a Brazilian reads it. */
function br(date: LocalDate): string {
	const [y, m, d] = date.split('-');
	return `${d}/${m}/${y}`;
}

function partsOf(date: LocalDate) {
	const p = parseLocalDate(date);
	if (!p) throw new RangeError(`Invalid local date: ${date}`);
	return p;
}

/**
 * The same day `months` later, clamped to the month's last day.
 * @example addMonths('2024-02-29', 12) //=> '2025-02-28'
 */
export function addMonths(date: LocalDate, months: number): LocalDate {
	const { year, month, day } = partsOf(date);
	const index = year * 12 + (month - 1) + months;
	const y = Math.floor(index / 12);
	const m = index - y * 12 + 1;
	const d = Math.min(day, daysInMonth(y, m));
	return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** ` (Art. 11)`: the regime's citation for a role, in parentheses, or nothing. */
export function paren(cite: string | undefined): string {
	return cite ? ` (${cite})` : '';
}

function autorizacao(entry: RegistryEntry, date: LocalDate, cites: Cites): Check {
	const params = { situacao: entry.situacao, validade: entry.autorizacaoValidade };
	if (entry.situacao === 'cassada') {
		return {
			id: 'autorizacao',
			article: cites.revocation ?? '',
			ok: false,
			detail: `Autorização cassada${paren(cites.revocation)}.`,
			params
		};
	}
	if (entry.situacao === 'suspensa') {
		return {
			id: 'autorizacao',
			article: cites.suspension ?? '',
			ok: false,
			detail:
				`Autorização suspensa até que a irregularidade seja sanada${paren(cites.suspension)}: ` +
				'o serviço não pode ser prestado.',
			params
		};
	}
	const ok = entry.autorizacaoValidade >= date;
	return {
		id: 'autorizacao',
		article: cites.authorization ?? '',
		ok,
		detail: ok
			? `Autorização ativa, válida até ${br(entry.autorizacaoValidade)}${paren(cites.authorization)}.`
			: `Autorização vencida em ${br(entry.autorizacaoValidade)}${paren(cites.authorization)}.`,
		params
	};
}

/** What a lapse leads to, in words, by the penalty the law gives it. */
const LAPSE: Partial<Record<Penalty, string>> = {
	apreensao: 'a moto pode ser apreendida',
	suspensao: 'o serviço fica suspenso',
	cassacao: 'a autorização pode ser cassada'
};

function seguro(entry: RegistryEntry, date: LocalDate, rules: RegistryRules): Check {
	const { cites } = rules;
	const ok = entry.seguroValidade >= date;
	const lapse = cites.insuranceLapse;
	const seguro = rules.insurance ? `Seguro ${rules.insurance}` : 'Seguro';
	const effect =
		(rules.sanctions?.insurance && LAPSE[rules.sanctions.insurance]) ??
		'o serviço não pode ser prestado';
	return {
		id: 'seguro',
		article: cites.insurance ?? '',
		ok,
		detail: ok
			? `${seguro} válido até ${br(entry.seguroValidade)}${paren(cites.insurance)}.`
			: `${seguro} vencido em ${br(entry.seguroValidade)}${paren(cites.insurance)}` +
				(lapse ? `: sem ele, ${effect} (${lapse}).` : '.'),
		// The lapse itself stops the service, whatever the registry's situação says.
		params: { validade: entry.seguroValidade, ...(ok || !lapse ? {} : { sancao: lapse }) }
	};
}

function vistoria(entry: RegistryEntry, date: LocalDate, rules: RegistryRules): Check {
	const proxima = addMonths(entry.ultimaVistoria, rules.inspectionMonths);
	const ok = proxima >= date;
	const cite = paren(rules.cites.inspection);
	return {
		id: 'vistoria',
		article: rules.cites.inspection ?? '',
		ok,
		detail: ok
			? `Vistoria em dia: a última foi em ${br(entry.ultimaVistoria)}, a próxima vence em ${br(proxima)}${cite}.`
			: `Vistoria vencida em ${br(proxima)}: a última foi em ${br(entry.ultimaVistoria)}${cite}.`,
		params: { ultima: entry.ultimaVistoria, proxima, meses: rules.inspectionMonths }
	};
}

/**
 * The law asks for criminal records of both the Justiça Estadual and the Justiça Federal: each is
 * its own check, so the rider and staff see which one lapsed.
 */
function certidao(
	id: 'certidao_estadual' | 'certidao_federal',
	validade: LocalDate,
	date: LocalDate,
	cites: Cites
): Check {
	const ok = validade >= date;
	const justica = id === 'certidao_estadual' ? 'Justiça Estadual' : 'Justiça Federal';
	const cite = paren(cites.certidao);
	return {
		id,
		article: cites.certidao ?? '',
		ok,
		detail: ok
			? `Certidão negativa criminal da ${justica} válida até ${br(validade)}${cite}.`
			: `Certidão negativa criminal da ${justica} vencida em ${br(validade)}${cite}.`,
		params: { validade }
	};
}

/**
 * A snapshot as /api/registry served it, read into today's shape: one kept on a phone before the
 * registry held both certidões (Art. 4 IV) has only `certidaoValidade`, read as both (as the CSV
 * import reads the single `certidao_validade` column).
 */
export function readPublishedSnapshot(snapshot: RegistrySnapshot): RegistrySnapshot {
	return {
		...snapshot,
		entries: snapshot.entries.map((e) => {
			const legacy: unknown = (e as Partial<Record<'certidaoValidade', unknown>>).certidaoValidade;
			const single = typeof legacy === 'string' ? legacy : undefined;
			return {
				...e,
				certidaoEstadualValidade: e.certidaoEstadualValidade ?? single,
				certidaoFederalValidade: e.certidaoFederalValidade ?? single
			} as RegistryEntry;
		})
	};
}

/** The earlier of the two certidões (Art. 4 IV): the date by which both must be renewed. */
export function certidaoValidade(entry: RegistryEntry): LocalDate {
	return entry.certidaoEstadualValidade <= entry.certidaoFederalValidade
		? entry.certidaoEstadualValidade
		: entry.certidaoFederalValidade;
}

function idade(entry: RegistryEntry, date: LocalDate, rules: RegistryRules): Check {
	const anos = partsOf(date).year - entry.anoFabricacao;
	const ok = anos <= rules.maxAgeYears;
	const cite = paren(rules.cites.age);
	return {
		id: 'idade',
		article: rules.cites.age ?? '',
		ok,
		detail: ok
			? `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} ano(s) de fabricação, ` +
				`dentro do máximo de ${rules.maxAgeYears}${cite}.`
			: `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} anos de fabricação, ` +
				`acima do máximo de ${rules.maxAgeYears}${cite}.`,
		params: { ano: entry.anoFabricacao, anos, maximo: rules.maxAgeYears }
	};
}

function cilindradas(entry: RegistryEntry, rules: RegistryRules): Check {
	const cc = entry.cilindradas;
	const ok = cc >= rules.minCc && cc <= rules.maxCc;
	return {
		id: 'cilindradas',
		article: rules.cites.cc ?? '',
		ok,
		detail:
			`${cc} cilindradas, ${ok ? 'dentro' : 'fora'} do limite de ` +
			`${rules.minCc} a ${rules.maxCc}${paren(rules.cites.cc)}.`,
		params: { cilindradas: cc, minimo: rules.minCc, maximo: rules.maxCc }
	};
}

/**
 * The verdict for a registry entry on a date of the municipality's calendar: `irregular` when the
 * authorization (Art. 11, 23–25) or the insurance (Art. 4 VII, 24 I) fails; `pendente` when only
 * the inspection (Art. 8), the criminal record (Art. 4 IV), the age (Art. 6 I) or the engine size
 * (Art. 6 II) fails; `regular` otherwise.
 * @example verifyOn(entry, '2026-12-02', rules).verdict //=> 'regular'
 */
export function verifyOn(
	entry: RegistryEntry,
	date: LocalDate,
	rules: RegistryRules | null
): VerifyResult {
	partsOf(date);
	// No registry rules in the regime (its law's text is not available, e.g. Porto Velho's): only
	// what the registry itself says — the authorization's situation and validity — citing nothing.
	if (!rules) {
		const check = autorizacao(entry, date, {});
		return { verdict: check.ok ? 'regular' : 'irregular', checks: [check] };
	}
	const cites = rules.cites;
	const checks = [
		autorizacao(entry, date, cites),
		seguro(entry, date, rules),
		vistoria(entry, date, rules),
		certidao('certidao_estadual', entry.certidaoEstadualValidade, date, cites),
		certidao('certidao_federal', entry.certidaoFederalValidade, date, cites),
		idade(entry, date, rules),
		cilindradas(entry, rules)
	];
	const failed = checks.filter((c) => !c.ok);
	const verdict: Verdict =
		failed.length === 0
			? 'regular'
			: failed.some((c) => BLOCKING.includes(c.id))
				? 'irregular'
				: 'pendente';
	return { verdict, checks };
}

/**
 * The verdict at an instant, judged on the date Rolim de Moura's clock reads then.
 * @example verifyAt(entry, new Date('2026-12-03T03:59:59Z'), rules, 'America/Porto_Velho') // judged on 2026-12-02
 */
export function verifyAt(
	entry: RegistryEntry,
	at: Date,
	rules: RegistryRules | null,
	timeZone: string
): VerifyResult {
	return verifyOn(entry, wallClock(at, timeZone).date, rules);
}

/**
 * The answer for a code the registry does not hold: no checks, nothing to cite but the absence.
 * @example notFound() //=> { verdict: 'nao_encontrado', checks: [] }
 */
export function notFound(): VerifyResult {
	return { verdict: 'nao_encontrado', checks: [] };
}

export interface RegistryIndex {
	readonly size: number;
	/**
	 * The entry for a prefix or a plate in either format, or null.
	 * @example index.find('MT-007')?.prefixo //=> '7'
	 */
	find(query: string): RegistryEntry | null;
}

/**
 * An index by prefix and by plate key (old and Mercosul forms match each other), O(1) per lookup.
 * When the input repeats a prefix or a plate (a validated snapshot never does), the first wins.
 */
export function buildIndex(entries: readonly RegistryEntry[]): RegistryIndex {
	const byPrefixo = new Map<string, RegistryEntry>();
	const byPlaca = new Map<string, RegistryEntry>();
	for (const entry of entries) {
		const prefixo = normalizePrefix(entry.prefixo) ?? entry.prefixo;
		const key = plateKey(entry.placa);
		if (!byPrefixo.has(prefixo)) byPrefixo.set(prefixo, entry);
		if (!byPlaca.has(key)) byPlaca.set(key, entry);
	}
	return {
		size: entries.length,
		find(query) {
			const code = parseVehicleCode(query);
			if (code === null) return null;
			return (
				(code.kind === 'prefixo' ? byPrefixo.get(code.prefixo) : byPlaca.get(code.key)) ?? null
			);
		}
	};
}

/**
 * The most authorizations the law allows: one per so many inhabitants of the IBGE's figure
 * ("ou fração": rounded up), or a fixed number.
 * @example authorizationCap(rules) //=> 64 (56,406 / 886 = 63.7…, Censo 2022)
 */
export function authorizationCap(rules: RegistryRules): number {
	const cap = rules.cap;
	if (cap.kind === 'fixed') return cap.count;
	const ratio = rules.population.count / cap.inhabitants;
	return cap.rounding === 'floor' ? Math.floor(ratio) : Math.ceil(ratio);
}

/**
 * The cap in words, for staff: how many, where the law says so, and how it is counted.
 * @example capText(rules) //=> 'limite de 64 (Art. 10: 1 para cada 886 habitantes ou fração; 56406 habitantes, IBGE…)'
 */
export function capText(rules: RegistryRules): string {
	const cap = authorizationCap(rules);
	const cite = rules.cites.cap ? `${rules.cites.cap}: ` : '';
	const { population } = rules;
	return rules.cap.kind === 'fixed'
		? `limite de ${cap} (${cite}número fixo de vagas)`
		: `limite de ${cap} (${cite}1 para cada ${rules.cap.inhabitants} habitantes ou fração; ` +
				`${population.count} habitantes, ${population.source})`;
}

/** An authorization in force on `date`: situação `ativa` and not expired. */
export function isInForce(entry: RegistryEntry, date: LocalDate): boolean {
	return entry.situacao === 'ativa' && entry.autorizacaoValidade >= date;
}

/**
 * An authorization that counts against the Art. 10 cap on `date`: granted and not expired, active
 * or suspended — a suspension is temporary (Art. 19 IV, Art. 23–24) and the authorization returns
 * once the irregularity is cured; only a revoked (cassada) or expired one frees its place.
 */
export function countsTowardCap(entry: RegistryEntry, date: LocalDate): boolean {
	return entry.situacao !== 'cassada' && entry.autorizacaoValidade >= date;
}

/**
 * Authorizations in force on `date` (see `isInForce`): active and not expired. What counts against
 * the Art. 10 cap is wider: `countsTowardCap` (suspended ones too).
 */
export function countActive(entries: readonly RegistryEntry[], date: LocalDate): number {
	let n = 0;
	for (const e of entries) if (isInForce(e, date)) n++;
	return n;
}

/** How many of `entries` take a place under the cap on `date` (suspended ones too). */
export function placesTaken(entries: readonly RegistryEntry[], date: LocalDate): number {
	let n = 0;
	for (const e of entries) if (countsTowardCap(e, date)) n++;
	return n;
}

/** The cap against the registry being published: how many places are taken, of how many. */
export interface CapStatus {
	taken: number;
	cap: number;
	/** The cap in words, with its article where the law gives one. */
	text: string;
	over: boolean;
	/** The published registry was within the cap (or there was none): this draft crosses it. */
	grants: boolean;
}

export function capStatus(
	entries: readonly RegistryEntry[],
	latest: readonly RegistryEntry[] | null,
	today: LocalDate,
	rules: RegistryRules | null
): CapStatus | null {
	if (!rules) return null;
	const cap = authorizationCap(rules);
	const taken = placesTaken(entries, today);
	const before = latest ? placesTaken(latest, today) : 0;
	return { taken, cap, text: capText(rules), over: taken > cap, grants: taken > before };
}

// Art. 4 IV, Art. 6 I and II: what a `pendente` verdict lacks for operating at all. In a module
// of its own so that the verdict's view does not bring every check's code to a phone that only
// shows a verdict the server made (riders pay for every kilobyte).
export { missingForOperating, whyIrregular } from './registry-gaps';
