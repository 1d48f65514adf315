/**
 * Autos the office finds itself (/admin/campo), sent by the agent's phone — at once, or later when
 * the signal returns. The phone numbered the auto from one of its device's blocks (./blocks.ts)
 * and fixed an idempotency key when the agent started it: a resend of the same key is the same
 * auto (acknowledged again, nothing written), never a second one.
 *
 * The auto then follows the same procedure as one born from a complaint (auto_infracao: notice,
 * defence, decision, appeal, src/lib/server/complaints/auto-steps.ts), with no complaint, no rider
 * and no contact. Its penalty is the same `penaltyFor` over the vehicle's confirmed offences.
 */
import { createHash } from 'node:crypto';
import { citeOf } from '$lib/domain/offenses';
import {
	readTypedVehicle,
	registeredPlate,
	TYPED_VEHICLE_MESSAGES,
	unlistedReach,
	type TypedVehicle
} from '$lib/domain/field-vehicle';
import { formatPlate } from '$lib/domain/plate';
import { citeFor, localText } from '$lib/domain/regime';
import {
	fieldConducts,
	fieldDateProblem,
	parseAutoNumber,
	type DateProblem
} from '$lib/domain/field';
import { personalOffence } from '$lib/domain/personal-offence';
import { offenseCatalogs } from '$lib/profile/offenses';
import { audit, type Db, writeTransaction } from '$lib/server/db';
import { currentRegistry, staffEntry, startCautelar } from '$lib/server/registry';
import {
	catalogFor,
	detectPhotoType,
	localDate,
	penaltyFor,
	recordOf,
	regimeOf
} from '$lib/server/complaints';
import { parseActNumber } from '$lib/domain/field-acts';
import { linkNoticeToAuto, type ActRefusal } from './acts';
import { deviceLabel } from './blocks';

/** Rolls the auto's transaction back when its notice cannot be closed. */
class NoticeRefused extends Error {
	constructor(readonly refusal: ActRefusal) {
		super(refusal.message);
	}
}

/** What the phone sends (JSON). */
export interface FieldAutoInput {
	/** Fixed when the agent started the auto: 16–64 of [A-Za-z0-9_-]. */
	key: string;
	/** From the device's block: `AI-2026-000123`. */
	number: string;
	/** The driver's copy token the phone made (only its hash is kept). */
	copyToken: string;
	prefixo: string;
	conduct: string;
	provision: string;
	/** ISO instant, the phone's clock corrected by the server's offset. */
	occurredAt: string;
	/** Server − phone, in ms, at the last contact (null when never measured). */
	clockOffsetMs: number | null;
	place: { lat: number; lng: number; accuracy: number } | { address: string };
	driver: 'titular' | 'auxiliar';
	signature: 'assinou' | 'recusou';
	observations: string;
	photos: { sha256: string; data: string }[];
	/** The preliminary notice the auto was opened from (`NP-2026-000001`), when it was. */
	notice?: string;
	/**
	 * A vehicle the registry does not hold, typed by the agent (plate, make/model, colour): the auto
	 * is then the law's offence for it, against the authorized driver's `prefixo`.
	 */
	vehicle?: TypedVehicle;
}

/** The evidence kept with the auto (auto_infracao.evidence). */
export interface FieldEvidence {
	conduct: string;
	place: FieldAutoInput['place'];
	driver: FieldAutoInput['driver'];
	driverName: string | null;
	signature: FieldAutoInput['signature'];
	observations: string;
	clockOffsetMs: number | null;
	photos: { sha256: string; mime: string }[];
	device: string;
	/** The preliminary notice the auto was opened from. */
	notice?: string;
	/** The vehicle the agent typed (not the registry's), when it was outside the registry. */
	vehicle?: TypedVehicle & { typed: true };
}

export type FieldRefusal = {
	ok: false;
	status: 400 | 403 | 404 | 409 | 422;
	code: string;
	message: string;
};
export type FieldResult = { ok: true; number: string; repeated: boolean } | FieldRefusal;

const refuse = (status: FieldRefusal['status'], code: string, message: string): FieldRefusal => ({
	ok: false,
	status,
	code,
	message
});

