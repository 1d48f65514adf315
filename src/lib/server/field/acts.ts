/**
 * The law's other field acts, recorded from /admin/campo: the preliminary notice (the days the law
 * gives to adapt, for the provisions it lists) and the impound (where, when, why, the deposit, the
 * driver's copy with the law's terms). Each comes from the regime in force on the day
 * (`fieldActs`); under a law without one, it is refused and nothing is shown.
 *
 * Every act is audited with its number, the vehicle's prefix or plate and the provision: no name,
 * no address, no observation (those stay in the act's own row, for staff only).
 */
import { createHash, randomBytes } from 'node:crypto';
import { brDate } from '$lib/domain/br';
import { citeOf } from '$lib/domain/offenses';
import {
	actNumber,
	impoundAllowed,
	noticeActions,
	noticeAllowed,
	noticeDeadline,
	parseActNumber,
	type FieldActs,
	type ImpoundRow,
	type NoticeRow,
	type NoticeStatus
} from '$lib/domain/field-acts';
import { parseVehicleCode, plateKey } from '$lib/domain/plate';
import { citeFor } from '$lib/domain/regime';
import { audit, nextNumber, type Db, writeTransaction } from '$lib/server/db';
import { localDate, regimeOf } from '$lib/server/complaints';
import { currentRegistry } from '$lib/server/registry';
import type { FieldAgent } from './autos';

export type ActRefusal = { ok: false; status: 400 | 403 | 404 | 409 | 422; message: string };
const refuse = (status: ActRefusal['status'], message: string): ActRefusal => ({
	ok: false,
	status,
	message
});

