/**
 * The law's other field acts (the fiscal's field mode): the preliminary notice — a numbered notice
 * giving the driver the law's days to adapt, for the provisions the law lists — and the impound —
 * where, when, why and the deposit, with the law's terms (release, the period before auction, the
 * inspection). Both come from the regime in force (`fieldActs`, cited and dated); a law without
 * one has none, and nothing of it is shown.
 */
import { addDays, parseLocalDate, daysInMonth, type LocalDate } from './clock';
import type { Localized } from './regime';

/** A preliminary notice's rule: which provisions may be noticed, and the days to adapt. */
export interface PreliminaryNoticeRule {
	/** The provision that gives the notice and its period. */
	cite: string;
	/** The most days the law gives to adapt. */
	days: number;
	/** The provisions a notice may be given for (ids of the law's text). */
	provisions: readonly string[];
	/** The provision that lists them. */
	provisionsCite: string;
	/** How the app reads the list, where the text is off (a wrong cross-reference). */
	reading?: Localized;
}

/** A term of the impound as the law words it, with its provision. */
export interface ImpoundTerm {
	cite: string;
	text: Localized;
}

/** An impound's rule: its grounds, the deposit and the law's terms. */
export interface ImpoundRule {
	cite: string;
	/** The provisions an impound may be grounded on (ids of the law's text). */
	grounds: readonly string[];
	groundsCite: string;
	/** Where the impounded vehicle goes. */
	deposit: { cite: string; place: Localized };
	/** What the office does at once with the impounded vehicle (an inspection), when the law says. */
	inspection?: ImpoundTerm;
	/** The release: the undertaking to adapt within `adaptDays` of signing it. */
	release: ImpoundTerm & { adaptDays: number };
	/** What the release further needs (an inspection, the fees), when the law says. */
	releaseInspection?: ImpoundTerm;
	/** Who pays what. */
	costs: ImpoundTerm;
	/** Unclaimed for `months` after the impound, the vehicle goes to public auction. */
	auction: ImpoundTerm & { months: number };
}

/** The law's field acts; each absent where the law has none. */
export interface FieldActs {
	preliminaryNotice?: PreliminaryNoticeRule;
	impound?: ImpoundRule;
}

/** Where a notice stands: open, adapted (closed), or turned into an auto (closed). */
export type NoticeStatus = 'aberta' | 'adequada' | 'autuada';

/** The last day the driver has to adapt: `days` calendar days after the day of the notice. */
export function noticeDeadline(
	issuedOn: LocalDate,
	rule: Pick<PreliminaryNoticeRule, 'days'>
): LocalDate {
	return addDays(issuedOn, rule.days);
}

/**
 * What the agent may record on a notice on `today`: nothing before its deadline (the driver is
 * still within the law's period), "adapted" or the auto on or after it, nothing once closed.
 */
export function noticeActions(
	notice: { status: NoticeStatus; deadline: LocalDate },
	today: LocalDate
): 'wait' | 'decide' | 'closed' {
	if (notice.status !== 'aberta') return 'closed';
	return today >= notice.deadline ? 'decide' : 'wait';
}

/** Whether a notice may be given for `provision` under `rule`. */
export function noticeAllowed(rule: PreliminaryNoticeRule | undefined, provision: string): boolean {
	return !!rule && rule.provisions.includes(provision);
}

/** Whether an impound may be grounded on `provision` under `rule`. */
export function impoundAllowed(rule: ImpoundRule | undefined, provision: string): boolean {
	return !!rule && rule.grounds.includes(provision);
}

/**
 * The day `months` calendar months after `date` (the last day of a shorter month).
 * @example addMonths('2026-12-31', 2) //=> '2027-02-28'
 */
