/**
 * What a rider saw → the provisions of Lei 2.059/2011 it breaches → the penalty each carries
 * (Art. 19–25), and how SEMAM escalates a repeated offense (Art. 21 I, 22 I, 23, 25 I).
 *
 * The catalog itself is dated data (src/lib/profile/offenses.ts): situations in plain words, the
 * penalty rule of each article, the escalation rules, and the incisos no rider can observe. A new
 * law is a new catalog, not new code. Provisions are named by their /lei anchor ids
 * (`'art21-XVII'`), and every cite is derived from the id, so it always links (src/lib/law).
 */
import { wallClock, type LocalDate } from './clock';
import { addMonths } from './registry';
import type { Cites, LocalText } from './regime';
import { escalatePoints, gravityOf, type PointsSystem } from './points';
import { PENALTY_PT } from './penalty-label';

/**
 * The structure of a law's penalties, each a named strategy: `ladder` (a penalty per article, a
 * repeat of the same article within the window takes the next rung, Lei 2.059/2011) or `points`
 * (gravities, fines as multiples of the fare, a points register with thresholds).
 */
export type PenaltySystem = { kind: 'ladder' } | PointsSystem;

/** Art. 19, in its order — which is also the order of gravity. */
export type Penalty = 'advertencia' | 'multa' | 'apreensao' | 'suspensao' | 'cassacao';

/** Art. 19 I–V: advertência, multa, apreensão, suspensão, cassação — mildest first. */
export const PENALTIES: readonly Penalty[] = [
	'advertencia',
	'multa',
	'apreensao',
	'suspensao',
	'cassacao'
];

export interface Localized {
	'pt-BR': string;
	es: string;
	en: string;
}

/** Something a rider can say happened, in plain words. */
export interface Situation {
	/** kebab-case, stable: complaints store it (`'fumando'`). */
	code: string;
	wording: Localized;
	/** Provisions breached, as /lei anchor ids (`'art20-VII'`); empty for "outro". */
	articles: readonly string[];
	/** A crime or a danger: the form shows 190/192 before anything else. */
	danger?: boolean;
}

/** The penalty of an article's incisos (`'art20'`) or of one provision (`'art5-III'`). */
export interface PenaltyRule {
	/** `'art20'` covers every inciso of Art. 20; a full id (`'art5-III'`) is more specific and wins. */
	provision: string;
	/** Null where the law makes the conduct an infraction (Art. 18) but fixes no penalty. */
	penalty: Penalty | null;
	/** The provision that sets the penalty (`'art20'`: the caput; `'art21-VI'`; `'art18'`). */
	basis: string;
	/** Why, when the penalty is not read from the caput of the article itself. */
	note?: Localized;
	/** Every penalty the provision carries, mildest first, where it is more than one. */
	penalties?: readonly Penalty[];
}

export type EscalationRule =
	/** A conduct of article `of` repeated within the window takes `penalty` (Art. 21 I, 22 I, 25 I). */
	| { kind: 'reincidence'; of: string; penalty: Penalty; basis: string }
	/** `penalty` follows `with` automatically (Art. 23: apreensão suspends the authorization). */
	| { kind: 'automatic'; with: Penalty; penalty: Penalty; basis: string };

/** An inciso no rider situation reaches, and why a rider cannot observe it. */
export interface NotObservable {
	article: string;
	reason: LocalText;
}

