/**
 * Autos de infração (Art. 26) drafted from founded complaints, their notice (Art. 27), decision
 * (Art. 28) and finality (§2º), and the per-vehicle record: complaints, autos, penalties, and the
 * escalation the law prescribes from confirmed offenses (Art. 21 I, 22 I, 23, 25 I).
 *
 * The penalty is never typed in: it is `escalate()` over the vehicle's confirmed offenses in the
 * reincidence window of the catalog in force (`reincidenceWindowMonths`: the law is silent).
 */
import { catalogAt, situationsAt } from '$lib/profile/offenses';
import { zonedInstant, type LocalDate } from '$lib/domain/clock';
import type { HolidayCalendar } from '$lib/domain/holidays';
import {
	citeOf,
	conductLeft,
	escalate,
	type ConfirmedOffense,
	type Escalation,
	type OffenseCatalog,
	type Penalty
} from '$lib/domain/offenses';
import { brDate } from '$lib/domain/br';
import { suspensionDaysError, suspensionRangeOf } from '$lib/domain/points';
import { inForceOn, type LawRef } from '$lib/domain/profile';
import { defenseDeadline, reviewDeadline } from '$lib/domain/complaint';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import { autoDeadlines, type AutoDeadlines, type AutoDecision } from '$lib/domain/triage';
import { profile } from '$lib/profile';
import { audit, type Db, type AutoInfracaoTable, writeTransaction } from '$lib/server/db';
import { currentRules } from '$lib/server/rules';
import type { AdminResult, Staff } from './complaint-admin';
import { currentRegistry } from '$lib/server/registry';
import { localDate, parseOffenses } from './triage';

export const AUTO_NUMBER = /^AI-(\d{4})-(\d{6,9})$/;

/** The regime in force on a day of the municipality's calendar. */
export const regimeOf = (day: LocalDate): LawRef | null =>
	inForceOn(day, profile.laws) ?? profile.laws[0] ?? null;

/** ` (Art. 27)`, or `, Art. 27` with another opening; nothing without a citation. */
const paren = (cite: string | null, open = ' (') =>
	cite ? (open === ' (' ? ` (${cite})` : `${open}${cite}`) : '';

/** The catalog in force on a day (its reincidence window too). */
export const catalogFor = (day: LocalDate): OffenseCatalog =>
	catalogAt(zonedInstant(day, 12 * 60, profile.timeZone));

/**
 * The provision id of a penalty's citation: 'Art. 21, I' → 'art21-I', 'Art. 5º, III' → 'art5-III'
 * (null for anything else).
 */
export function basisOfCite(cite: string): string | null {
	const m = /^Art\. (\d+)º?(?:, ([IVXLC]+))?$/.exec(cite);
	return m ? `art${m[1]}${m[2] ? `-${m[2]}` : ''}` : null;
}

/**
 * The offenses SEMAM confirmed for a vehicle (decision final, Art. 28 §2º), with the provision
 * whose penalty was applied (a fine under Art. 21, I makes an Art. 21 conduct, Art. 22, I).
 * `exceptComplaint`: leave out the autos of one complaint — one conduct is one offence, and it
 * cannot be its own repeat.
 */
export async function confirmedOffenses(
	db: Db,
	prefixo: string,
	exceptComplaint?: number
): Promise<ConfirmedOffense[]> {
	let query = db
		.selectFrom('auto_infracao')
		.select([
			'provision',
			'confirmed_on',
			'penalty',
			'penalty_cite',
			'complaint_id',
			'suspension_days'
		])
		.where('prefixo', '=', prefixo)
		.where('decision', '=', 'definitiva')
		.where('confirmed_on', 'is not', null);
	if (exceptComplaint !== undefined) query = query.where('complaint_id', '!=', exceptComplaint);
	const rows = await query.execute();
	return rows.map((r) => {
		const penaltyBasis = r.penalty_cite ? basisOfCite(r.penalty_cite) : null;
		const penalties = r.penalty ? (r.penalty.split('+') as Penalty[]) : [];
		return {
			article: r.provision,
			confirmedAt: r.confirmed_on ?? '',
			...(penaltyBasis ? { penaltyBasis } : {}),
			...(penalties.length ? { penalties } : {}),
			...(r.suspension_days ? { suspensionDays: r.suspension_days } : {})
		};
	});
}

/**
 * The penalty the law gives `provision` for a conduct of this vehicle on `conductDay` — the day
 * the complaint says it happened, not the day the auto is drawn up: reincidence is a new conduct
 * after the earlier penalty became final (Art. 21 I, 22 I, 25 I). The complaint's own autos are
 * left out (one conduct cannot be its own repeat).
 * @example (await penaltyFor(db, '7', 'art20-VII', '2026-12-02')).cite //=> 'Art. 21, I' (a prior Art. 20)
 */
