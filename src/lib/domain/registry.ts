/**
 * The public registry of mototáxi authorizations and the verdict a rider sees for a vehicle
 * (Lei 2.059/2011, Art. 4, 6, 8, 10, 11, 23–25).
 *
 * A verdict is judged on one date of Rolim de Moura's calendar, and every check names the article
 * it applies, so the page, the API and complaint triage can all say why.
 */
import { parseLocalDate, wallClock, daysInMonth, type LocalDate } from './clock';
import { normalizePrefix, parseVehicleCode, plateKey } from './plate';

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
	inhabitantsPerAuthorization: number;
	/** How the cap rounds: Lei 2.059/2011 Art. 10 counts "ou fração", i.e. up. Default `ceil`. */
	rounding?: 'ceil' | 'floor';
	/** Where each threshold is written (the profile's regime file). */
	cites?: { age: string; cc: string; inspection: string; cap: string };
	population: { count: number; year: number; source: string };
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

function autorizacao(entry: RegistryEntry, date: LocalDate): Check {
	const params = { situacao: entry.situacao, validade: entry.autorizacaoValidade };
	if (entry.situacao === 'cassada') {
		return {
			id: 'autorizacao',
			article: 'Art. 25',
			ok: false,
			detail: 'Autorização cassada (Art. 25).',
			params
		};
	}
	if (entry.situacao === 'suspensa') {
		// Art. 23: suspended automatically until the irregularity is cured; Art. 24 lists more causes.
		return {
			id: 'autorizacao',
			article: 'Art. 23',
			ok: false,
			detail:
				'Autorização suspensa até que a irregularidade seja sanada (Art. 23 e Art. 24): ' +
				'o serviço não pode ser prestado.',
			params
		};
	}
	const ok = entry.autorizacaoValidade >= date;
	return {
		id: 'autorizacao',
		article: 'Art. 11',
		ok,
		detail: ok
			? `Autorização ativa, válida até ${br(entry.autorizacaoValidade)} (Art. 11).`
			: `Autorização vencida em ${br(entry.autorizacaoValidade)} (Art. 11).`,
		params
	};
}

function seguro(entry: RegistryEntry, date: LocalDate): Check {
	const ok = entry.seguroValidade >= date;
	return {
		id: 'seguro',
		article: 'Art. 4 VII',
		ok,
		detail: ok
			? `Seguro de vida pessoal e de terceiro válido até ${br(entry.seguroValidade)} (Art. 4 VII).`
			: `Seguro de vida pessoal e de terceiro vencido em ${br(entry.seguroValidade)} ` +
				'(Art. 4 VII): sem ele, o serviço fica suspenso (Art. 24 I).',
		// Art. 24 I: the lapse itself suspends the service, whatever the registry's situação says.
		params: { validade: entry.seguroValidade, ...(ok ? {} : { sancao: 'Art. 24 I' }) }
	};
}

function vistoria(entry: RegistryEntry, date: LocalDate, rules: RegistryRules): Check {
	const proxima = addMonths(entry.ultimaVistoria, rules.inspectionMonths);
	const ok = proxima >= date;
	return {
		id: 'vistoria',
		article: 'Art. 8',
		ok,
		detail: ok
			? `Vistoria em dia: a última foi em ${br(entry.ultimaVistoria)}, a próxima vence em ${br(proxima)} (Art. 8).`
			: `Vistoria anual vencida em ${br(proxima)}: a última foi em ${br(entry.ultimaVistoria)} (Art. 8).`,
		params: { ultima: entry.ultimaVistoria, proxima, meses: rules.inspectionMonths }
	};
}

/**
 * Art. 4 IV asks for "certidões negativas criminais" of both the Justiça Estadual and the Justiça
 * Federal: each is its own check, so the rider and staff see which one lapsed.
 */
function certidao(
	id: 'certidao_estadual' | 'certidao_federal',
	validade: LocalDate,
	date: LocalDate
): Check {
	const ok = validade >= date;
	const justica = id === 'certidao_estadual' ? 'Justiça Estadual' : 'Justiça Federal';
	return {
		id,
		article: 'Art. 4 IV',
		ok,
		detail: ok
			? `Certidão negativa criminal da ${justica} válida até ${br(validade)} (Art. 4 IV).`
			: `Certidão negativa criminal da ${justica} vencida em ${br(validade)} (Art. 4 IV).`,
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
	return {
		id: 'idade',
		article: 'Art. 6 I',
		ok,
		detail: ok
			? `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} ano(s) de fabricação, ` +
				`dentro do máximo de ${rules.maxAgeYears} (Art. 6 I).`
			: `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} anos de fabricação, ` +
				`acima do máximo de ${rules.maxAgeYears} (Art. 6 I).`,
		params: { ano: entry.anoFabricacao, anos, maximo: rules.maxAgeYears }
	};
}

function cilindradas(entry: RegistryEntry, rules: RegistryRules): Check {
	const cc = entry.cilindradas;
	const ok = cc >= rules.minCc && cc <= rules.maxCc;
	return {
		id: 'cilindradas',
		article: 'Art. 6 II',
		ok,
		detail:
			`${cc} cilindradas, ${ok ? 'dentro' : 'fora'} do limite de ` +
			`${rules.minCc} a ${rules.maxCc} (Art. 6 II).`,
		params: { cilindradas: cc, minimo: rules.minCc, maximo: rules.maxCc }
	};
}

/** Without these the vehicle may not carry a passenger at all. */
const BLOCKING: readonly CheckId[] = ['autorizacao', 'seguro'];

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
		const a = autorizacao(entry, date);
		const check: Check = {
			...a,
			article: '',
			detail: a.detail.replace(/ \(Art\.[^)]*\)/g, '').replace(/ \(Art\. [^)]*\):.*$/, '.')
		};
		return { verdict: check.ok ? 'regular' : 'irregular', checks: [check] };
	}
	const checks = [
		autorizacao(entry, date),
		seguro(entry, date),
		vistoria(entry, date, rules),
		certidao('certidao_estadual', entry.certidaoEstadualValidade, date),
		certidao('certidao_federal', entry.certidaoFederalValidade, date),
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
 * Art. 10: one authorization per `inhabitantsPerAuthorization` inhabitants "ou fração" — rounded up.
 * @example authorizationCap(rules) //=> 63 (55,748 / 886 = 62.9…)
 */
export function authorizationCap(rules: RegistryRules): number {
	const ratio = rules.population.count / rules.inhabitantsPerAuthorization;
	return rules.rounding === 'floor' ? Math.floor(ratio) : Math.ceil(ratio);
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

// Art. 4 IV, Art. 6 I and II: what a `pendente` verdict lacks for operating at all. In a module
// of its own so that the verdict's view does not bring every check's code to a phone that only
// shows a verdict the server made (issue 12).
export { missingForOperating } from './registry-gaps';
