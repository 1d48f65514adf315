/**
 * The steps of Art. 27–28 staff record on an auto (notice, penalty imposed, cancelled, final), each
 * checked against the law's deadlines.
 */
import { brDate } from '$lib/domain/br';
import type { LocalDate } from '$lib/domain/clock';
import { defenseDeadline } from '$lib/domain/complaint';
import { PENALTY_PT, type Penalty } from '$lib/domain/offenses';
import { cassationOnSuspension, suspensionDaysError } from '$lib/domain/points';
import {
	lateNotice,
	reviewDue,
	statedReviewDaysError,
	voidForNotice
} from '$lib/domain/auto-procedure';
import { inForceOn, type LawRef } from '$lib/domain/profile';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import type { AutoDecision } from '$lib/domain/triage';
import { profile } from '$lib/profile';
import { audit, type Db, writeTransaction } from '$lib/server/db';
import { currentRules } from '$lib/server/rules';
import { endCautelar } from '$lib/server/registry';
import {
	catalogFor,
	confirmedOffenses,
	paren,
	refuse,
	regimeOf,
	suspensionRange
} from './auto-law';
import { penaltyAtImposition } from './autos';
import type { AdminResult, Staff } from './complaint-admin';
import { localDate } from './triage';

/**
 * The steps of Art. 27–28 staff record on an auto, from which decision each may follow, and the
 * date each one asks for, by name.
 */
export const AUTO_STEPS = {
	// The defence runs from the notice.
	notificado: {
		from: ['pendente'],
		label: 'Infrator notificado',
		role: 'notice',
		date: 'Data da notificação do auto'
	},
	// The defence judged improcedente, or its days over with none → the penalty is imposed. The
	// date is the infractor's ciência of that decision: the review counts from it.
	imposta: {
		from: ['pendente'],
		label: 'Penalidade imposta',
		role: 'decision',
		date: 'Data da ciência da decisão pelo infrator'
	},
	// Defence accepted, or the review granted.
	cancelada: {
		from: ['pendente', 'imposta'],
		label: 'Auto cancelado (defesa ou revisão acolhida)',
		role: null,
		date: 'Data da decisão'
	},
	// The penalty kept on review, or the review's period over: final; counts for reincidence.
	definitiva: {
		from: ['imposta'],
		label: 'Decisão definitiva',
		role: 'finalDecision',
		date: 'Data em que a decisão se tornou definitiva'
	}
} as const satisfies Record<
	string,
	{ from: readonly AutoDecision[]; label: string; role: CiteRole | null; date: string }
>;

/** A step's label with the provision the regime cites for it (`Infrator notificado (Art. 27)`). */
export function stepLabel(step: AutoStep, regime: LawRef | null): string {
	const s = AUTO_STEPS[step];
	// The notice is the defence's start where the law has no notice provision of its own.
	const cite =
		s.role === 'notice'
			? (citeFor(regime, 'notice') ?? citeFor(regime, 'defence'))
			: s.role
				? citeFor(regime, s.role)
				: null;
	return cite ? `${s.label} (${cite})` : s.label;
}

/** Art. 28 caput: whether a defense was presented and judged, or none came in the 15 days. */
export type DefenseOutcome = 'improcedente' | 'sem_defesa';
/** Art. 28 §1º–§2º: whether reconsideration was asked and refused, or none came in 5 days. */
export type ReconsiderationOutcome = 'mantida' | 'sem_pedido';

export const isDefenseOutcome = (v: unknown): v is DefenseOutcome =>
	v === 'improcedente' || v === 'sem_defesa';
export const isReconsiderationOutcome = (v: unknown): v is ReconsiderationOutcome =>
	v === 'mantida' || v === 'sem_pedido';

export type AutoStep = keyof typeof AUTO_STEPS;

export function isAutoStep(value: unknown): value is AutoStep {
	return typeof value === 'string' && Object.hasOwn(AUTO_STEPS, value);
}

/** An auto's penalty (`multa+suspensao`) in staff's words. */
const penaltyWords = (penalty: string | null) =>
	penalty
		? penalty
				.split('+')
				.map((p) => PENALTY_PT[p as Penalty] ?? p)
				.join(' e ')
		: 'não fixada';