/** The field acts of the law in force on `day` (none: an empty object). */
export function actsOn(day: string): { acts: FieldActs; lawId: string | null; law: string } {
	const regime = regimeOf(day);
	return { acts: regime?.fieldActs ?? {}, lawId: regime?.id ?? null, law: regime?.short ?? '' };
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

function matriculaMissing(agent: FieldAgent, day: string): ActRefusal | null {
	const cite = citeFor(regimeOf(day), 'agentRegistration');
	return cite && !agent.matricula
		? refuse(
				422,
				`A lei exige a matrícula do agente no ato (${cite}): peça à gestão que a cadastre na sua conta.`
			)
		: null;
}

/** A text field of a form: trimmed, bounded; null when missing or too long. */
export function formText(form: FormData, name: string, max: number): string | null {
	const value = form.get(name);
	if (typeof value !== 'string') return null;
	const text = value.trim();
	return text.length <= max ? text : null;
}

/** An optional text field: '' when left out, null when too long. */
function optionalText(form: FormData, name: string, max: number): string | null {
	return form.get(name) === null ? '' : formText(form, name, max);
}

// ------------------------------------------------------------------- preliminary notice

export interface NoticeInput {
	prefixo: string;
	provision: string;
	place: string;
	observations: string;
}

export function parseNotice(form: FormData): NoticeInput | ActRefusal {
	const code = parseVehicleCode(formText(form, 'veiculo', 20) ?? '');
	if (!code) return refuse(400, 'Digite o prefixo ou a placa do veículo.');
	const provision = formText(form, 'dispositivo', 40) ?? '';
	if (!provision) return refuse(400, 'Escolha o dispositivo da notificação.');
	const place = formText(form, 'local', 300) ?? '';
	if (place.length < 3) return refuse(400, 'Informe o local (ao menos 3 caracteres).');
	const observations = optionalText(form, 'observacoes', 2000);
	if (observations === null) return refuse(400, 'Observações longas demais (até 2000 caracteres).');
	return {
		prefixo: code.kind === 'prefixo' ? code.prefixo : `placa:${code.key}`,
		provision,
		place,
		observations
	};
}

async function registryEntry(db: Db, code: string) {
	const entries = (await currentRegistry(db))?.entries ?? [];
	return code.startsWith('placa:')
		? entries.find((e) => plateKey(e.placa) === code.slice(6))
		: entries.find((e) => e.prefixo === code);
}

export type NoticeResult = { ok: true; number: string } | ActRefusal;

/** Records a preliminary notice; refused (nothing written) where the law has none for it. */
export async function recordNotice(
	db: Db,
	agent: FieldAgent,
	input: NoticeInput,
	now: Date = new Date(),
	law: Pick<ReturnType<typeof actsOn>, 'acts' | 'lawId'> = actsOn(localDate(now))
): Promise<NoticeResult> {
	const day = localDate(now);
	const { acts, lawId } = law;
	const rule = acts.preliminaryNotice;
	if (!rule || !lawId) return refuse(404, 'A lei em vigor não prevê notificação preliminar.');
	if (!noticeAllowed(rule, input.provision))
		return refuse(
			422,
			`A lei só admite notificação preliminar nos casos do ${rule.provisionsCite}: escolha um deles ou lavre o auto.`
		);
	const missing = matriculaMissing(agent, day);
	if (missing) return missing;
	const entry = await registryEntry(db, input.prefixo);
	if (!entry) return refuse(404, 'Veículo não encontrado no cadastro.');
	const deadline = noticeDeadline(day, rule);
	const year = Number(day.slice(0, 4));
	return writeTransaction(db, async (trx) => {
		const seq = await nextNumber(trx, 'notice_sequence', year);
		const number = actNumber('notice', year, seq);
		await trx
			.insertInto('preliminary_notice')
			.values({
				number,
				year,
				seq,
				prefixo: entry.prefixo,
				placa: entry.placa,
				provision: input.provision,
				law_id: lawId,
				issued_at: now.toISOString(),
				issued_on: day,
				deadline,
				place: input.place,
				observations: input.observations,
				agent_staff_id: agent.id,
				agent_name: agent.name,
				agent_matricula: agent.matricula,
				status: 'aberta',
				closed_at: null,
				closed_by: null,
				auto_number: null
			})
			.execute();
		await audit(
			trx,
			{
				staff: agent,
				action: 'campo.notificacao.emitida',
				entity: 'preliminary_notice',
				entityId: number,
				after: { prefixo: entry.prefixo, provision: input.provision, deadline }
			},
			now
		);
		return { ok: true as const, number };
	});
}

const NOTICE_COLUMNS = [
	'number',
	'prefixo',
	'placa',
	'provision',
	'law_id',
	'issued_at',
	'issued_on',
	'deadline',
	'place',
	'observations',
	'agent_name',
	'agent_matricula',
	'status',
	'closed_at',
	'auto_number'
] as const;

function noticeRow(r: {
	number: string;
	prefixo: string;
	placa: string;
	provision: string;
	law_id: string;
	issued_at: string;
	issued_on: string;
	deadline: string;
	place: string;
	observations: string;
	agent_name: string;
	agent_matricula: string | null;
	status: string;
	closed_at: string | null;
	auto_number: string | null;
}): NoticeRow {
	return {
		number: r.number,
		prefixo: r.prefixo,
		placa: r.placa,
		provision: r.provision,
		cite: citeOf(r.provision),
		lawId: r.law_id,
		issuedAt: r.issued_at,
		issuedOn: r.issued_on,
		deadline: r.deadline,
		place: r.place,
		observations: r.observations,
		agentName: r.agent_name,
		agentMatricula: r.agent_matricula,
		status: r.status as NoticeStatus,
		closedAt: r.closed_at,
		autoNumber: r.auto_number
	};
}

export async function noticeByNumber(db: Db, number: string): Promise<NoticeRow | null> {
	if (!parseActNumber('notice', number)) return null;
	const row = await db
		.selectFrom('preliminary_notice')
		.select(NOTICE_COLUMNS)
		.where('number', '=', number)
		.executeTakeFirst();
	return row ? noticeRow(row) : null;
}

/** Notices, newest first: a vehicle's (every status), or every open one. */
export async function listNotices(
	db: Db,
	filter: { prefixo?: string; open?: boolean } = {}
): Promise<NoticeRow[]> {
	let q = db.selectFrom('preliminary_notice').select(NOTICE_COLUMNS).orderBy('id', 'desc');
	if (filter.prefixo !== undefined) q = q.where('prefixo', '=', filter.prefixo);
	if (filter.open) q = q.where('status', '=', 'aberta');
	return (await q.limit(200).execute()).map(noticeRow);
}

/** Records that the driver adapted: on or after the deadline, on an open notice. */
export async function closeNoticeAdapted(
	db: Db,
	agent: FieldAgent,
	number: string,
	now: Date = new Date()
): Promise<{ ok: true } | ActRefusal> {
	const notice = await noticeByNumber(db, number);
	if (!notice) return refuse(404, 'Notificação não encontrada.');
	const refusal = whyNotDecide(notice, localDate(now));
	if (refusal) return refusal;
	return writeTransaction(db, async (trx) => {
		const changed = await trx
			.updateTable('preliminary_notice')
			.set({ status: 'adequada', closed_at: now.toISOString(), closed_by: agent.id })
			.where('number', '=', number)
			.where('status', '=', 'aberta')
			.executeTakeFirst();
		if (Number(changed.numUpdatedRows) !== 1)
			return refuse(409, 'Esta notificação já foi encerrada.');
		await audit(
			trx,
			{
				staff: agent,
				action: 'campo.notificacao.adequada',
				entity: 'preliminary_notice',
				entityId: number,
				before: { status: 'aberta' },
				after: { status: 'adequada' }
			},
			now
		);
		return { ok: true as const };
	});
}

/** Why the agent may not yet (or no longer) decide a notice on `today`, or null. */
export function whyNotDecide(
	notice: Pick<NoticeRow, 'status' | 'deadline' | 'autoNumber'>,
	today: string
): ActRefusal | null {
	const state = noticeActions(notice, today);
	if (state === 'closed')
		return refuse(
			409,
			notice.status === 'autuada'
				? `Esta notificação já virou o auto ${notice.autoNumber ?? ''}.`.replace(' .', '.')
				: 'Esta notificação já foi encerrada: o condutor se adequou.'
		);
	if (state === 'wait')
		return refuse(
			409,
			`O prazo para o condutor se adequar vai até ${brDate(notice.deadline)}: registre o resultado a partir desse dia.`
		);
	return null;
}

/**
 * Inside an auto's transaction: the notice the auto was opened from becomes 'autuada', linked to
 * it. Refused when the notice is not this vehicle's and provision's, is closed, or is in its period.
 */
export async function linkNoticeToAuto(
	trx: Db,
	agent: FieldAgent,
	notice: string,
	auto: { number: string; prefixo: string; provision: string },
	now: Date
): Promise<ActRefusal | null> {
	const row = await noticeByNumber(trx, notice);
	if (!row || row.prefixo !== auto.prefixo || row.provision !== auto.provision)
		return refuse(
			422,
			`A notificação ${notice} não é deste veículo e deste dispositivo: o auto não foi aceito.`
		);
	const why = whyNotDecide(row, localDate(now));
	if (why) return why;
	const changed = await trx
		.updateTable('preliminary_notice')
		.set({
			status: 'autuada',
			closed_at: now.toISOString(),
			closed_by: agent.id,
			auto_number: auto.number
		})
		.where('number', '=', notice)
		.where('status', '=', 'aberta')
		.executeTakeFirst();
	if (Number(changed.numUpdatedRows) !== 1)
		return refuse(409, 'Esta notificação já foi encerrada.');
	await audit(
		trx,
		{
			staff: agent,
			action: 'campo.notificacao.autuada',
			entity: 'preliminary_notice',
			entityId: notice,
			before: { status: 'aberta' },
			after: { status: 'autuada', auto: auto.number }
		},
		now
	);
	return null;
}

// ------------------------------------------------------------------- impound

export interface ImpoundInput {
	/** A registry prefix, or `placa:<key>`. */
	vehicle: string;
	placa: string | null;
	provision: string;
	place: string;
	observations: string;
}

export function parseImpound(form: FormData): ImpoundInput | ActRefusal {
	const code = parseVehicleCode(formText(form, 'veiculo', 20) ?? '');
	if (!code) return refuse(400, 'Digite o prefixo ou a placa do veículo.');
	const provision = formText(form, 'dispositivo', 40) ?? '';
	if (!provision) return refuse(400, 'Escolha o motivo da apreensão (o dispositivo da lei).');
	const place = formText(form, 'local', 300) ?? '';
	if (place.length < 3) return refuse(400, 'Informe o local da apreensão (ao menos 3 caracteres).');
	const observations = optionalText(form, 'observacoes', 2000);
	if (observations === null) return refuse(400, 'Observações longas demais (até 2000 caracteres).');
	return {
		vehicle: code.kind === 'prefixo' ? code.prefixo : `placa:${code.key}`,
		placa: code.kind === 'placa' ? code.placa : null,
		provision,
		place,
		observations
	};
}

export type ImpoundResult = { ok: true; number: string; token: string } | ActRefusal;

/**
 * Records an impound: the vehicle (from the registry, or a plate outside it), the ground, the
 * place, the deposit the law names, the instant. Returns the driver's copy token (only its hash is
 * kept: the copy is shown once, to be photographed or opened from its QR).
 */
export async function recordImpound(
	db: Db,
	agent: FieldAgent,
	input: ImpoundInput,
	now: Date = new Date(),
	law: Pick<ReturnType<typeof actsOn>, 'acts' | 'lawId'> = actsOn(localDate(now))
): Promise<ImpoundResult> {
	const day = localDate(now);
	const { acts, lawId } = law;
	const rule = acts.impound;
	if (!rule || !lawId) return refuse(404, 'A lei em vigor não prevê a apreensão do veículo.');
	if (!impoundAllowed(rule, input.provision))
		return refuse(422, `O motivo escolhido não é caso de apreensão na lei (${rule.groundsCite}).`);
	const missing = matriculaMissing(agent, day);
	if (missing) return missing;
	const entry = await registryEntry(db, input.vehicle);
	if (!entry && !input.placa) return refuse(404, 'Prefixo não encontrado no cadastro.');
	const placa = entry?.placa ?? input.placa ?? '';
	const token = randomBytes(24).toString('base64url');
	const year = Number(day.slice(0, 4));
	return writeTransaction(db, async (trx) => {
		const seq = await nextNumber(trx, 'impound_sequence', year);
		const number = actNumber('impound', year, seq);
		await trx
			.insertInto('impound')
			.values({
				number,
				year,
				seq,
				prefixo: entry?.prefixo ?? null,
				placa,
				provision: input.provision,
				law_id: lawId,
				impounded_at: now.toISOString(),
				impounded_on: day,
				place: input.place,
				deposit: rule.deposit.place['pt-BR'],
				observations: input.observations,
				agent_staff_id: agent.id,
				agent_name: agent.name,
				agent_matricula: agent.matricula,
				copy_token_hash: tokenHash(token)
			})
			.execute();
		await audit(
			trx,
			{
				staff: agent,
				action: 'campo.apreensao.registrada',
				entity: 'impound',
				entityId: number,
				after: { prefixo: entry?.prefixo ?? null, provision: input.provision }
			},
			now
		);
		return { ok: true as const, number, token };
	});
}

const IMPOUND_COLUMNS = [
	'number',
	'prefixo',
	'placa',
	'provision',
	'law_id',
	'impounded_at',
	'impounded_on',
	'place',
	'deposit',
	'observations',
	'agent_name',
	'agent_matricula'
] as const;

function impoundRow(r: {
	number: string;
	prefixo: string | null;
	placa: string;
	provision: string;
	law_id: string;
	impounded_at: string;
	impounded_on: string;
	place: string;
	deposit: string;
	observations: string;
	agent_name: string;
	agent_matricula: string | null;
}): ImpoundRow {
	return {
		number: r.number,
		prefixo: r.prefixo,
		placa: r.placa,
		provision: r.provision,
		cite: citeOf(r.provision),
		lawId: r.law_id,
		impoundedAt: r.impounded_at,
		impoundedOn: r.impounded_on,
		place: r.place,
		deposit: r.deposit,
		observations: r.observations,
		agentName: r.agent_name,
		agentMatricula: r.agent_matricula
	};
}

export async function impoundByNumber(db: Db, number: string): Promise<ImpoundRow | null> {
	if (!parseActNumber('impound', number)) return null;
	const row = await db
		.selectFrom('impound')
		.select(IMPOUND_COLUMNS)
		.where('number', '=', number)
		.executeTakeFirst();
	return row ? impoundRow(row) : null;
}

/** The impound a driver's copy token opens, or null (never without the token). */
export async function impoundByToken(
	db: Db,
	number: string,
	token: string
): Promise<ImpoundRow | null> {
	if (!TOKEN.test(token) || !parseActNumber('impound', number)) return null;
	const row = await db
		.selectFrom('impound')
		.select(IMPOUND_COLUMNS)
		.where('number', '=', number)
		.where('copy_token_hash', '=', tokenHash(token))
		.executeTakeFirst();
	return row ? impoundRow(row) : null;
}

/** Impounds, newest first: a vehicle's, or every one. */
export async function listImpounds(
	db: Db,
	filter: { prefixo?: string } = {}
): Promise<ImpoundRow[]> {
	let q = db.selectFrom('impound').select(IMPOUND_COLUMNS).orderBy('id', 'desc');
	if (filter.prefixo !== undefined) q = q.where('prefixo', '=', filter.prefixo);
	return (await q.limit(200).execute()).map(impoundRow);
}
