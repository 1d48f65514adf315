/** Which catalog is in force, its situations and their cites, and its penalty rules in words. */
import { wallClock, type LocalDate } from './clock';
import type { OffenseCatalog, Penalty, Situation } from './offense-types';
import { PENALTY_PT } from './penalty-label';
import { articleOf, citeOf } from './provision-id';
import { localText } from './regime';

/** The catalog in force on a local date, or null before the first. */
export function catalogOn(
	date: LocalDate,
	catalogs: readonly OffenseCatalog[]
): OffenseCatalog | null {
	let found: OffenseCatalog | null = null;
	for (const c of catalogs)
		if (
			c.validFrom <= date &&
			(c.validTo === undefined || date <= c.validTo) &&
			(!found || c.validFrom > found.validFrom)
		)
			found = c;
	return found;
}

/**
 * The one way to the catalog: the one in force at `at` on the municipality's calendar — a
 * complaint is judged (and shown to staff) by the catalog of its own date, the form offers the one
 * of today. Before the first catalog's date, the first catalog (no complaint can be older, but a
 * typed date can).
 * @example offenseCatalogAt(new Date('2026-12-02T21:00:00-04:00'), catalogs, zone).law //=> 'Lei 2.059/2011'
 */
export function offenseCatalogAt(
	at: Date,
	catalogs: readonly OffenseCatalog[],
	timeZone: string
): OffenseCatalog {
	const date = Number.isNaN(at.getTime()) ? null : wallClock(at, timeZone).date;
	const first = [...catalogs].sort((a, b) => a.validFrom.localeCompare(b.validFrom))[0];
	const found = (date ? catalogOn(date, catalogs) : null) ?? first;
	if (!found) throw new RangeError('No offense catalog: complaints go unclassified.');
	return found;
}

/**
 * The situations of stored codes, worded by the catalog in force at `at` (the complaint's date);
 * a code that catalog lacks is looked up in the others, newest first, so a stored complaint always
 * reads back. Unknown codes are left out.
 */
export function situationsOf(
	codes: readonly string[],
	at: Date,
	catalogs: readonly OffenseCatalog[],
	timeZone: string
): Situation[] {
	const inForce = offenseCatalogAt(at, catalogs, timeZone);
	const others = [...catalogs].sort((a, b) => b.validFrom.localeCompare(a.validFrom));
	const found: Situation[] = inForce.situations.filter((s) => codes.includes(s.code));
	for (const code of codes) {
		if (found.some((s) => s.code === code)) continue;
		for (const c of others) {
			const s = c.situations.find((x) => x.code === code);
			if (s) {
				found.push(s);
				break;
			}
		}
	}
	return found;
}

/**
 * The provision a situation breaches first, as a citation, or null (no such situation, or a
 * catalog that classifies nothing).
 * @example situationCite(catalog, 'cobrou-mais') //=> 'Art. 21, XVII'
 */
export function situationCite(catalog: OffenseCatalog, code: string): string | null {
	const article = catalog.situations.find((s) => s.code === code)?.articles[0];
	return article ? citeOf(article) : null;
}

/** The whole articles whose conducts carry a penalty in a catalog (`art20`, …), for filters. */
export function penaltyArticles(catalog: OffenseCatalog): string[] {
	const whole = catalog.penalties.map((r) => r.provision).filter((p) => !p.includes('-'));
	// A law that prices each inciso (a points system): the articles of its incisos.
	return [...new Set(whole.length ? whole : catalog.penalties.map((r) => articleOf(r.provision)))];
}

/**
 * How the catalog escalates a repeat and what follows a penalty by itself, one sentence per rule,
 * for staff.
 * @example penaltyRulesText(catalog)[0] //=> 'Art. 20 repetido → multa (Art. 21, I)'
 */
