/**
 * The procedure's own limits on an auto, as each law states them: the last day its notice may go
 * (a late one voids the auto where the law says so), and the review's period where the law leaves
 * it to the notice of the penalty (recorded when the penalty is imposed). Citations come from the
 * regime's roles `notice` and `review`; words and numbers from the procedure's data.
 */
import { brDate } from './br';
import { addDays, type LocalDate } from './clock';
import { reviewDeadline } from './complaint-states';
import type { HolidayCalendar } from './holidays';
import { inForceOn, type Procedure } from './profile';

/**
 * The last day the notice of the auto may go: `notice.days` from the conduct's day; null where the
 * law sets no limit.
 * @example noticeDeadline('2026-11-02', feira) //=> '2026-12-02' (30 days)
 */
export function noticeDeadline(
	conductDay: LocalDate,
	procedure: Pick<Procedure, 'notice'> | null
): LocalDate | null {
	return procedure?.notice ? addDays(conductDay, procedure.notice.days) : null;
}

/**
 * Why a notice dated `on` cannot be recorded — past the law's limit, which voids the auto — or
 * null when it can.
 */
export function lateNotice(
	conductDay: LocalDate,
	on: LocalDate,
	procedure: Pick<Procedure, 'notice'> | null,
	cite: string | null
): string | null {
	const due = noticeDeadline(conductDay, procedure);
	if (!due || on <= due || !procedure?.notice) return null;
	const where = cite ? `, ${cite}` : '';
	return (
		`A notificação tinha de ser expedida até ${brDate(due)} (${procedure.notice.days} dias da ` +
		`infração${where})` +
		(procedure.notice.voids
			? ': depois disso o auto é nulo e não pode ser notificado nem contar para reincidência ou pontos.'
			: '.')
	);
}

/**
 * Whether the auto is void for want of a notice in time: notified after the limit, or not notified
 * and the limit past on `today` — only where the law voids it.
 */
export function voidForNotice(
	a: { conductDay: LocalDate; notifiedOn: LocalDate | null },
	today: LocalDate,
	procedure: Pick<Procedure, 'notice'> | null
): boolean {
	const due = noticeDeadline(a.conductDay, procedure);
	if (!due || !procedure?.notice?.voids) return false;
	return a.notifiedOn ? a.notifiedOn > due : today > due;
}

/** Whether the law leaves the review's period to the notice of the penalty (to be recorded). */
export const reviewSetAtImposition = (procedure: Pick<Procedure, 'review'> | null): boolean =>
	procedure !== null && procedure.review.days === null;

/** The most days a notice of penalty may state, a guard against a typo (a year and more). */
export const MAX_STATED_DAYS = 365;

/**
 * Why the review's days typed at imposition are refused, or null: asked only where the law leaves
 * them to the notice of the penalty, then required, a whole number of days.
 */
export function statedReviewDaysError(
	procedure: Pick<Procedure, 'review'> | null,
	days: number | undefined
): string | null {
	if (!reviewSetAtImposition(procedure)) return null;
	if (days === undefined)
		return 'Informe o prazo de recurso indicado na notificação da penalidade.';
	if (!Number.isInteger(days) || days < 1 || days > MAX_STATED_DAYS)
		return `O prazo de recurso é um número inteiro de dias, de 1 a ${MAX_STATED_DAYS}.`;
	return null;
}

/**
 * The review's last day: the law's days where it states them, else the days the notice of the
 * penalty stated (`statedDays`, recorded at imposition), counted as the law counts; null when
 * neither is known.
 */
export function reviewDue(
	knownOn: LocalDate,
	calendar: HolidayCalendar,
	procedure: Pick<Procedure, 'review'>,
	statedDays: number | null
): LocalDate | null {
	if (procedure.review.days !== null) return reviewDeadline(knownOn, calendar, procedure);
	if (statedDays === null) return null;
	return reviewDeadline(knownOn, calendar, {
		review: { ...procedure.review, days: statedDays }
	});
}

/**
 * The autos that count, for repeats and points: those not void for a late notice under the
 * procedure in force on their conduct's day (`conductDay` of each).
 */
export function countingAutos<T extends { conductDay: LocalDate; notifiedOn: LocalDate | null }>(
	autos: readonly T[],
	procedures: readonly Procedure[]
): T[] {
	// A counting auto was notified: whether late is all that matters, not today.
	return autos.filter(
		(a) => !voidForNotice(a, a.notifiedOn ?? a.conductDay, inForceOn(a.conductDay, procedures))
	);
}