export interface OffenseCatalog {
	validFrom: LocalDate;
	/** Last day in force, when a later law replaced it. */
	validTo?: LocalDate;
	/** `Lei 2.059/2011`. */
	law: string;
	/** Law id for links to /lei (`lei-2059-2011`). */
	lawId: string;
	/**
	 * Set when the regime has no catalog (its law's text is not available): the reason. The
	 * situations then cite nothing, and complaints go to the office unclassified.
	 */
	unclassified?: string;
	situations: readonly Situation[];
	penalties: readonly PenaltyRule[];
	escalation: readonly EscalationRule[];
	notObservable: readonly NotObservable[];
	/** Default window for reincidence, in months: the law does not define one. */
	reincidenceWindowMonths: number;
	/**
	 * How the law's penalties add up (absent: `ladder`): a ladder of reincidence by article, or
	 * gravities with a points register (src/lib/domain/points.ts).
	 */
	system?: PenaltySystem;
	/** The regime's citations by role (the regulation that fixes unfixed penalties…). */
	cites?: Cites;
	/** The office that judges complaints under it (the profile's acronym). */
	office?: string;
	/** Numbers shown before anything else when a situation is a danger. */
	emergency: readonly { number: string; name: Localized }[];
	/**
	 * The situations riders report most, in the order the form shows them as big tiles (6–8);
	 * every other situation is under "Outra situação". Absent: the first six.
	 */
	common?: readonly string[];
	/** The full list under "Outra situação", grouped the way a rider thinks (every code once). */
	groups?: readonly { id: SituationGroup; codes: readonly string[] }[];
}

