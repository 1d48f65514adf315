/** A complaint's states and moves, and the deadlines that run on it (business days included). */
import { addDays, weekdayOf, type LocalDate } from './clock';
import type { HolidayCalendar } from './holidays';
import type { Procedure } from './profile';

export type ComplaintState =
	'recebida' | 'em_analise' | 'procedente' | 'improcedente' | 'duplicada' | 'arquivada';

export interface ComplaintStateInfo {
	type: 'open' | 'closed';
	/**
	 * Counted in public figures (never the rider's identity or words). The rider follows their own
	 * complaint in every state through its private token.
	 */
	public: boolean;
	/** States SEMAM may move it to; each move is audited with who, when and why. */
	next: readonly ComplaintState[];
}

/**
 * Complaint states. A closed complaint can be reopened for analysis: reconsideration of a
 * penalty (Art. 28 §1º), new evidence, a wrong duplicate or archive call.
 */
export const COMPLAINT_STATES = {
	recebida: { type: 'open', public: true, next: ['em_analise', 'duplicada', 'arquivada'] },
	em_analise: {
		type: 'open',
		public: true,
		next: ['procedente', 'improcedente', 'duplicada', 'arquivada']
	},
	// Founded: an auto de infração follows (Art. 26), with defense (Art. 27) and reconsideration.
	procedente: { type: 'closed', public: true, next: ['em_analise'] },
	improcedente: { type: 'closed', public: true, next: ['em_analise'] },
	// Counted once, through the complaint it repeats.
	duplicada: { type: 'closed', public: false, next: ['em_analise'] },
	// Spam, abuse, withdrawn or too vague to act on: never public (as FixMyStreet hides them).
	arquivada: { type: 'closed', public: false, next: ['em_analise'] }
} as const satisfies Record<ComplaintState, ComplaintStateInfo>;

export const COMPLAINT_STATE_IDS = Object.keys(COMPLAINT_STATES) as ComplaintState[];

/**
 * Whether SEMAM may move a complaint from one state to another.
 * @example canTransition('recebida', 'procedente') //=> false (it must be analysed first)
 */
export function canTransition(from: ComplaintState, to: ComplaintState): boolean {
	const next: readonly ComplaintState[] = COMPLAINT_STATES[from].next;
	return next.includes(to);
}

// Deadlines are counted on the municipality's calendar, excluding the first day and including the
// last (Código Civil, art. 132; Lei 9.784/1999, art. 66), as local dates: "until the end of".

/**
 * A business day: not a Saturday, a Sunday, a holiday, or a day the office is closed (a full-day
 * ponto facultativo such as Carnaval, or a day a decree closes it) — a deadline in business days
 * counts the days the office is open.
 */
export function isBusinessDay(date: LocalDate, calendar: HolidayCalendar): boolean {
	const year = Number(date.slice(0, 4));
	if (!calendar.covers(year)) throw new RangeError(`The calendar does not cover ${year}`);
	const weekday = weekdayOf(date);
	return (
		weekday !== 0 &&
		weekday !== 6 &&
		calendar.holidaysOn(date).length === 0 &&
		!calendar.closedOn?.(date)
	);
}

/**
 * The `n`th business day after `date`.
 * @example addBusinessDays('2026-12-23', 2, calendar) //=> '2026-12-28' (25 Dec, a weekend between)
 */
export function addBusinessDays(date: LocalDate, n: number, calendar: HolidayCalendar): LocalDate {
	let day = date;
	for (let left = n; left > 0;) {
		day = addDays(day, 1);
		if (isBusinessDay(day, calendar)) left--;
	}
	return day;
}

/**
 * SEMAM's answer to the rider: 30 days from receipt, extendable once, with reasons, by another 30
 * (Lei 13.460/2017, art. 16). Not moved to a business day: answering earlier is always possible.
 * @example answerDeadline('2026-12-02') //=> '2027-01-01'
 */
export function answerDeadline(receivedOn: LocalDate, extended = false): LocalDate {
	return addDays(receivedOn, extended ? 2 * ANSWER_DAYS : ANSWER_DAYS);
}

/** Days the office has to answer the rider, and again once extended (Lei 13.460/2017, art. 16). */
export const ANSWER_DAYS = 30;

/**
 * The infractor's defence: `procedure.defence.days` from the notice of the auto de infração, in
 * calendar or business days as the regime counts them. A last day with no office hours moves to
 * the next business day (Lei 9.784/1999, art. 66 §1º, applied to municipalities with no rule of
 * their own: STJ, Súmula 633).
 * @example defenseDeadline('2026-12-02', calendar, procedure) //=> '2026-12-17' (15 calendar days)
 */
export function defenseDeadline(
	notifiedOn: LocalDate,
	calendar: HolidayCalendar,
	procedure: Pick<Procedure, 'defence'>
): LocalDate {
	const { days, counting } = procedure.defence;
	if (counting === 'business') return addBusinessDays(notifiedOn, days, calendar);
	let day = addDays(notifiedOn, days);
	while (!isBusinessDay(day, calendar)) day = addDays(day, 1);
	return day;
}

/**
 * The review of a penalty (a reconsideration, an appeal): `procedure.review.days` from learning of
 * the decision, or null where the law leaves the period to the decision's notice.
 * @example reviewDeadline('2026-12-02', calendar, procedure) //=> '2026-12-09' (5 business days)
 */
export function reviewDeadline(
	knownOn: LocalDate,
	calendar: HolidayCalendar,
	procedure: Pick<Procedure, 'review'>
): LocalDate | null {
	const { days, counting } = procedure.review;
	if (days === null) return null;
	if (counting === 'business') return addBusinessDays(knownOn, days, calendar);
	let day = addDays(knownOn, days);
	while (!isBusinessDay(day, calendar)) day = addDays(day, 1);
	return day;
}