export async function penaltyFor(
	db: Db,
	prefixo: string,
	provision: string,
	conductDay: LocalDate,
	complaintId?: number
): Promise<Escalation> {
	const catalog = catalogFor(conductDay);
	const history = await confirmedOffenses(db, prefixo, complaintId);
	return escalate(history, provision, conductDay, catalog.reincidenceWindowMonths, catalog);
}

export interface Auto {
	number: string;
	protocol: string;
	prefixo: string;
	placa: string | null;
	provision: string;
	cite: string;
	penalty: string | null;
	penaltyCite: string;
	penaltyDetail: string;
	agentName: string;
	issuedAt: string;
	notifiedOn: LocalDate | null;
	decision: AutoDecision;
	decidedOn: LocalDate | null;
	confirmedOn: LocalDate | null;
	/** The days of the suspension imposed, where the office fixed them. */
	suspensionDays: number | null;
	/** The days a suspension of this auto may last, where the law has the office fix them. */
	suspension: { min: number; max: number; cite: string } | null;
	deadlines: AutoDeadlines;
}

type AutoRow = Omit<AutoInfracaoTable, 'id' | 'decision'> & {
	decision: string;
	protocol: string;
	occurred_at: string;
};

function toAuto(row: AutoRow, today: LocalDate, calendar: HolidayCalendar): Auto {
	const decision = row.decision as AutoDecision;
	return {
		number: row.number,
		protocol: row.protocol,
		prefixo: row.prefixo,
		placa: row.placa,
		provision: row.provision,
		cite: citeOf(row.provision),
		penalty: row.penalty,
		penaltyCite: row.penalty_cite,
		penaltyDetail: row.penalty_detail,
		agentName: row.agent_name,
		issuedAt: row.issued_at,
		notifiedOn: row.notified_on,
		decision,
		decidedOn: row.decided_on,
		confirmedOn: row.confirmed_on,
		suspensionDays: row.suspension_days,
		suspension: suspensionRange(row.penalty, localDate(row.occurred_at)),
		deadlines: autoDeadlines(
			{ notifiedOn: row.notified_on, decision, decidedOn: row.decided_on },
			today,
			calendar,
			profile.procedures
		)
	};
}

function autos(db: Db) {
	return db
		.selectFrom('auto_infracao')
		.innerJoin('complaint', 'complaint.id', 'auto_infracao.complaint_id')
		.selectAll('auto_infracao')
		.select(['complaint.protocol', 'complaint.occurred_at']);
}

export async function autosOfComplaint(db: Db, protocol: string, now: Date): Promise<Auto[]> {
	const rows = await autos(db).where('complaint.protocol', '=', protocol).orderBy('seq').execute();
	// Business days on the calendar in force now, decreed days included (Art. 28 §1º).
	const { calendar } = (await currentRules(db)).holidays;
	return rows.map((r) => toAuto(r, localDate(now), calendar));
}

export async function autoByNumber(db: Db, number: string, now: Date): Promise<Auto | null> {
	const row = await autos(db).where('auto_infracao.number', '=', number).executeTakeFirst();
	return row ? toAuto(row, localDate(now), (await currentRules(db)).holidays.calendar) : null;
}

const refuse = (field: string, message: string, status: 400 | 404 | 409 = 400) =>
	({ ok: false, status, field, message }) as const;

/**
 * Drafts the auto for one provision of a `procedente` complaint whose vehicle the registry
 * identifies (Art. 26, IV), with the penalty from the vehicle's history and the agent's name.
 */