export const MAX_FIELD_PHOTOS = 4;
const MAX_PHOTO_BYTES = 1_500_000;
/** The JSON body's bound: the photos, base64, and the rest. */
export const FIELD_BODY_BYTES = Math.ceil((MAX_FIELD_PHOTOS * MAX_PHOTO_BYTES * 4) / 3) + 64_000;

const KEY = /^[A-Za-z0-9_-]{16,64}$/;
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
const HEX64 = /^[0-9a-f]{64}$/;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const DATE_MESSAGES: Record<DateProblem, string> = {
	future: 'A data do auto está no futuro: confira o relógio do aparelho.',
	beforeLaw: 'A data do auto é anterior à lei: não há infração a autuar nessa data.',
	noCatalog: 'A lei em vigor nessa data não tem catálogo de infrações no aplicativo.'
};

/** The input as JSON gives it, checked field by field; a message in pt-BR for the first problem. */
export function parseFieldAuto(value: unknown): FieldAutoInput | FieldRefusal {
	const bad = (message: string) => refuse(400, 'invalid', message);
	if (typeof value !== 'object' || value === null) return bad('Auto ilegível.');
	const v = value as Record<string, unknown>;
	const str = (k: string, max = 200) =>
		typeof v[k] === 'string' && (v[k] as string).length <= max ? (v[k] as string) : null;
	const key = str('key');
	if (!key || !KEY.test(key)) return bad('Chave do auto inválida.');
	const number = str('number');
	if (!number || !parseAutoNumber(number)) return bad('Número do auto inválido.');
	const copyToken = str('copyToken');
	if (!copyToken || !TOKEN.test(copyToken)) return bad('Código da via do condutor inválido.');
	const prefixo = str('prefixo', 10)?.replace(/^0+/, '') ?? '';
	if (!/^\d{1,6}$/.test(prefixo)) return bad('Prefixo inválido.');
	const conduct = str('conduct', 100);
	const provision = str('provision', 40);
	if (!conduct || !provision) return bad('Escolha a conduta e o dispositivo.');
	const occurredAt = str('occurredAt', 40);
	if (!occurredAt || Number.isNaN(Date.parse(occurredAt))) return bad('Data e hora inválidas.');
	const offset = v['clockOffsetMs'];
	const clockOffsetMs =
		typeof offset === 'number' && Number.isFinite(offset) && Math.abs(offset) < 1e12
			? Math.round(offset)
			: null;
	const p = v['place'] as Record<string, unknown> | null | undefined;
	let place: FieldAutoInput['place'];
	if (
		p &&
		typeof p['lat'] === 'number' &&
		typeof p['lng'] === 'number' &&
		typeof p['accuracy'] === 'number' &&
		Math.abs(p['lat']) <= 90 &&
		Math.abs(p['lng']) <= 180 &&
		p['accuracy'] >= 0 &&
		p['accuracy'] < 100_000
	)
		place = { lat: p['lat'], lng: p['lng'], accuracy: Math.round(p['accuracy']) };
	else if (p && typeof p['address'] === 'string' && p['address'].trim().length >= 3)
		place = { address: p['address'].trim().slice(0, 300) };
	else return bad('Informe o local: a posição do GPS ou o endereço.');
	const driver = v['driver'];
	if (driver !== 'titular' && driver !== 'auxiliar') return bad('Diga quem conduzia.');
	const signature = v['signature'];
	if (signature !== 'assinou' && signature !== 'recusou')
		return bad('Diga se o condutor assinou ou se recusou.');
	const observations =
		typeof v['observations'] === 'string' ? v['observations'].slice(0, 2000) : '';
	const photos = v['photos'];
	if (!Array.isArray(photos) || photos.length > MAX_FIELD_PHOTOS)
		return bad(`Até ${MAX_FIELD_PHOTOS} fotos.`);
	const list: FieldAutoInput['photos'] = [];
	for (const ph of photos as unknown[]) {
		const o = ph as Record<string, unknown> | null;
		if (!o || typeof o['sha256'] !== 'string' || !HEX64.test(o['sha256']))
			return bad('Foto sem resumo SHA-256.');
		if (typeof o['data'] !== 'string') return bad('Foto ilegível.');
		list.push({ sha256: o['sha256'], data: o['data'] });
	}
	const notice = v['notice'];
	if (
		notice !== undefined &&
		notice !== null &&
		(typeof notice !== 'string' || !parseActNumber('notice', notice))
	)
		return bad('Número da notificação preliminar inválido.');
	let vehicle: TypedVehicle | undefined;
	if (v['vehicle'] !== undefined && v['vehicle'] !== null) {
		const typed = readTypedVehicle(v['vehicle']);
		if (!typed.ok) return bad(TYPED_VEHICLE_MESSAGES[typed.problem]);
		vehicle = typed.vehicle;
	}
	return {
		key,
		number,
		copyToken,
		prefixo,
		conduct,
		provision,
		occurredAt,
		clockOffsetMs,
		place,
		driver,
		signature,
		observations,
		photos: list,
		...(typeof notice === 'string' ? { notice } : {}),
		...(vehicle ? { vehicle } : {})
	};
}

