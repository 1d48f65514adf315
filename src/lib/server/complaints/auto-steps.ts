/**
 * The steps of Art. 27–28 staff record on an auto (notice, penalty imposed, cancelled, final), each
 * checked against the law's deadlines.
 */
import { brDate } from '$lib/domain/br';
import type { LocalDate } from '$lib/domain/clock';
import { defenseDeadline, reviewDeadline } from '$lib/domain/complaint';
import { suspensionDaysError } from '$lib/domain/points';
import { inForceOn, type LawRef } from '$lib/domain/profile';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import type { AutoDecision } from '$lib/domain/triage';
import { profile } from '$lib/profile';
import { audit, type Db, writeTransaction } from '$lib/server/db';
import { currentRules } from '$lib/server/rules';
import { paren, refuse, regimeOf, suspensionRange } from './auto-law';
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
		if (input.step === 'definitiva' && row.decided_on) {
			// Final once the penalty is kept on review, or the review's period from the ciência ran
			// out with no request.
			if (!input.reconsideration)
				return refuse(
					'reconsideracao',
					'Diga se a revisão foi indeferida ou não foi pedida no prazo.'
				);
			const procedure = inForceOn(row.decided_on, profile.procedures);
			const due = procedure ? reviewDeadline(row.decided_on, calendar, procedure) : null;
			if (due && input.reconsideration === 'sem_pedido' && input.on <= due)
				return refuse(
					'data',
					`A revisão pode ser pedida até ${brDate(due)} (${procedure?.review.days} ` +
						`${procedure?.review.counting === 'business' ? 'dias úteis' : 'dias'} da ciência` +
						`${paren(citeFor(regimeOf(row.decided_on), 'review'), ', ')}): a decisão só se torna definitiva depois.`,
					409
				);
		}
		// A suspension the law has the office fix in days: imposed with its days, within the law's.
		const range = suspensionRange(row.penalty, localDate(row.occurred_at));
		const daysError =
			input.step === 'imposta' && range ? suspensionDaysError(input.suspensionDays, range) : null;
		if (daysError) return refuse('dias', daysError);
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
							...(input.step === 'imposta' && range
								? { suspension_days: input.suspensionDays }
								: {})
						};
		await trx.updateTable('auto_infracao').set(set).where('id', '=', row.id).execute();
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