export type SituationGroup = 'danger' | 'money' | 'ride' | 'equipment' | 'stand' | 'other';

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
					`a mesma infração repetida em ${system.repeatFine.windowMonths} meses: multa × ${system.repeatFine.factor} (${citeOf(system.repeatFine.basis)})`,
					...system.repeat.map(
						(r) => `${PENALTY_PT[r.of]} repetida → ${PENALTY_PT[r.penalty]} (${citeOf(r.basis)})`
					),
					`pontos: ${Object.entries(system.points.values)
						.map(([p, n]) => `${PENALTY_PT[p as Penalty]} ${n}`)
						.join(
							', '
						)} (${citeOf(system.points.basis)}), nos ${system.points.windowMonths} meses anteriores (${citeOf(system.points.windowBasis)})`,
					...system.thresholds.map(
						(t) => `mais de ${t.above} pontos → ${PENALTY_PT[t.penalty]} (${citeOf(t.basis)})`
					),
					...(system.suspensionDays
						? [
								`suspensão de ${system.suspensionDays.min} a ${system.suspensionDays.max} dias (${citeOf(system.suspensionDays.basis)})`
							]
						: []),
					...(system.suspensionTotal
						? [
								`suspensões somando mais de ${system.suspensionTotal.aboveDays} dias em ${system.suspensionTotal.windowMonths} meses → ${PENALTY_PT[system.suspensionTotal.penalty]} (${citeOf(system.suspensionTotal.basis)})`
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

const ID = /^art(\d+)(?:-(pu|p\d+|[IVXLC]+))?$/;

const ROMAN: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

/** The inciso's value of a provision id, 0 when it names none: `romanOf('art44-XLII')` is 42. */
export function romanOf(id: string): number {
	const part = parseId(id).part;
	return part && /^[IVXLC]+$/.test(part) ? romanValue(part) : 0;
}

function romanValue(numeral: string): number {
	let total = 0;
	for (let i = 0; i < numeral.length; i++) {
		const value = ROMAN[numeral.charAt(i)] ?? 0;
		const next = ROMAN[numeral.charAt(i + 1)] ?? 0;
		total += value < next ? -value : value;
	}
	return total;
}

function parseId(id: string): { article: number; part: string | undefined } {
	const m = ID.exec(id);
	if (!m) throw new RangeError(`Not a provision id: ${id}`);
	return { article: Number(m[1]), part: m[2] };
}

/**
 * The citation of a /lei anchor id, as the app writes it (and `citationId` reads it back).
 * @example citeOf('art21-XVII') //=> 'Art. 21, XVII'
 * @example citeOf('art23') //=> 'Art. 23'
 * @example citeOf('art18-pu') //=> 'Art. 18 parágrafo único'
 */
export function citeOf(id: string): string {
	const { article, part } = parseId(id);
	const label = article <= 9 ? `Art. ${article}º` : `Art. ${article}`;
	if (part === undefined) return label;
	if (part === 'pu') return `${label} parágrafo único`;
	if (part.startsWith('p')) return `${label} §${part.slice(1)}º`;
	return `${label}, ${part}`;
}

/**
 * The article an id belongs to.
 * @example articleOf('art21-XVII') //=> 'art21'
 */
export function articleOf(id: string): string {
	return `art${parseId(id).article}`;
}

/** Article number, then inciso value: 'art5-V' < 'art20-I' < 'art21-IX' < 'art21-XVII'. */
function byProvision(a: string, b: string): number {
	const x = parseId(a);
	const y = parseId(b);
	if (x.article !== y.article) return x.article - y.article;
	const vx = x.part && /^[IVXLC]+$/.test(x.part) ? romanValue(x.part) : 0;
	const vy = y.part && /^[IVXLC]+$/.test(y.part) ? romanValue(y.part) : 0;
	return vx - vy || (x.part ?? '').localeCompare(y.part ?? '');
}

/** Gravity of a penalty: 0 for advertência … 4 for cassação; −1 when the law fixes none. */
function gravity(penalty: Penalty | null): number {
	return penalty === null ? -1 : PENALTIES.indexOf(penalty);
}

/**
 * The penalty rule for a provision: the rule for that exact id, else the rule for its article.
 * @example penaltyRuleOf('art21-XVII', catalog) //=> { provision: 'art21', penalty: 'multa', basis: 'art21' }
 * @example penaltyRuleOf('art5-III', catalog)?.basis //=> 'art21-VI'
 */
export function penaltyRuleOf(article: string, catalog: OffenseCatalog): PenaltyRule | null {
	const whole = articleOf(article);
	return (
		catalog.penalties.find((r) => r.provision === article) ??
		catalog.penalties.find((r) => r.provision === whole) ??
		null
	);
}

export function ruleOrThrow(article: string, catalog: OffenseCatalog): PenaltyRule {
	const rule = penaltyRuleOf(article, catalog);
	if (!rule) throw new RangeError(`No penalty rule for ${article} in ${catalog.law}`);
	return rule;
}

/** The gravest of some penalties, or null for none. */
export function gravestOf(penalties: readonly Penalty[]): Penalty | null {
	let found: Penalty | null = null;
	for (const p of penalties) if (found === null || gravity(p) > gravity(found)) found = p;
	return found;
}

/** The penalty that follows `penalty` by itself (an apreensão suspends), if any. */
export function automaticOf(penalty: Penalty | null, catalog: OffenseCatalog) {
	const rule = catalog.escalation.find((r) => r.kind === 'automatic' && r.with === penalty);
	return rule ? { penalty: rule.penalty, cite: citeOf(rule.basis) } : undefined;
}

export interface Offense {
	/** The provision breached: `'art21-XVII'`. */
	article: string;
	/** `'Art. 21, XVII'`. */
	cite: string;
	/** Null when the law makes it an infraction (Art. 18) but fixes no penalty: see `note`. */
	penalty: Penalty | null;
	/** Where the penalty comes from: `'Art. 21'` (its caput), `'Art. 21, VI'`, `'Art. 18'`. */
	penaltyCite: string;
	/** Art. 23: every apreensão suspends the authorization until the irregularity is cured. */
	automatic?: { penalty: Penalty; cite: string };
	note?: Localized;
	/** Every penalty, mildest first, where the provision carries more than one. */
	penalties?: readonly Penalty[];
	/** Under a points system: the gravity, and the fine as a multiple of the fare (`50 × bandeira I`). */
	gravity?: string;
	fine?: string;
}

/**
 * The provisions the situations breach, once each, gravest penalty first, then in the law's order.
 * Throws on an unknown code: codes come from the catalog, through `parseComplaint`.
 * @example offensesOf(['fumando', 'cobrou-mais']).map((o) => o.cite) //=> ['Art. 21, XVII', 'Art. 20, VII']
 * @example offensesOf(['cobrou-mais'])[0] //=> { article: 'art21-XVII', cite: 'Art. 21, XVII', penalty: 'multa', penaltyCite: 'Art. 21' }
 */
export function offensesOf(codes: readonly string[], catalog: OffenseCatalog): Offense[] {
	const articles = new Set<string>();
	for (const code of codes) {
		const situation = catalog.situations.find((s) => s.code === code);
		if (!situation) throw new RangeError(`Unknown situation: ${code}`);
		for (const article of situation.articles) articles.add(article);
	}
	const offenses = [...articles].map((article): Offense => {
		const rule = ruleOrThrow(article, catalog);
		const automatic = automaticOf(rule.penalty, catalog);
		const system = catalog.system?.kind === 'points' ? catalog.system : null;
		const grade = system ? gravityOf(article, system) : null;
		const fined = rule.penalty === 'multa' || rule.penalties?.includes('multa');
		return {
			article,
			cite: citeOf(article),
			penalty: rule.penalty,
			penaltyCite: citeOf(rule.basis),
			...(automatic ? { automatic } : {}),
			...(rule.note ? { note: rule.note } : {}),
			...(rule.penalties ? { penalties: rule.penalties } : {}),
			...(grade ? { gravity: grade.name } : {}),
			...(grade && fined && system
				? { fine: `${grade.fineMultiple} × ${system.fine.component}` }
				: {})
		};
	});
	return offenses.sort(
		(a, b) => gravity(b.penalty) - gravity(a.penalty) || byProvision(a.article, b.article)
	);
}

/** An offense SEMAM confirmed (decision final, Art. 28 §2º), on a local date. */
export interface ConfirmedOffense {
	article: string;
	/** When the decision became final (Art. 28 §2º). */
	confirmedAt: LocalDate;
	/**
	 * The provision whose penalty was applied, when it differs from the conduct's: a repeated
	 * Art. 20 conduct fined under Art. 21, I is `art21-I`, and counts as an Art. 21 conduct too.
	 */
	penaltyBasis?: string;
	/** The penalties applied (a points register counts each). */
	penalties?: readonly Penalty[];
	/** The days of a suspension applied, as the office fixed them (a law that sums them). */
	suspensionDays?: number;
}

export interface Escalation {
	/** The gravest penalty. */
	penalty: Penalty | null;
	/** Every penalty applied, mildest first (one under a ladder). */
	penalties: Penalty[];
	/** The fine as a multiple of a fare component, where the law prices it so. */
	fine?: { multiple: number; component: string; doubled: boolean; cite: string };
	/** The points register after this offence, where the law keeps one. */
	points?: { added: number; total: number; windowMonths: number };
	/** The provision that sets `penalty`: `'Art. 20'`, `'Art. 21, I'`, `'Art. 18'`… */
	cite: string;
	/**
	 * `first`: no prior offense of the same article in the window; `reincidence`: the law makes
	 * the repetition graver; `no-escalation`: a prior exists but the law sets no graver penalty
	 * for repeating this article (Art. 22, 25); `unfixed`: the law fixes no penalty at all.
	 */
	reason: 'first' | 'reincidence' | 'no-escalation' | 'unfixed';
	/** The latest prior that counts, when there is one. */
	previous: ConfirmedOffense | null;
	automatic?: { penalty: Penalty; cite: string };
	/** pt-BR sentence for SEMAM's triage screen. */
	detail: string;
}

export { PENALTY_PT };

const br = (date: LocalDate) => date.split('-').reverse().join('/');

/**
 * The penalty for `offense` committed on `on`, given the offenses SEMAM confirmed before.
 *
 * Reincidence is read by article, as the law words it ("reincidir nas condutas infracionais
 * descritas no art. 20"): any conduct of the same article counts, not only the same inciso. An
 * Art. 5º provision counts with the article of its penalty (Art. 5º, III → Art. 21, VI → Art. 21).
 * A prior counts when it was confirmed strictly before `on` — a decision of the same day cannot be
 * shown to precede the conduct — and no earlier than `windowMonths` before it: the law sets no
 * window, so it is the profile's `reincidenceWindowMonths` (12 by default). `on` is the day of the
 * NEW CONDUCT ("reincidir": doing it again after the earlier penalty became final), never the day
 * the new auto is drawn up. A repeated Art. 20 conduct fined under Art. 21, I (its `penaltyBasis`)
 * counts as an Art. 21 conduct for Art. 22, I, and still as an Art. 20 one.
 * @example escalate([{ article: 'art20-VII', confirmedAt: '2026-03-10' }], 'art20-I', '2026-12-02', 12).cite //=> 'Art. 21, I'
 */
export function escalate(
	history: readonly ConfirmedOffense[],
	offense: string,
	on: LocalDate,
	windowMonths: number,
	catalog: OffenseCatalog
): Escalation {
	const system = catalog.system ?? { kind: 'ladder' };
	return system.kind === 'points'
		? escalatePoints(history, offense, on, catalog, system)
		: escalateLadder(history, offense, on, windowMonths, catalog);
}

/** The ladder: a penalty per article, a repeat of the article within the window climbs a rung. */
function escalateLadder(
	history: readonly ConfirmedOffense[],
	offense: string,
	on: LocalDate,
	windowMonths: number,
	catalog: OffenseCatalog
): Escalation {
	const rule = ruleOrThrow(offense, catalog);
	const cite = citeOf(offense);
	if (rule.penalty === null) {
		return {
			penalty: null,
			penalties: [],
			cite: citeOf(rule.basis),
			reason: 'unfixed',
			previous: null,
			detail:
				`${cite} é infração (${citeOf(rule.basis)}), mas a lei não fixa a penalidade: ` +
				`cabe ao regulamento defini-la${catalog.cites?.unfixedPenalty ? ` (${catalog.cites.unfixedPenalty})` : ''}.`
		};
	}
	const of = articleOf(rule.basis);
	const since = addMonths(on, -windowMonths);
	const priors = history
		.filter((h) => h.confirmedAt < on && h.confirmedAt >= since)
		.filter((h) => {
			const prior = ruleOrThrow(h.article, catalog);
			if (prior.penalty === null) return false;
			// Art. 21, I fines a repeated Art. 20 conduct: it is then an Art. 21 conduct as well.
			return (
				articleOf(prior.basis) === of ||
				(h.penaltyBasis !== undefined && articleOf(h.penaltyBasis) === of)
			);
		})
		.sort((a, b) => (a.confirmedAt < b.confirmedAt ? 1 : a.confirmedAt > b.confirmedAt ? -1 : 0));
	const previous = priors[0] ?? null;
	const ofCite = citeOf(of);
	const window = `nos ${windowMonths} meses anteriores`;

	let penalty: Penalty = rule.penalty;
	let basis = rule.basis;
	let reason: Escalation['reason'] = 'first';
	let detail = `Sem infração confirmada do ${ofCite} ${window}`;
	if (previous) {
		const repeat = catalog.escalation.find((r) => r.kind === 'reincidence' && r.of === of);
		const prior = `infração do ${ofCite} confirmada em ${br(previous.confirmedAt)}`;
		if (repeat) {
			penalty = repeat.penalty;
			basis = repeat.basis;
			reason = 'reincidence';
			detail = `Reincidência: ${prior}, ${window}`;
		} else {
			reason = 'no-escalation';
			detail = `Houve ${prior}, mas a lei não agrava a reincidência no ${ofCite}`;
		}
	}
	const automatic = automaticOf(penalty, catalog);
	detail += `: ${PENALTY_PT[penalty]} (${citeOf(basis)})`;
	if (automatic) detail += `, com ${PENALTY_PT[automatic.penalty]} (${automatic.cite})`;
	return {
		penalty,
		penalties: [penalty],
		cite: citeOf(basis),
		reason,
		previous,
		...(automatic ? { automatic } : {}),
		detail: `${detail}.`
	};
}
