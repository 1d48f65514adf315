/**
 * Autos de infração (Art. 26) drafted from founded complaints: the auto as staff see it (number,
 * provision, penalty, deadlines) and its drafting. Its steps (Art. 27–28) are in ./auto-steps.ts,
 * the penalty the law gives in ./auto-law.ts.
 */
import { situationsAt } from '$lib/profile/offenses';
import type { LocalDate } from '$lib/domain/clock';
import type { HolidayCalendar } from '$lib/domain/holidays';
import { lateNotice, noticeDeadline, voidForNotice } from '$lib/domain/auto-procedure';
import { unlicensedCase, unlicensedText } from '$lib/domain/complaint-notes';
import { citeOf, conductLeft } from '$lib/domain/offenses';
import { inForceOn } from '$lib/domain/profile';
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
import { staffEntry } from '$lib/server/registry';
import {
	paren,
	penaltyFor,
	recordName,
	recordOf,
	refuse,
	regimeOf,
	suspensionRange,
	type Driver
} from './auto-law';
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
	/** The agent's matrícula as the auto was issued, where the staff record had one. */
	agentMatricula: string | null;
	issuedAt: string;
	notifiedOn: LocalDate | null;
	decision: AutoDecision;
	decidedOn: LocalDate | null;
	confirmedOn: LocalDate | null;
	/** Who drove (null on earlier autos), and whose record the auto goes on (a name). */
	driver: Driver | null;
	recordOf: string | null;
	/** The days of the suspension imposed, where the office fixed them. */
	suspensionDays: number | null;
	/**
	 * The days a suspension of this auto may last, where the law has the office fix them: of the
	 * penalty it carries, or — not yet imposed — of the one an imposition today would give.
	 */
	suspension: { min: number; max: number; cite: string } | null;
	/**
	 * Not yet imposed: the penalty an imposition today would give (it is computed at imposition,
	 * over the history final by then), where it differs from the drafted one; else null.
	 */
	atImposition: { penalty: string | null; cite: string; detail: string } | null;
	/** The review's days the notice of the penalty stated, where the law leaves them to it. */
	appealDays: number | null;
	/** The last day the notice may go, where the law sets one. */
	noticeDue: LocalDate | null;
	/** Void for want of a notice in time (where the law voids it): never counts. */
	void: boolean;
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
	const conductDay = localDate(row.conduct_at);
	const procedure = inForceOn(conductDay, profile.procedures);
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
		agentMatricula: row.agent_matricula,
		issuedAt: row.issued_at,
		notifiedOn: row.notified_on,
		decision,
		decidedOn: row.decided_on,
		confirmedOn: row.confirmed_on,
		suspensionDays: row.suspension_days,
		driver: row.driver,
		recordOf: row.record_of ? recordName(row.record_of) : null,
		suspension: suspensionRange(row.penalty, conductDay),
		atImposition: null,
		appealDays: row.appeal_days,
		noticeDue: noticeDeadline(conductDay, procedure),
		void:
			decision !== 'cancelada' &&
			voidForNotice({ conductDay, notifiedOn: row.notified_on }, today, procedure),
		deadlines: autoDeadlines(
			{
				notifiedOn: row.notified_on,
				decision,
				decidedOn: row.decided_on,
				appealDays: row.appeal_days
			},
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

/** The penalty `escalate()` gives an auto imposed on `imposedOn`, as the auto stores it. */
export async function penaltyAtImposition(
	db: Db,
	row: {
		prefixo: string;
		provision: string;
		occurred_at: string;
		complaint_id: number | null;
		record_of: string | null;
	},
	imposedOn: LocalDate
) {
	const escalation = await penaltyFor(
		db,
		row.prefixo,
		row.provision,
		localDate(row.occurred_at),
		row.complaint_id ?? undefined,
		imposedOn,
		row.record_of
	);
	// Every penalty applied (a points register counts each): `multa+apreensao`.
	const penalty =
		escalation.penalties.length > 1 ? escalation.penalties.join('+') : escalation.penalty;
	return { escalation, penalty };
}

/** An auto as staff see it; one not yet imposed, with the penalty an imposition today gives. */
async function staffAuto(
	db: Db,
	row: AutoRow,
	today: LocalDate,
	calendar: HolidayCalendar
): Promise<Auto> {
	const auto = toAuto(row, today, calendar);
	if (auto.decision !== 'pendente') return auto;
	const { escalation, penalty } = await penaltyAtImposition(
		db,
		{ ...row, occurred_at: row.conduct_at },
		today
	);
	if (penalty === row.penalty) return auto;
	return {
		...auto,
		suspension: suspensionRange(penalty, localDate(row.conduct_at)),
		atImposition: { penalty, cite: escalation.cite, detail: escalation.detail }
	};
}

export async function autosOfComplaint(db: Db, protocol: string, now: Date): Promise<Auto[]> {
	const rows = await autos(db).where('complaint.protocol', '=', protocol).orderBy('seq').execute();
	// Business days on the calendar in force now, decreed days included (Art. 28 §1º).
	const { calendar } = (await currentRules(db)).holidays;
	return Promise.all(rows.map((r) => staffAuto(db, r, localDate(now), calendar)));
}

export async function autoByNumber(db: Db, number: string, now: Date): Promise<Auto | null> {
	const row = await autos(db).where('auto_infracao.number', '=', number).executeTakeFirst();
	return row
		? staffAuto(db, row, localDate(now), (await currentRules(db)).holidays.calendar)
		: null;
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
		/** Who drove (the holder by default). */
		driver?: Driver;
		/** The auxiliary's offence is personal: it goes on the auxiliary's record where the law says so. */
		personal?: boolean;
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
			'created_at',
			'vehicle'
		])
		.where('protocol', '=', input.protocol)
		.executeTakeFirst();
	if (!complaint) return refuse('protocolo', 'Reclamação não encontrada.', 404);
	if (complaint.status !== 'procedente')
		return refuse('dispositivo', 'Só se lavra auto de reclamação procedente.', 409);
	const prefixo = complaint.vehicle_prefixo;
	// A plate the registry does not hold: no municipal auto, and the case goes to the traffic
	// authority — said as it is, never "no identification" when the plate is known.
	const conductRegime = regimeOf(localDate(complaint.occurred_at));
	const unlicensed = prefixo ? null : unlicensedCase(complaint.vehicle, false, conductRegime);
	if (unlicensed)
		return refuse(
			'dispositivo',
			unlicensedText(unlicensed, citeFor(conductRegime, 'infraction')),
			409
		);
	if (!prefixo)
		return refuse(
			'dispositivo',
			`O veículo não foi identificado no cadastro: sem identificação e placa não há auto${paren(citeFor(regimeOf(localDate(complaint.occurred_at)), 'autoVehicle'))}.`,
			409
		);
	if (!parseOffenses(complaint.offenses).some((o) => o.article === input.provision))
		return refuse('dispositivo', 'Escolha um dos dispositivos da reclamação.');
	// The procedure of the conduct's law: none in the profile, no auto; past its notice limit, the
	// auto would be void from the start.
	const conductDay = localDate(complaint.occurred_at);
	const procedure = inForceOn(conductDay, profile.procedures);
	if (!procedure)
		return refuse(
			'dispositivo',
			'O perfil não traz o procedimento da lei em vigor no dia da conduta: não há auto a lavrar.',
			409
		);
	const late = voidForNotice({ conductDay, notifiedOn: null }, today, procedure)
		? lateNotice(conductDay, today, procedure, citeFor(regimeOf(conductDay), 'notice'))
		: null;
	if (late) return refuse('dispositivo', late, 409);
	// Staff only: with the auxiliary's CNH, which keys the auxiliary's own record.
	const entry = await staffEntry(db, prefixo);
	const driver = input.driver ?? 'titular';
	if (driver === 'auxiliar' && !entry?.condutorAuxiliar)
		return refuse('condutor', 'O cadastro não tem condutor auxiliar para este veículo.');
	// The person whose record it goes on: the holder's, or the auxiliary's own (a personal offence,
	// where the law in force on the conduct's day says so).
	const record = recordOf(
		entry,
		driver,
		input.personal === true,
		regimeOf(localDate(complaint.occurred_at))
	);
	// The penalty as an imposition today would give it: the imposition computes it again.
	const { escalation, penalty } = await penaltyAtImposition(
		db,
		{
			prefixo,
			provision: input.provision,
			occurred_at: complaint.occurred_at,
			complaint_id: complaint.id,
			record_of: record
		},
		today
	);
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
	const placa = entry?.placa ?? null;
	const year = Number(today.slice(0, 4));
	// Printed where the law identifies the agent by it; kept as issued, like the name.
	const agent = await db
		.selectFrom('staff')
		.select('matricula')
		.where('id', '=', staff.id)
		.executeTakeFirst();

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
				agent_matricula: agent?.matricula ?? null,
				issued_at: now.toISOString(),
				notified_on: null,
				decided_on: null,
				confirmed_on: null,
				suspension_days: null,
				driver,
				record_of: record
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
