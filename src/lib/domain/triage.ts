/**
 * SEMAM's triage queue, as pure data: the filters a GET form sends (pt-BR parameter names), the
 * deadlines that run on a complaint and on its auto de infração, and which of them are overdue.
 *
 * Deadlines are the ones of src/lib/domain/complaint.ts — this module only says, for a given day,
 * how far each is and whether it has passed.
 */
import { addDays, parseLocalDate, type LocalDate } from './clock';
import { citeOf } from './offenses';
import {
	answerDeadline,
	COMPLAINT_STATE_IDS,
	COMPLAINT_STATES,
	defenseDeadline,
	type ComplaintState
} from './complaint';
import { reviewDue as reviewDueOf } from './auto-procedure';
import type { HolidayCalendar } from './holidays';
import { inForceOn, type Procedure } from './profile';
import { parseVehicleCode, type VehicleCode } from './plate';
import { brDate } from './br';

export const STATE_LABEL: Readonly<Record<ComplaintState, string>> = {
	recebida: 'Recebida',
	em_analise: 'Em análise',
	procedente: 'Procedente',
	improcedente: 'Improcedente',
	duplicada: 'Duplicada',
	arquivada: 'Arquivada'
};

export function isComplaintState(value: unknown): value is ComplaintState {
	return typeof value === 'string' && (COMPLAINT_STATE_IDS as string[]).includes(value);
}

/** `abertas`: every open state (`recebida`, `em_analise`). */
export type StatusFilter = ComplaintState | 'abertas';

export interface QueueFilter {
	status: StatusFilter | null;
	/** Received on or after / on or before, by the municipality's calendar. */
	from: LocalDate | null;
	to: LocalDate | null;
	vehicle: VehicleCode | null;
	/** An article (`art21`) or one provision (`art21-XVII`). */
	article: string | null;
	/** Open and past the answer deadline. */
	overdue: boolean;
	/** Free text: protocol, description, place, vehicle description. */
	text: string | null;
	/** 1-based. */
	page: number;
}

export const EMPTY_FILTER: QueueFilter = {
	status: null,
	from: null,
	to: null,
	vehicle: null,
	article: null,
	overdue: false,
	text: null,
	page: 1
};

export const PAGE_SIZE = 25;

const ARTICLE = /^art\d{1,2}(?:-(?:[IVXLC]{1,7}|pu|p\d))?$/;

export interface FilterParse {
	filter: QueueFilter;
	/** pt-BR messages by parameter; the filter leaves a bad parameter out. */
	errors: Record<string, string>;
}

/** The dates a queue filter may name: from the law's year (Lei 2.059/2011) to 2100. */
export const FILTER_DATES = {
	from: '2011-01-01',
	to: '2100-12-31',
	message: 'Use uma data entre 01/01/2011 e 31/12/2100.'
} as const;

/**
 * The queue's filters from the GET form. A bad value is reported and ignored, never a 500.
 * @example parseQueueFilter(new URLSearchParams('status=abertas&veiculo=MT-7&atrasadas=1')).filter
 * //=> { status: 'abertas', vehicle: { kind: 'prefixo', prefixo: '7' }, overdue: true, … }
 */
export function parseQueueFilter(params: URLSearchParams): FilterParse {
	const errors: Record<string, string> = {};
	const get = (name: string) => params.get(name)?.trim() || null;
	const filter: QueueFilter = { ...EMPTY_FILTER };

	const status = get('status');
	if (status === 'abertas' || isComplaintState(status)) filter.status = status;
	else if (status) errors['status'] = 'Situação desconhecida.';

	for (const [name, key] of [
		['de', 'from'],
		['ate', 'to']
	] as const) {
		const date = get(name);
		if (date && parseLocalDate(date)) {
			// A year like 9999 parses, but one day more is no date a database or Intl can hold.
			if (date >= FILTER_DATES.from && date <= FILTER_DATES.to) filter[key] = date;
			else errors[name] = FILTER_DATES.message;
		} else if (date) errors[name] = 'Use uma data válida (dd/mm/aaaa).';
	}
	if (filter.from && filter.to && filter.from > filter.to)
		errors['ate'] = 'A data final é anterior à inicial.';

	const vehicle = get('veiculo');
	if (vehicle) {
		filter.vehicle = parseVehicleCode(vehicle);
		if (!filter.vehicle) errors['veiculo'] = 'Digite um prefixo (ex.: 007) ou uma placa.';
	}

	const article = get('artigo');
	if (article && ARTICLE.test(article)) filter.article = article;
	else if (article) errors['artigo'] = 'Artigo inválido.';

	filter.overdue = get('atrasadas') === '1';
	filter.text = get('busca')?.slice(0, 100) ?? null;

	const page = Number(get('pagina') ?? '1');
	filter.page = Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
	return { filter, errors };
}

/**
 * The filter back as query parameters (for links: pagination, CSV export), page left out.
 * @example filterParams({ ...EMPTY_FILTER, overdue: true }).toString() //=> 'atrasadas=1'
 */
export function filterParams(filter: QueueFilter): URLSearchParams {
	const params = new URLSearchParams();
	if (filter.status) params.set('status', filter.status);
	if (filter.from) params.set('de', filter.from);
	if (filter.to) params.set('ate', filter.to);
	if (filter.vehicle)
		params.set(
			'veiculo',
			filter.vehicle.kind === 'prefixo' ? filter.vehicle.prefixo : filter.vehicle.placa
		);
	if (filter.article) params.set('artigo', filter.article);
	if (filter.overdue) params.set('atrasadas', '1');
	if (filter.text) params.set('busca', filter.text);
	return params;
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
	const at = (date: LocalDate) => {
		const p = parseLocalDate(date);
		if (!p) throw new RangeError(`Invalid local date: ${date}`);
		return Date.UTC(p.year, p.month - 1, p.day);
	};
	return Math.round((at(b) - at(a)) / 86_400_000);
}