/** Records a step on an auto, dated `on` (the day it happened, not after `now`). */
export async function recordAutoStep(
	db: Db,
	staff: Staff,
	input: {
		number: string;
		/** The complaint the auto came from; null for an auto the office found (/admin/campo). */
		protocol: string | null;
		step: AutoStep;
		on: LocalDate;
		note: string | null;
		/** For `imposta`: how the defense ended (Art. 28 caput). */
		defense?: DefenseOutcome;
		/** For `definitiva`: how the reconsideration ended (Art. 28 §1º–§2º). */
		reconsideration?: ReconsiderationOutcome;
		/** For `imposta` of a suspension, where the law has the office fix its days. */
		suspensionDays?: number;
		/** For `imposta`, where the law leaves the review's period to the notice of the penalty. */
		appealDays?: number;
	},
	now: Date
): Promise<AdminResult> {
	if (input.on > localDate(now)) return refuse('data', 'A data não pode estar no futuro.');
	const { calendar } = (await currentRules(db)).holidays;
	return writeTransaction(db, async (trx): Promise<AdminResult> => {
		const found = await trx
			.selectFrom('auto_infracao')
			.leftJoin('complaint', 'complaint.id', 'auto_infracao.complaint_id')
			.select([
				'auto_infracao.id',
				'auto_infracao.decision',
				'auto_infracao.notified_on',
				'auto_infracao.issued_at',
				'auto_infracao.decided_on',
				'auto_infracao.penalty',
				'auto_infracao.penalty_cite',
				'auto_infracao.penalty_detail',
				'auto_infracao.prefixo',
				'auto_infracao.provision',
				'auto_infracao.complaint_id',
				'auto_infracao.record_of',
				'auto_infracao.appeal_days',
				'complaint.occurred_at',
				'auto_infracao.occurred_at as found_at'
			])
			.where('auto_infracao.number', '=', input.number)
			// The form of one complaint's page acts on that complaint's autos only; an office-found
			// auto's page on office-found autos only.
			.where((eb) =>
				input.protocol === null
					? eb('auto_infracao.complaint_id', 'is', null)
					: eb('complaint.protocol', '=', input.protocol)
			)
			.executeTakeFirst();
		const occurredAt = found?.occurred_at ?? found?.found_at;
		const row = found && occurredAt ? { ...found, occurred_at: occurredAt } : null;
		if (!row) return refuse('auto', 'Auto não encontrado.', 404);
		const decision = row.decision as AutoDecision;
		const step = AUTO_STEPS[input.step];
		const allowed: readonly AutoDecision[] = step.from;
		if (!allowed.includes(decision) || (input.step === 'notificado' && row.notified_on))
			return refuse('etapa', `Não cabe agora: o auto está "${decision}".`, 409);
		// The notice within the law's limit of the conduct, or the auto is void: no step but its
		// cancellation, and never a late notice.
		const conductDay = localDate(row.occurred_at);
		const noticeProcedure = inForceOn(conductDay, profile.procedures);
		const noticeCite = citeFor(regimeOf(conductDay), 'notice');
		if (input.step === 'notificado') {
			const late = lateNotice(conductDay, input.on, noticeProcedure, noticeCite);
			if (late) return refuse('data', late, 409);
		}
		if (
			input.step !== 'cancelada' &&
			voidForNotice({ conductDay, notifiedOn: row.notified_on }, localDate(now), noticeProcedure) &&
			row.notified_on
		)
			return refuse(
				'etapa',
				lateNotice(conductDay, row.notified_on, noticeProcedure, noticeCite) ??
					'O auto é nulo: a notificação veio fora do prazo.',
				409
			);
		if (input.step === 'imposta' && !row.notified_on)
			return refuse('etapa', 'Registre antes a notificação: a defesa corre dela.', 409);
		if (input.step === 'imposta' && row.notified_on) {
			// Art. 28 caput: imposed only once the defense is judged, or its 15 days ran out.
			if (!input.defense)
				return refuse(
					'defesa',
					'Diga se a defesa foi julgada improcedente ou não foi apresentada.'
				);
			const procedure = inForceOn(row.notified_on, profile.procedures);
			const due = procedure ? defenseDeadline(row.notified_on, calendar, procedure) : null;
			if (due && input.defense === 'sem_defesa' && input.on <= due)
				return refuse(
					'data',
					`O prazo de defesa (${procedure?.defence.days} dias${paren(citeFor(regimeOf(row.notified_on), 'defence'), ', ')}) vai até ${brDate(due)}: sem defesa, a penalidade ` +
						'só é imposta depois dele, e a ciência da decisão vem depois disso.',
					409
				);
		}
		// Where the law leaves the review's period to the notice of the penalty: the days it
		// stated, recorded now, so that "not appealed" waits for them.
		const imposedUnder = input.step === 'imposta' ? inForceOn(input.on, profile.procedures) : null;
		const appealError =
			input.step === 'imposta' ? statedReviewDaysError(imposedUnder, input.appealDays) : null;
		if (appealError) return refuse('prazo_recurso', appealError);
		if (input.step === 'definitiva' && row.decided_on) {
			// Final once the penalty is kept on review, or the review's period from the ciência ran
			// out with no request.
			if (!input.reconsideration)
				return refuse(
					'reconsideracao',
					'Diga se a revisão foi indeferida ou não foi pedida no prazo.'
				);
			const procedure = inForceOn(row.decided_on, profile.procedures);
			const due = procedure
				? reviewDue(row.decided_on, calendar, procedure, row.appeal_days)
				: null;
			if (procedure && !due && input.reconsideration === 'sem_pedido')
				return refuse(
					'reconsideracao',
					'O prazo de recurso indicado na notificação da penalidade não foi registrado: sem ele, não se sabe se já correu.',
					409
				);
			if (due && input.reconsideration === 'sem_pedido' && input.on <= due)
				return refuse(
					'data',
					`A revisão pode ser pedida até ${brDate(due)} (${procedure?.review.days ?? row.appeal_days} ` +
						`${procedure?.review.counting === 'business' ? 'dias úteis' : 'dias'} da ciência` +
						`${paren(citeFor(regimeOf(row.decided_on), 'review'), ', ')}): a decisão só se torna definitiva depois.`,
					409
				);
		}
		// The penalty is computed at imposition, not frozen when the auto was drafted: over the
		// vehicle's history final by the imposition's day (another auto may have become final since).
		const imposed = input.step === 'imposta' ? await penaltyAtImposition(trx, row, input.on) : null;
		let penalty = imposed ? imposed.penalty : row.penalty;
		let penaltyCite = imposed ? imposed.escalation.cite : row.penalty_cite;
		let penaltyDetail = imposed ? imposed.escalation.detail : row.penalty_detail;
		// A suspension the law has the office fix in days: imposed with its days, within the law's.
		const range = suspensionRange(penalty, conductDay);
		const daysError =
			input.step === 'imposta' && range ? suspensionDaysError(input.suspensionDays, range) : null;
		if (daysError)
			return refuse(
				'dias',
				penalty !== row.penalty
					? `Na imposição a penalidade é ${penaltyWords(penalty)} (o histórico do veículo mudou desde o auto). ${daysError}`
					: daysError
			);
		// Fixing a suspension's days decides what the law makes of their sum in its window.
		const catalog = catalogFor(conductDay);
		const cassation =
			input.step === 'imposta' &&
			range &&
			input.suspensionDays !== undefined &&
			catalog.system?.kind === 'points'
				? cassationOnSuspension(
						await confirmedOffenses(trx, row.prefixo, row.complaint_id ?? undefined, row.record_of),
						input.suspensionDays,
						input.on,
						catalog.system
					)
				: null;
		if (cassation && penalty && !penalty.split('+').includes(cassation.penalty)) {
			penalty = `${penalty}+${cassation.penalty}`;
			penaltyCite = cassation.cite;
			penaltyDetail = `${penaltyDetail} Ao fixar ${input.suspensionDays} dias de suspensão: ${cassation.detail}`;
		}
		const floor = row.decided_on ?? row.notified_on ?? localDate(row.issued_at);
		if (input.on < floor) return refuse('data', 'A data é anterior à etapa anterior do auto.');
		const set =
			input.step === 'notificado'
				? { notified_on: input.on }
				: input.step === 'definitiva'
					? { decision: 'definitiva' as const, confirmed_on: input.on }
					: {
							decision: input.step,
							decided_on: input.on,
							...(input.step === 'imposta'
								? {
										penalty,
										penalty_cite: penaltyCite,
										penalty_detail: penaltyDetail,
										...(range ? { suspension_days: input.suspensionDays } : {})
									}
								: {}),
							...(input.step === 'imposta' &&
							input.appealDays !== undefined &&
							imposedUnder?.review.days === null
								? { appeal_days: input.appealDays }
								: {})
						};
		await trx.updateTable('auto_infracao').set(set).where('id', '=', row.id).execute();
		// The decision (or finality, as the law says) ends a cautelar suspension the auto brought.
		await endCautelar(trx, staff, input.number, input.step, input.on, now);
		await audit(
			trx,
			{
				staff,
				action: `auto.${input.step}`,
				entity: 'auto_infracao',
				entityId: input.number,
				before: { decision, notifiedOn: row.notified_on },
				after: set,
				note: input.note
			},
			now
		);
		return { ok: true };
	});
}
