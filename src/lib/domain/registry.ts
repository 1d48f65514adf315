/**
 * The public registry of mototáxi authorizations and the verdict a rider sees for a vehicle.
 *
 * A verdict is judged on one date of the municipality's calendar, and every check names the
 * provision the regime in force cites for its role (`RegistryRules.cites`), so the page, the API
 * and complaint triage can all say why.
 */
import { wallClock, type LocalDate } from './clock';
import { normalizePrefix, parseVehicleCode, plateKey } from './plate';
import { partsOf } from './months';
import type { CiteRole } from './regime';
import {
	autorizacao,
	cautelar,
	certidao,
	cilindradas,
	idade,
	seguro,
	vistoria
} from './registry-checks';
import {
	ruleOf,
	type CautelarSuspension,
	type Check,
	type RegistryEntry,
	type RegistryRules,
	type VerdictRules,
	type RegistrySnapshot,
	type Verdict,
	type VerifyResult
} from './registry-types';

export * from './registry-types';
export * from './registry-cap';
export { addMonths } from './months';
export { paren } from './registry-checks';

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

/**
 * The verdict for a registry entry on a date of the municipality's calendar, by what the law in
 * force says each failed check does (`RegistryRules.checks`): `irregular` when one that blocks
 * boarding fails; `pendente` when only checks that warn or are the office's matter fail; `regular`
 * otherwise. A check the law does not have is not made. `suspension`: a cautelar suspension in
 * force on the vehicle (published apart from the snapshot's entries), first of the checks where
 * the law in force has one (`RegistryRules.cautelar`); a law without it shows nothing.
 * @example verifyOn(entry, '2026-12-02', rules).verdict //=> 'regular'
 */
export function verifyOn(
	entry: RegistryEntry,
	date: LocalDate,
	rules: VerdictRules | null,
	suspension: CautelarSuspension | null = null
): VerifyResult {
	partsOf(date);
	// No registry rules in the regime (its law's text is not available, e.g. Porto Velho's): only
	// what the registry itself says — the authorization's situation and validity — citing nothing.
	if (!rules) {
		const check = autorizacao(entry, date, {});
		return { verdict: check.ok ? 'regular' : 'irregular', checks: [check] };
	}
	const cites = rules.cites;
	const rule = (key: Parameters<typeof ruleOf>[1]) => ruleOf(rules.checks, key);
	const auth = rule('autorizacao');
	const ins = rule('seguro');
	const insp = rule('vistoria');
	const cert = rule('certidao');
	const age = rule('idade');
	const cc = rule('cilindradas');
	const checks: Check[] = [
		...(suspension && rules.cautelar && suspension.prefixo === entry.prefixo
			? [cautelar(suspension, rules.cautelar)]
			: []),
		autorizacao(entry, date, cites, auth, rules.suspension),
		...(ins ? [seguro(entry, date, rules, ins)] : []),
		...(insp ? [vistoria(entry, date, rules, insp)] : []),
		...(cert
			? [
					certidao('certidao_estadual', entry.certidaoEstadualValidade, date, cites, cert),
					certidao('certidao_federal', entry.certidaoFederalValidade, date, cites, cert)
				]
			: []),
		...(age ? [idade(entry, date, rules, age)] : []),
		...(cc ? [cilindradas(entry, rules, cc)] : [])
	];
	const failed = checks.filter((c) => !c.ok);
	const verdict: Verdict =
		failed.length === 0
			? 'regular'
			: failed.some((c) => c.effect === 'blocks')
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
	rules: VerdictRules | null,
	timeZone: string,
	suspension: CautelarSuspension | null = null
): VerifyResult {
	return verifyOn(entry, wallClock(at, timeZone).date, rules, suspension);
}

/**
 * Which published cautelar suspension is in force on `entry`, or null: the list as /api/registry
 * carries it (`suspensions`), checked member by member (a copy kept on a phone is read as data).
 * @example suspensionOf([{ prefixo: '7', since: '2026-12-08' }], entry7) //=> { prefixo: '7', since: '2026-12-08' }
 */
export function suspensionOf(
	list: unknown,
	entry: Pick<RegistryEntry, 'prefixo'>
): CautelarSuspension | null {
	if (!Array.isArray(list)) return null;
	for (const item of list as unknown[]) {
		const s = item as Partial<Record<keyof CautelarSuspension, unknown>> | null;
		if (
			s &&
			s.prefixo === entry.prefixo &&
			typeof s.since === 'string' &&
			/^\d{4}-\d{2}-\d{2}$/.test(s.since)
		)
			return { prefixo: s.prefixo, since: s.since };
	}
	return null;
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

// What a `pendente` verdict lacks, by the effect the law gives each failed check. In a module of
// its own so that the verdict's view does not bring every check's code to a phone that only shows
// a verdict the server made (riders pay for every kilobyte).
export { missingForOperating, officeMatters, whyIrregular } from './registry-gaps';

/** The roles whose provision a verdict's checks cite (src/lib/domain/registry-checks.ts). */
const VERDICT_CITES = [
	'authorization',
	'revocation',
	'suspension',
	'insurance',
	'inspection',
	'certidao',
	'age',
	'cc'
] as const satisfies readonly CiteRole[];

/**
 * The rules a rider's page carries for its verdicts: without the cap's figures (`VerdictRules`),
 * and only the citations the checks read — every byte is on a prepaid plan.
 */
export function verdictRules(rules: RegistryRules): VerdictRules {
	const verdict: VerdictRules & Partial<Pick<RegistryRules, 'cap' | 'capReadings' | 'population'>> =
		{ ...rules };
	delete verdict.cap;
	delete verdict.capReadings;
	delete verdict.population;
	const cites: Partial<Record<CiteRole, string>> = {};
	for (const role of VERDICT_CITES) if (rules.cites[role]) cites[role] = rules.cites[role];
	return { ...verdict, cites };
}