export function penaltyRulesText(catalog: OffenseCatalog): string[] {
	const system = catalog.system;
	const points =
		system?.kind === 'points'
			? [
					...system.gravities.map(
						(g) =>
							`${g.name} (${citeOf(g.from)} a ${citeOf(g.to)}): multa de ${g.fineMultiple} × ${system.fine.component} (${citeOf(system.fine.basis)})`
					),
					`a mesma infração repetida em ${system.repeatFine.windowMonths} meses, contados ${system.repeatFine.from === 'commission' ? 'da data em que a primeira foi cometida' : 'da confirmação da primeira'}: multa × ${system.repeatFine.factor} (${citeOf(system.repeatFine.basis)})`,
					...system.repeat.map(
						(r) => `${PENALTY_PT[r.of]} repetida → ${PENALTY_PT[r.penalty]} (${citeOf(r.basis)})`
					),
					`pontos: ${Object.entries(system.points.values)
						.map(([p, n]) => `${PENALTY_PT[p as Penalty]} ${n}`)
						.join(
							', '
						)} (${citeOf(system.points.basis)}), nos ${system.points.windowMonths} meses anteriores à última anotação (${citeOf(system.points.windowBasis)})`,
					...system.thresholds.map(
						(t) =>
							`mais de ${t.above} pontos → ${PENALTY_PT[t.penalty]} (${citeOf(t.basis)})` +
							(t.once
								? `, uma vez pelos mesmos pontos — leitura adotada: ${localText(t.once.reading, 'pt-BR')}`
								: '')
					),
					...(system.suspensionDays
						? [
								`suspensão de ${system.suspensionDays.min} a ${system.suspensionDays.max} dias (${citeOf(system.suspensionDays.basis)})`
							]
						: []),
					...(system.suspensionTotal
						? [
								`suspensões somando mais de ${system.suspensionTotal.aboveDays} dias em ${system.suspensionTotal.windowMonths} meses → ${PENALTY_PT[system.suspensionTotal.penalty]} (${citeOf(system.suspensionTotal.basis)}), decidida ao fixar os dias de uma suspensão`
							]
						: [])
				]
			: [];
	return [
		...points,
		...catalog.escalation.map((r) =>
			r.kind === 'reincidence'
				? `${citeOf(r.of)} repetido → ${PENALTY_PT[r.penalty]} (${citeOf(r.basis)})`
				: `${PENALTY_PT[r.with]} → ${PENALTY_PT[r.penalty]} automática (${citeOf(r.basis)})`
		)
	];
}

/**
 * The readings the regime adopts where its law is arguable (a threshold applied once for the same
 * points; when the sum of suspensions is decided), each with its provision, in `locale`.
 */
export function penaltyReadings(
	catalog: OffenseCatalog,
	locale = 'pt-BR'
): { cite: string; text: string }[] {
	const system = catalog.system;
	if (system?.kind !== 'points') return [];
	return [
		...system.thresholds.flatMap((t) =>
			t.once ? [{ cite: citeOf(t.basis), text: localText(t.once.reading, locale) }] : []
		),
		...(system.suspensionTotal
			? [
					{
						cite: citeOf(system.suspensionTotal.basis),
						text: localText(system.suspensionTotal.reading, locale)
					}
				]
			: [])
	];
}

/**
 * One conduct, one offence: every situation the rider reported is one conduct, and each auto
 * covers one of them, by one of its provisions. An auto for `provision` may be added when the
 * autos already drawn up and it can each be given a conduct of its own — whatever order the
 * provisions were picked in ("no vest" and "no prefix" share Art. 21, VI: two conducts, two autos,
 * never one or two by chance).
 * @example conductLeft([semColete, semPrefixo], ['art5-III'], 'art6-V') //=> true
 */
export function conductLeft(
	situations: readonly Pick<Situation, 'code' | 'articles'>[],
	drawn: readonly string[],
	provision: string
): boolean {
	const autos = [...drawn, provision];
	const owner = new Map<string, number>();
	// Augmenting paths (Kuhn): at most ten situations and as many autos.
	const place = (i: number, seen: Set<string>): boolean => {
		for (const s of situations) {
			if (!s.articles.includes(autos[i] ?? '') || seen.has(s.code)) continue;
			seen.add(s.code);
			const other = owner.get(s.code);
			if (other === undefined || place(other, seen)) {
				owner.set(s.code, i);
				return true;
			}
		}
		return false;
	};
	return autos.every((_, i) => place(i, new Set()));
}

/** The situations a rider sees first (`common`), resolved against the catalog, in its order. */
export function commonSituations(catalog: OffenseCatalog): readonly Situation[] {
	const codes = catalog.common ?? catalog.situations.slice(0, 6).map((s) => s.code);
	return codes
		.map((code) => catalog.situations.find((s) => s.code === code))
		.filter((s): s is Situation => s !== undefined);
}
