/** The Art. 10 cap: how many authorizations the law allows, and how many take a place on a date. */
import type { LocalDate } from './clock';
import type { CapReading, RegistryEntry, RegistryRules } from './registry-types';

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

/** Authorizations for `count` inhabitants at one per `inhabitants`, rounded as the rule reads. */
const perInhabitants = (count: number, inhabitants: number, rounding: 'ceil' | 'floor') =>
	rounding === 'floor' ? Math.floor(count / inhabitants) : Math.ceil(count / inhabitants);

/** What one reported reading of the cap gives for the profile's population. */
export const readingCap = (rules: RegistryRules, r: CapReading): number =>
	perInhabitants(rules.population.count, r.inhabitants, r.rounding);

/**
 * The lowest cap a law reported in force gives (`capReadings` with status `reported`), or null
 * when no source reports one. Amendments not yet sanctioned (`pending`) never count.
 * @example reportedCap(rolimRules) //=> 56 (Lei 4.247/2023, Art. 10: 1 per 1,000; 56,406 inhabitants)
 */
export function reportedCap(rules: RegistryRules): number | null {
	const reported = (rules.capReadings ?? []).filter((r) => r.status === 'reported');
	return reported.length ? Math.min(...reported.map((r) => readingCap(rules, r))) : null;
}

/**
 * The cap in words, for staff: how many, where the law says so, and how it is counted — then every
 * other figure public sources report, dated, each with what it gives for the population.
 * @example capText(rules) //=> 'limite de 64 (Art. 10: 1 para cada 886 habitantes ou fração; 56406 habitantes, IBGE…)'
 */
export function capText(rules: RegistryRules): string {
	const cap = authorizationCap(rules);
	const cite = rules.cites.cap ? `${rules.cites.cap}: ` : '';
	const { population } = rules;
	const own =
		rules.cap.kind === 'fixed'
			? `limite de ${cap} (${cite}número fixo de vagas)`
			: `limite de ${cap} (${cite}1 para cada ${rules.cap.inhabitants} habitantes ou fração; ` +
				`${population.count} habitantes, ${population.source})`;
	const readings = (rules.capReadings ?? []).map((r) => {
		const n = readingCap(rules, r);
		const other = perInhabitants(
			population.count,
			r.inhabitants,
			r.rounding === 'floor' ? 'ceil' : 'floor'
		);
		const each = `1 para cada ${r.inhabitants} habitantes${r.rounding === 'ceil' ? ' ou fração' : ''}`;
		const rounding = other !== n && r.rounding === 'floor' ? `; ${other} se valer “ou fração”` : '';
		const note = r.note ? `; ${r.note}` : '';
		return r.status === 'reported'
			? `${n} — ${r.law}, em vigor segundo ${r.source} (${r.asOf}): ${each}${rounding}${note}`
			: `${n} — ${r.law}, se sancionado (${r.source}, ${r.asOf}): ${each}${note}`;
	});
	return readings.length ? `${own}; outras leituras: ${readings.join('; ')}` : own;
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
	/**
	 * The draft grants a place the published registry did not: a new authorization, one back in
	 * force, or a vehicle passed to another holder (replacing holders grants their places anew,
	 * even when the count stays the same).
	 */
	grants: boolean;
	/** The lowest cap a law reported in force gives, or null (`reportedCap`). */
	reported: number | null;
	/** More places taken than that lower cap: granting needs a gestor's confirmation. */
	overReported: boolean;
}

/** Who holds a place: the vehicle and its holder, as written (case and spacing aside). */
const holder = (e: RegistryEntry) =>
	`${e.prefixo}\u0000${e.titular.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR')}`;

/**
 * How many of `entries`' places on `date` are not held, by the same holder of the same vehicle,
 * in `latest` (null: nothing published, every place is new).
 * @example placesGranted([{ prefixo: '7', titular: 'Ana' …}], [{ prefixo: '7', titular: 'Bia' …}], day) //=> 1
 */
export function placesGranted(
	entries: readonly RegistryEntry[],
	latest: readonly RegistryEntry[] | null,
	date: LocalDate
): number {
	const held = new Map<string, number>();
	for (const e of latest ?? [])
		if (countsTowardCap(e, date)) held.set(holder(e), (held.get(holder(e)) ?? 0) + 1);
	let granted = 0;
	for (const e of entries) {
		if (!countsTowardCap(e, date)) continue;
		const left = held.get(holder(e)) ?? 0;
		if (left > 0) held.set(holder(e), left - 1);
		else granted++;
	}
	return granted;
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
	const grants = placesGranted(entries, latest, today) > 0;
	const reported = reportedCap(rules);
	return {
		taken,
		cap,
		text: capText(rules),
		over: taken > cap,
		grants,
		reported,
		overReported: reported !== null && taken > reported
	};
}