export function addMonths(date: LocalDate, months: number): LocalDate {
	const p = parseLocalDate(date);
	if (!p) throw new RangeError(`Not a local date: ${date}`);
	const index = p.year * 12 + (p.month - 1) + months;
	const year = Math.floor(index / 12);
	const month = (index % 12) + 1;
	const day = Math.min(p.day, daysInMonth(year, month));
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The impound's dates by the law: from when an unclaimed vehicle may go to auction. */
export function impoundDates(
	impoundedOn: LocalDate,
	rule: Pick<ImpoundRule, 'auction'>
): { auctionFrom: LocalDate } {
	return { auctionFrom: addMonths(impoundedOn, rule.auction.months) };
}

/** The numbers of the field acts: `NP-2026-000001` (notice), `AP-2026-000001` (impound). */
export const ACT_PREFIX = { notice: 'NP', impound: 'AP' } as const;
export type ActKind = keyof typeof ACT_PREFIX;

export function actNumber(kind: ActKind, year: number, seq: number): string {
	return `${ACT_PREFIX[kind]}-${year}-${String(seq).padStart(6, '0')}`;
}

/** The year and sequence of an act's number, or null when it is not one of `kind`. */
export function parseActNumber(kind: ActKind, text: string): { year: number; seq: number } | null {
	const m = /^([A-Z]{2})-(\d{4})-(\d{6})$/.exec(text);
	if (!m || m[1] !== ACT_PREFIX[kind]) return null;
	const seq = Number(m[3]);
	return seq >= 1 ? { year: Number(m[2]), seq } : null;
}

/** One of the impound's terms as a page shows it: a heading, the law's words, its provision. */
export interface ImpoundTermView {
	key: 'deposit' | 'inspection' | 'release' | 'releaseInspection' | 'costs' | 'auction';
	heading: string;
	text: string;
	cite: string;
}

/**
 * The law's terms of an impound made on `impoundedOn`, in pt-BR, each with its provision: the
 * deposit, the inspection at once (where the law has one), the release and its period to adapt,
 * the inspection before release (where the law has one), the costs, and from when an unclaimed
 * vehicle may go to auction. Only what the regime states; nothing for a term it lacks.
 */
export function impoundTermsView(rule: ImpoundRule, impoundedOn: LocalDate): ImpoundTermView[] {
	const pt = (t: Localized) => t['pt-BR'];
	const { auctionFrom } = impoundDates(impoundedOn, rule);
	const terms: ImpoundTermView[] = [
		{
			key: 'deposit',
			heading: 'Depósito',
			text: `O veículo é recolhido a ${pt(rule.deposit.place)}.`,
			cite: rule.deposit.cite
		}
	];
	if (rule.inspection)
		terms.push({
			key: 'inspection',
			heading: 'Vistoria na apreensão',
			text: pt(rule.inspection.text),
			cite: rule.inspection.cite
		});
	terms.push({
		key: 'release',
		heading: 'Condições para a devolução',
		text: `${pt(rule.release.text)} Prazo para a adequação: ${rule.release.adaptDays} dias, contados da assinatura do termo de compromisso.`,
		cite: rule.release.cite
	});
	if (rule.releaseInspection)
		terms.push({
			key: 'releaseInspection',
			heading: 'Vistoria para a liberação',
			text: pt(rule.releaseInspection.text),
			cite: rule.releaseInspection.cite
		});
	terms.push(
		{ key: 'costs', heading: 'Despesas', text: pt(rule.costs.text), cite: rule.costs.cite },
		{
			key: 'auction',
			heading: 'Hasta pública',
			text: `${pt(rule.auction.text)} O prazo é de ${rule.auction.months} ${rule.auction.months === 1 ? 'mês' : 'meses'} contados da apreensão: se não for reclamado, o veículo pode ir a leilão a partir de ${auctionFrom.split('-').reverse().join('/')}.`,
			cite: rule.auction.cite
		}
	);
	return terms;
}

/** A preliminary notice as staff see it. */
export interface NoticeRow {
	number: string;
	prefixo: string;
	placa: string;
	provision: string;
	cite: string;
	lawId: string;
	issuedAt: string;
	issuedOn: string;
	deadline: string;
	place: string;
	observations: string;
	agentName: string;
	agentMatricula: string | null;
	status: NoticeStatus;
	closedAt: string | null;
	autoNumber: string | null;
}

/** An impound as staff (and, without the observations, the driver) see it. */
export interface ImpoundRow {
	number: string;
	prefixo: string | null;
	placa: string;
	provision: string;
	cite: string;
	lawId: string;
	impoundedAt: string;
	impoundedOn: string;
	place: string;
	deposit: string;
	observations: string;
	agentName: string;
	agentMatricula: string | null;
}
