/**
 * Autos de infração (Art. 26) drafted from founded complaints: the auto as staff see it (number,
 * provision, penalty, deadlines) and its drafting. Its steps (Art. 27–28) are in ./auto-steps.ts,
 * the penalty the law gives in ./auto-law.ts.
 */
import { situationsAt } from '$lib/profile/offenses';
import type { LocalDate } from '$lib/domain/clock';
import type { HolidayCalendar } from '$lib/domain/holidays';
import { citeOf, conductLeft } from '$lib/domain/offenses';
import { citeFor } from '$lib/domain/regime';
import { autoDeadlines, type AutoDeadlines, type AutoDecision } from '$lib/domain/triage';
import { profile } from '$lib/profile';
import {
	audit,
	nextNumber,
	type Db,
	type AutoInfracaoTable,
	writeTransaction
} from '$lib/server/db';
import { currentRules } from '$lib/server/rules';
import { currentRegistry } from '$lib/server/registry';
import { paren, penaltyFor, refuse, regimeOf, suspensionRange } from './auto-law';
import type { AdminResult, Staff } from './complaint-admin';
import { localDate, parseOffenses } from './triage';

export const AUTO_NUMBER = /^AI-(\d{4})-(\d{6,9})$/;

export interface Auto {
	number: string;
	/** The complaint it came from; null for an auto the office found (/admin/campo). */
	protocol: string | null;
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
	protocol: string | null;
	/** The conduct's instant: the complaint's, or the office-found auto's own. */
	conduct_at: string;
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
		suspension: suspensionRange(row.penalty, localDate(row.conduct_at)),
		deadlines: autoDeadlines(
			{ notifiedOn: row.notified_on, decision, decidedOn: row.decided_on },
			today,
			calendar,
			profile.procedures
		)
	};
}

/** Every auto, a complaint's or one the office found (021: no complaint, its own instant). */
function autos(db: Db) {
	return db
		.selectFrom('auto_infracao')
		.leftJoin('complaint', 'complaint.id', 'auto_infracao.complaint_id')
		.selectAll('auto_infracao')
		.select((eb) => [
			'complaint.protocol',
			eb.fn
				.coalesce('complaint.occurred_at', 'auto_infracao.occurred_at', eb.val(''))
				.$castTo<string>()
				.as('conduct_at')
		]);
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

/**
 * Drafts the auto for one provision of a `procedente` complaint whose vehicle the registry
 * identifies (Art. 26, IV), with the penalty from the vehicle's history and the agent's name.
 */
export async function issueAuto(
	db: Db,
	staff: Staff & { name: string },
	input: {
		protocol: string;
		provision: string;
		/**
		 * The penalty the agent confirmed on the auto's preview (`multa+apreensao`, '' for none): if
		 * the vehicle's history changed since (another auto), nothing is issued and the preview is
		 * shown again.
		 */
		expectedPenalty?: string;
	},
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
	// Every penalty applied (a points register counts each): `multa+apreensao`.
	const penalty =
		escalation.penalties.length > 1 ? escalation.penalties.join('+') : escalation.penalty;
	if (input.expectedPenalty !== undefined && input.expectedPenalty !== (penalty ?? ''))
		return refuse(
			'dispositivo',
			'A penalidade deste auto mudou desde a prévia (o histórico do veículo mudou): confira o auto de novo antes de lavrá-lo.',
			409
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
		const seq = await nextNumber(trx, 'auto_sequence', year);
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
				penalty,
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