export async function issueAuto(
	db: Db,
	staff: Staff & { name: string },
	input: { protocol: string; provision: string },
	now: Date
): Promise<AdminResult | { ok: true; number: string }> {
	const today = localDate(now);
	const complaint = await db
		.selectFrom('complaint')
		.select([
			'id',
			'status',
			'vehicle_prefixo',
			'offenses',
			'occurred_at',
			'situations',
			'created_at'
		])
		.where('protocol', '=', input.protocol)
		.executeTakeFirst();
	if (!complaint) return refuse('protocolo', 'Reclamação não encontrada.', 404);
	if (complaint.status !== 'procedente')
		return refuse('dispositivo', 'Só se lavra auto de reclamação procedente.', 409);
	const prefixo = complaint.vehicle_prefixo;
	if (!prefixo)
		return refuse(
			'dispositivo',
			`O veículo não foi identificado no cadastro: sem identificação e placa não há auto${paren(citeFor(regimeOf(localDate(complaint.occurred_at)), 'autoVehicle'))}.`,
			409
		);
	if (!parseOffenses(complaint.offenses).some((o) => o.article === input.provision))
		return refuse('dispositivo', 'Escolha um dos dispositivos da reclamação.');
	const escalation = await penaltyFor(
		db,
		prefixo,
		input.provision,
		localDate(complaint.occurred_at),
		complaint.id
	);
	// One conduct, one offence: the situations the rider reported, each with its provisions.
	// Read by the catalog in force on the conduct's day, as the penalty is.
	const situations = situationsAt(
		JSON.parse(complaint.situations) as string[],
		new Date(complaint.occurred_at)
	);
	const placa =
		(await currentRegistry(db))?.entries.find((e) => e.prefixo === prefixo)?.placa ?? null;
	const year = Number(today.slice(0, 4));

	return writeTransaction(db, async (trx) => {
		const others = await trx
			.selectFrom('auto_infracao')
			.select(['number', 'provision'])
			.where('complaint_id', '=', complaint.id)
			.where('decision', '!=', 'cancelada')
			.execute();
		// One conduct, one offence, decided per reported situation: whatever order the provisions
		// are picked in, each situation gets at most one auto.
		if (
			!conductLeft(
				situations,
				others.map((o) => o.provision),
				input.provision
			)
		) {
			const same = others.find((o) => o.provision === input.provision);
			return refuse(
				'dispositivo',
				same
					? `Já existe o auto ${same.number} para este dispositivo.`
					: `${citeOf(input.provision)} é a mesma conduta de um auto já lavrado (${others
							.map((o) => `${o.number}, ${citeOf(o.provision)}`)
							.join('; ')}): uma conduta, uma infração.`,
				409
			);
		}
		const { last: seq } = await trx
			.insertInto('auto_sequence')
			.values({ year, last: 1 })
			.onConflict((oc) =>
				oc.column('year').doUpdateSet({ last: (eb) => eb('auto_sequence.last', '+', 1) })
			)
			.returning('last')
			.executeTakeFirstOrThrow();
		const number = `AI-${year}-${String(seq).padStart(6, '0')}`;
		await trx
			.insertInto('auto_infracao')
			.values({
				number,
				year,
				seq,
				complaint_id: complaint.id,
				prefixo,
				placa,
				provision: input.provision,
				// Every penalty applied (a points register counts each): `multa+apreensao`.
				penalty:
					escalation.penalties.length > 1 ? escalation.penalties.join('+') : escalation.penalty,
				penalty_cite: escalation.cite,
				penalty_detail: escalation.detail,
				agent_staff_id: staff.id,
				agent_name: staff.name,
				issued_at: now.toISOString(),
				notified_on: null,
				decided_on: null,
				confirmed_on: null,
				suspension_days: null
			})
			.execute();
		await audit(
			trx,
			{
				staff,
				action: 'auto.issue',
				entity: 'auto_infracao',
				entityId: number,
				after: {
					protocol: input.protocol,
					prefixo,
					provision: input.provision,
					penalty: escalation.penalty,
					cite: escalation.cite
				}
			},
			now
		);
		return { ok: true as const, number };
	});
}

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

/**
 * How many days a suspension may last, when `penalty` (an auto's, `multa+suspensao`) has one and
 * the catalog in force on the conduct's day has the office fix its days; else null.
 */
export function suspensionRange(
	penalty: string | null,
	conductDay: LocalDate
): { min: number; max: number; cite: string } | null {
	const penalties = (penalty?.split('+') ?? []) as Penalty[];
	return suspensionRangeOf(penalties, catalogFor(conductDay));
}

/** Records a step on an auto, dated `on` (the day it happened, not after `now`). */
export async function recordAutoStep(
	db: Db,
	staff: Staff,
	input: {
		number: string;
		protocol: string;
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
		const row = await trx
			.selectFrom('auto_infracao')
			.innerJoin('complaint', 'complaint.id', 'auto_infracao.complaint_id')
			.select([
				'auto_infracao.id',
				'auto_infracao.decision',
				'auto_infracao.notified_on',
				'auto_infracao.issued_at',
				'auto_infracao.decided_on',
				'auto_infracao.penalty',
				'complaint.occurred_at'
			])
			.where('auto_infracao.number', '=', input.number)
			// The form of one complaint's page acts on that complaint's autos only.
			.where('complaint.protocol', '=', input.protocol)
			.executeTakeFirst();
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