export interface FieldAgent {
	id: number;
	email: string;
	name: string;
	matricula: string | null;
}

/**
 * Records the auto the phone sends. Refused (4xx, nothing written) when the device was revoked,
 * the number is not in one of this device's open blocks or is another auto's, the date is in the
 * future or before the law, the conduct or provision is not in the catalogue in force that day,
 * the vehicle is not in the registry, a photo does not match its hash, or the law asks for the
 * agent's matrícula and the account has none. A resend of the same key is acknowledged as it was.
 */
export async function submitFieldAuto(
	db: Db,
	agent: FieldAgent,
	device: { status: 'enrolled' | 'revoked'; deviceId: string },
	input: FieldAutoInput,
	now: Date = new Date()
): Promise<FieldResult> {
	const existing = await db
		.selectFrom('auto_infracao')
		.select(['number', 'agent_staff_id'])
		.where('idempotency_key', '=', input.key)
		.executeTakeFirst();
	if (existing) {
		if (existing.number !== input.number || existing.agent_staff_id !== agent.id)
			return refuse(409, 'key', 'Esta chave já é de outro auto.');
		return { ok: true, number: existing.number, repeated: true };
	}
	const parsed = parseAutoNumber(input.number)!;
	const block = await db
		.selectFrom('auto_block')
		.selectAll()
		.where('year', '=', parsed.year)
		.where('first_seq', '<=', parsed.seq)
		.where('last_seq', '>=', parsed.seq)
		.orderBy('id', 'desc')
		.executeTakeFirst();
	if (device.status === 'revoked' || block?.closed_reason === 'revogado') {
		await audit(
			db,
			{
				staff: agent,
				action: 'campo.auto.recusado',
				entity: 'auto_infracao',
				entityId: input.number,
				note: `${deviceLabel(device.deviceId)} revogado`
			},
			now
		);
		return refuse(
			403,
			'revoked',
			'Este aparelho foi revogado pela gestão: o auto não foi aceito e o número foi anulado. Procure a gestão; lavre de novo em um aparelho cadastrado.'
		);
	}
	if (!block || block.device_id !== device.deviceId || block.closed_at)
		return refuse(
			422,
			'number',
			`O número ${input.number} não pertence a um bloco aberto deste aparelho.`
		);
	const occurredAt = new Date(input.occurredAt);
	const day = localDate(occurredAt);
	const problem = fieldDateProblem(occurredAt, now, day, offenseCatalogs);
	if (problem) return refuse(422, 'date', DATE_MESSAGES[problem]);
	const catalog = catalogFor(day);
	const conducts = fieldConducts(catalog, () => null);
	const conduct = conducts.find((c) => c.code === input.conduct);
	if (!conduct) return refuse(422, 'conduct', 'Conduta desconhecida na lei em vigor nessa data.');
	if (!conduct.provisions.some((p) => p.article === input.provision))
		return refuse(
			422,
			'provision',
			`${citeOf(input.provision)} não é dispositivo desta conduta na lei em vigor nessa data.`
		);
	const regime = regimeOf(day);
	const matriculaCite = citeFor(regime, 'agentRegistration');
	if (matriculaCite && !agent.matricula)
		return refuse(
			422,
			'matricula',
			`A lei exige a matrícula do agente no auto (${matriculaCite}): peça à gestão que a cadastre na sua conta.`
		);
	const entries = (await currentRegistry(db))?.entries ?? [];
	const entry = entries.find((e) => e.prefixo === input.prefixo);
	if (!entry) return refuse(404, 'vehicle', `O prefixo ${input.prefixo} não está no cadastro.`);
	if (input.vehicle) {
		const unlisted = unlistedProblem(
			{ ...input, vehicle: input.vehicle },
			entries,
			regime,
			conducts
		);
		if (unlisted) return unlisted;
	}
	const photos: { sha256: string; mime: string; bytes: Buffer }[] = [];
	for (const p of input.photos) {
		const bytes = Buffer.from(p.data, 'base64');
		const mime = detectPhotoType(bytes);
		if (!mime || bytes.length > MAX_PHOTO_BYTES) return refuse(422, 'photo', 'Foto inválida.');
		if (createHash('sha256').update(bytes).digest('hex') !== p.sha256)
			return refuse(
				422,
				'photo',
				'Uma foto chegou diferente da tirada (o resumo SHA-256 não confere): envie de novo.'
			);
		photos.push({ sha256: p.sha256, mime, bytes });
	}
	// Whose record the auto goes on: the auxiliary's own for an offence the law in force keeps
	// there (personal, `personalOffence`), else the holder's, who answers for the auxiliary — and
	// the penalty over that record's history final today. From the staff entry: the auxiliary's
	// record is keyed by the CNH, which the public one lacks.
	const record = recordOf(
		(await staffEntry(db, entry.prefixo)) ?? entry,
		input.driver,
		personalOffence(catalog, input.provision),
		regimeOf(day)
	);
	const escalation = await penaltyFor(
		db,
		entry.prefixo,
		input.provision,
		day,
		undefined,
		localDate(now),
		record
	);
	const penalty =
		escalation.penalties.length > 1 ? escalation.penalties.join('+') : escalation.penalty;
	const evidence: FieldEvidence = {
		conduct: input.conduct,
		place: input.place,
		driver: input.driver,
		driverName: input.driver === 'titular' ? entry.titular : entry.condutorAuxiliar,
		signature: input.signature,
		observations: input.observations,
		clockOffsetMs: input.clockOffsetMs,
		photos: photos.map(({ sha256, mime }) => ({ sha256, mime })),
		device: deviceLabel(device.deviceId),
		...(input.notice ? { notice: input.notice } : {}),
		...(input.vehicle ? { vehicle: { ...input.vehicle, typed: true as const } } : {})
	};
	try {
		return await writeTransaction(db, async (trx): Promise<FieldResult> => {
			const taken = await trx
				.selectFrom('auto_infracao')
				.select(['idempotency_key'])
				.where('year', '=', parsed.year)
				.where('seq', '=', parsed.seq)
				.executeTakeFirst();
			if (taken)
				return taken.idempotency_key === input.key
					? { ok: true, number: input.number, repeated: true }
					: refuse(409, 'number', `O número ${input.number} já foi usado em outro auto.`);
			// An auto opened from a preliminary notice closes it (on its deadline, same vehicle and
			// provision); otherwise nothing is written.
			if (input.notice) {
				const no = await linkNoticeToAuto(
					trx,
					agent,
					input.notice,
					{ number: input.number, prefixo: entry.prefixo, provision: input.provision },
					now
				);
				if (no) throw new NoticeRefused(no);
			}
			await trx
				.insertInto('auto_infracao')
				.values({
					number: input.number,
					year: parsed.year,
					seq: parsed.seq,
					complaint_id: null,
					prefixo: entry.prefixo,
					// The vehicle found: the registry's, or the one the agent typed.
					placa: input.vehicle?.placa ?? entry.placa,
					provision: input.provision,
					penalty,
					penalty_cite: escalation.cite,
					penalty_detail: escalation.detail,
					agent_staff_id: agent.id,
					agent_name: agent.name,
					issued_at: now.toISOString(),
					notified_on: null,
					decided_on: null,
					confirmed_on: null,
					suspension_days: null,
					driver: input.driver,
					record_of: record,
					origin: 'campo',
					occurred_at: occurredAt.toISOString(),
					block_id: block.id,
					idempotency_key: input.key,
					evidence: JSON.stringify(evidence),
					agent_matricula: agent.matricula,
					copy_token_hash: tokenHash(input.copyToken)
				})
				.execute();
			if (photos.length > 0)
				await trx
					.insertInto('field_photo')
					.values(
						photos.map((p, position) => ({
							auto_number: input.number,
							position,
							sha256: p.sha256,
							mime: p.mime,
							data: p.bytes
						}))
					)
					.execute();
			// The law's cautelar suspension in flagrante, for the offences it names (none elsewhere).
			await startCautelar(
				trx,
				agent,
				{ number: input.number, prefixo: entry.prefixo, provision: input.provision, day },
				now
			);
			await audit(
				trx,
				{
					staff: agent,
					action: 'campo.auto.lavrado',
					entity: 'auto_infracao',
					entityId: input.number,
					after: {
						prefixo: entry.prefixo,
						...(input.vehicle ? { placaDigitada: input.vehicle.placa } : {}),
						provision: input.provision,
						penalty,
						cite: escalation.cite,
						device: deviceLabel(device.deviceId),
						photos: photos.map((p) => p.sha256)
					}
				},
				now
			);
			return { ok: true, number: input.number, repeated: false };
		});
	} catch (error) {
		if (error instanceof NoticeRefused)
			return refuse(error.refusal.status, 'notice', error.refusal.message);
		// Two instances took the same key at once: the other wrote it; this one acknowledges it.
		const again = await db
			.selectFrom('auto_infracao')
			.select('number')
			.where('idempotency_key', '=', input.key)
			.executeTakeFirst();
		if (again?.number === input.number) return { ok: true, number: again.number, repeated: true };
		throw error;
	}
}

