/**
 * The public registry of mototáxi authorizations and the verdict a rider sees for a vehicle.
 *
 * A verdict is judged on one date of the municipality's calendar, and every check names the
 * provision the regime in force cites for its role (`RegistryRules.cites`), so the page, the API
 * and complaint triage can all say why.
 */
import { BLOCKING } from './registry-gaps';
import { wallClock, type LocalDate } from './clock';
import { normalizePrefix, parseVehicleCode, plateKey } from './plate';
import { partsOf } from './months';
import { autorizacao, certidao, cilindradas, idade, seguro, vistoria } from './registry-checks';
import type {
	RegistryEntry,
	RegistryRules,
	RegistrySnapshot,
	Verdict,
	VerifyResult
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

// Art. 4 IV, Art. 6 I and II: what a `pendente` verdict lacks for operating at all. In a module
// of its own so that the verdict's view does not bring every check's code to a phone that only
// shows a verdict the server made (riders pay for every kilobyte).
export { missingForOperating, whyIrregular } from './registry-gaps';