export interface Deadline {
	/** Last day ("até o fim de"). */
	due: LocalDate;
	/** Days from today to `due`: 0 on the last day, negative once past. */
	daysLeft: number;
	overdue: boolean;
}

function deadline(due: LocalDate, today: LocalDate): Deadline {
	const daysLeft = daysBetween(today, due);
	return { due, daysLeft, overdue: daysLeft < 0 };
}

export interface AnswerInput {
	status: ComplaintState;
	receivedOn: LocalDate;
	extended: boolean;
}

/**
 * The answer to the rider (Lei 13.460/2017, art. 16): null once the complaint is closed.
 * @example answerDue({ status: 'recebida', receivedOn: '2026-11-01', extended: false }, '2026-12-02')
 * //=> { due: '2026-12-01', daysLeft: -1, overdue: true }
 */
export function answerDue(c: AnswerInput, today: LocalDate): Deadline | null {
	if (COMPLAINT_STATES[c.status].type === 'closed') return null;
	return deadline(answerDeadline(c.receivedOn, c.extended), today);
}

/**
 * The last day of receipt still in time on `today`: a complaint received before it is overdue.
 * What the queue's "atrasadas" filter asks the database.
 * @example overdueBefore('2026-12-02', false) //=> '2026-11-02' (received 1 Nov: due 1 Dec)
 */
export function overdueBefore(today: LocalDate, extended: boolean): LocalDate {
	return addDays(today, extended ? -60 : -30);
}

export type AutoDecision = 'pendente' | 'imposta' | 'cancelada' | 'definitiva';

export interface AutoDeadlineInput {
	notifiedOn: LocalDate | null;
	decision: AutoDecision;
	decidedOn: LocalDate | null;
	/** The review's days the notice of the penalty stated, where the law leaves them to it. */
	appealDays?: number | null;
}

export interface AutoDeadlines {
	/** Art. 27: defense, 15 days from the notice; null until notified. */
	defense: Deadline | null;
	/** Art. 28 §1º: reconsideration, 5 business days from knowing the decision. */
	reconsideration: Deadline | null;
	/** Pending on SEMAM: the defense window ended with no decision (Art. 28 caput). */
	decisionDue: boolean;
}

/**
 * Where an auto stands on `today`.
 * @example autoDeadlines({ notifiedOn: '2026-12-02', decision: 'pendente', decidedOn: null }, '2026-12-18', cal)
 * //=> { defense: { due: '2026-12-17', daysLeft: -1, overdue: true }, reconsideration: null, decisionDue: true }
 */
export function autoDeadlines(
	a: AutoDeadlineInput,
	today: LocalDate,
	calendar: HolidayCalendar,
	procedures: readonly Procedure[]
): AutoDeadlines {
	// Each deadline by the procedure in force on the day it starts to run; none without one.
	const defenceProcedure = a.notifiedOn ? inForceOn(a.notifiedOn, procedures) : null;
	const defense =
		a.notifiedOn && defenceProcedure
			? deadline(defenseDeadline(a.notifiedOn, calendar, defenceProcedure), today)
			: null;
	const reviewProcedure = a.decidedOn ? inForceOn(a.decidedOn, procedures) : null;
	const reviewDue =
		a.decision === 'imposta' && a.decidedOn && reviewProcedure
			? reviewDueOf(a.decidedOn, calendar, reviewProcedure, a.appealDays ?? null)
			: null;
	const reconsideration = reviewDue ? deadline(reviewDue, today) : null;
	return {
		defense,
		reconsideration,
		decisionDue: a.decision === 'pendente' && defense !== null && defense.overdue
	};
}

/**
 * A deadline in words, for the queue and the detail (not by colour alone).
 * @example deadlineText({ due: '2026-12-01', daysLeft: -1, overdue: true }) //=> 'Atrasado 1 dia (01/12/2026)'
 */
export function deadlineText(d: Deadline): string {
	const date = brDate(d.due);
	const days = (n: number) => `${n} ${n === 1 ? 'dia' : 'dias'}`;
	if (d.overdue) return `Atrasado ${days(-d.daysLeft)} (${date})`;
	if (d.daysLeft === 0) return `Vence hoje (${date})`;
	return `${days(d.daysLeft)} (até ${date})`;
}

/**
 * The provisions staff filter by: each article with a penalty (`whole`, from the catalogs), then
 * each provision a situation names, in the law's order.
 */
export function articleOptions(
	provisions: readonly string[],
	wholeArticles: readonly string[]
): { id: string; cite: string }[] {
	const whole = [...new Set(wholeArticles)].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
	const seen = [...new Set(provisions)].filter((p) => !whole.includes(p));
	const key = (id: string) => {
		const [article = '', part = ''] = id.slice(3).split('-');
		return [Number(article), romanOrder(part)] as const;
	};
	seen.sort((a, b) => {
		const [x, xi] = key(a);
		const [y, yi] = key(b);
		return x - y || xi - yi;
	});
	return [...whole, ...seen].map((id) => ({ id, cite: citeOf(id) }));
}

function romanOrder(part: string): number {
	const value: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
	let total = 0;
	for (let i = 0; i < part.length; i++) {
		const v = value[part.charAt(i)] ?? 0;
		const next = value[part.charAt(i + 1)] ?? 0;
		total += v < next ? -v : v;
	}
	return total;
}