/**
 * Why an auto against a vehicle outside the registry cannot be recorded, or null: its plate is the
 * registry's (look it up), the law in force has no offence for it (the forward to the traffic
 * authority instead), or the conduct is not that offence.
 */
function unlistedProblem(
	input: FieldAutoInput & { vehicle: TypedVehicle },
	entries: readonly { prefixo: string; placa: string }[],
	regime: ReturnType<typeof regimeOf>,
	conducts: readonly { code: string; label: string }[]
): FieldRefusal | null {
	const plate = formatPlate(input.vehicle.placa);
	const registered = registeredPlate(entries, input.vehicle.placa);
	if (registered)
		return refuse(
			422,
			'vehicle',
			`A placa ${plate} está no cadastro (prefixo ${registered.prefixo}): busque o veículo pelo prefixo ou pela placa.`
		);
	const reach = unlistedReach(
		regime,
		true,
		conducts.map((c) => c.code)
	);
	if (reach.kind === 'forward')
		return refuse(
			422,
			'unlisted',
			`A lei em vigor nessa data não tem infração para o veículo ${plate}, fora do cadastro: encaminhe o caso a ${
				reach.authority ? localText(reach.authority, 'pt-BR') : 'a autoridade de trânsito'
			}${reach.cite ? ` (${reach.cite})` : ''}.`
		);
	if (!reach.conducts.includes(input.conduct))
		return refuse(
			422,
			'unlisted-conduct',
			`Para o veículo ${plate}, fora do cadastro, a conduta a autuar é: ${reach.conducts
				.map((c) => conducts.find((x) => x.code === c)?.label ?? c)
				.join('; ')}.`
		);
	return null;
}

/** An office-found auto as its driver's copy shows it (by the token's hash), or null. */
export async function fieldAutoByToken(db: Db, token: string) {
	if (!TOKEN.test(token)) return null;
	return (
		(await db
			.selectFrom('auto_infracao')
			.select([
				'number',
				'prefixo',
				'placa',
				'provision',
				'penalty',
				'penalty_cite',
				'agent_name',
				'agent_matricula',
				'occurred_at',
				'issued_at',
				'notified_on',
				'decision',
				'evidence'
			])
			.where('copy_token_hash', '=', tokenHash(token))
			.where('origin', '=', 'campo')
			.executeTakeFirst()) ?? null
	);
}

/** The hashes of an auto's photos, in order. */
export async function fieldPhotoHashes(db: Db, number: string): Promise<string[]> {
	const rows = await db
		.selectFrom('field_photo')
		.select('sha256')
		.where('auto_number', '=', number)
		.orderBy('position')
		.execute();
	return rows.map((r) => r.sha256);
}
