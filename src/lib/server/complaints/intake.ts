/**
 * Complaints, stored durably: a protocol the rider can quote (`RM-2026-000123`, sequential per
 * year), a private tracking token (only its sha256 is kept), and idempotency by key, so the
 * offline outbox can resend until it hears back without ever filing a complaint twice.
 *
 * Idempotency (as in draft-ietf-httpapi-idempotency-key-header): in ONE transaction the key is
 * claimed ('processing'), the complaint written and the key marked 'done' with the response, so
 * a reply lost after the commit is answered again from the key's row, and a failure leaves
 * neither. Same key, same body (canonical JSON hash): the original response. Same key, another
 * body: conflict. Same key while this process is still writing the first: `in_progress` at once;
 * from another process or instance, the second waits for the first's commit (SQLite's write
 * lock, PostgreSQL's primary key) and then replays it.
 *
 * The key's row keeps the original response for a replay, but not readably: the row is named by
 * the key's sha256 and the token is sealed under the key itself (db/receipt-seal.ts), so only a
 * holder of both the key and the exact body gets it back. With only the token's hash in
 * `complaint`, a copy of the database (or a backup) opens no complaint.
 */
import { catalogAt } from '$lib/profile/offenses';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { wallClock } from '$lib/domain/clock';
import { parseComplaint, type ComplaintContext, type ComplaintInput } from '$lib/domain/complaint';
import { offensesOf, PENALTIES, type Offense, type OffenseCatalog } from '$lib/domain/offenses';
import { formatPrefix, type VehicleCode } from '$lib/domain/plate';
import { profile } from '$lib/profile';
import { type Database, writeTransaction, keyId, openToken, sealToken } from '$lib/server/db';
import { clientKey, type BodyFailure, complaintsRateLimiter, type Limiter } from '$lib/server/http';
import { prepareRecording, type Recording } from './audio';
import { preparePhotos, type Photo } from './photos';
import { currentRegistry, registryIndex } from '$lib/server/registry';

type Db = Kysely<Database>;

/** The profile's (`protocolPrefix` in municipality.json): `RM` in Rolim de Moura, `PV` in Porto Velho. */
export const PROTOCOL_PREFIX = profile.protocolPrefix;
/** `RM-2026-000123`; a seventh digit would only appear after a million complaints in a year. */
export const PROTOCOL = new RegExp(`^${PROTOCOL_PREFIX}-(\\d{4})-(\\d{6,9})$`);
/** 18 random bytes in base64url: 24 characters, 144 bits. */
export const TOKEN = /^[A-Za-z0-9_-]{24}$/;

export interface ComplaintReceipt {
	protocol: string;
	/** Private: shown once to the rider, who follows the complaint with it. */
	token: string;
	status: 'recebida';
	offenses: { article: string; cite: string; penalty: Offense['penalty'] }[];
	/** `/reclamacoes/<protocol>?token=<token>`. */
	statusUrl: string;
}

export type CreateResult =
	| { kind: 'created' | 'replayed'; response: ComplaintReceipt }
	/** Same key, another body: 422. */
	| { kind: 'conflict' }
	/** Same key, the first request still running: 409, retry later. */
	| { kind: 'in_progress' };

export interface CreateInput {
	idempotencyKey: string;
	/** Validated by `parseComplaint`. */
	body: ComplaintInput;
	/** Through `preparePhotos`: checked and stripped of metadata. */
	photos?: readonly Photo[];
	/** Through `prepareRecording`: the rider's voice, type and duration checked. */
	recording?: Recording;
	now: Date;
}

/**
 * What `parseComplaint` needs at `now`: the municipality's zone and the situations of the offense
 * catalog in force now (`createComplaint` then judges the conduct by the catalog at its instant).
 */
export function complaintContext(now: Date): ComplaintContext {
	const catalog = catalogAt(now);
	let situations = situationSets.get(catalog);
	if (!situations) {
		situations = new Set(catalog.situations.map((s) => s.code));
		situationSets.set(catalog, situations);
	}
	return { now, timeZone: profile.timeZone, situations };
}

const situationSets = new WeakMap<OffenseCatalog, ReadonlySet<string>>();

/** draft-ietf-httpapi-idempotency-key-header leaves the syntax to us: a UUID fits, so does a ULID. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** What a door (the API, the form) read from its request, in the shape the schema validates. */
export interface SubmittedBody {
	/** The complaint request (JSON as sent, or the form's fields through `requestOf`). */
	request: unknown;
	/** The field no person sees; anything in it is a robot. */
	honeypot: unknown;
	/** Photo uploads (the form only). */
	photos?: readonly Uint8Array[];
	/** The recording's bytes (the form's and the multipart API's `audio`), as uploaded. */
	audio?: Uint8Array;
	/** The key, when it travels in the body (the form's hidden `chave`) rather than a header. */
	idempotencyKey?: string;
}

export type InvalidReason =
	/** Too many complaints from this address: `retryAfterSeconds`. */
	| 'rate_limited'
	/** The Idempotency-Key is missing or malformed. */
	| 'key'
	/** The body could not be read: `body` says why (413, 415, 400). */
	| 'body'
	/** The honeypot was filled in: told like any refusal, nothing stored. */
	| 'honeypot'
	/** Fields the schema (or the photo check) refused: `errors` by field, message keys. */
	| 'fields';

export type SubmitOutcome =
	| {
			kind: 'invalid';
			reason: InvalidReason;
			errors?: Record<string, string>;
			retryAfterSeconds?: number;
			body?: BodyFailure;
	  }
	| CreateResult;

export interface SubmitInput {
	/** The client's address, for the rate limit. */
	client: string;
	/** The `Idempotency-Key` header, checked before the body is read; `'body'`: it is in the body. */
	idempotencyKey: string | null | 'body';
	/** Reads the body — called only once the rate limit and the key have passed. */
	read: () => Promise<SubmittedBody | BodyFailure>;
	now?: Date;
	/** Default: `complaintsRateLimiter()`. */
	limiter?: Limiter;
}

/**
 * The one complaint intake, for `POST /api/complaints` and the /reclamar form alike: rate limit,
 * key, body, honeypot, the schema at `now` (the catalog in force), photos, then `createComplaint`.
 * Checked in that order, so nothing is read or stored for a request that will be refused. Each
 * door only says the outcome in its own way (a JSON error, the form back with its fields).
 * @example (await submit(db, { client, idempotencyKey: 'k1', read })).kind //=> 'created'
 */
export async function submit(db: Db, input: SubmitInput): Promise<SubmitOutcome> {
	const now = input.now ?? new Date();
	// IPv6 by /64: one client does not get 2^64 counters.
	const limited = await (input.limiter ?? complaintsRateLimiter()).hit(clientKey(input.client));
	if (!limited.ok)
		return {
			kind: 'invalid',
			reason: 'rate_limited',
			retryAfterSeconds: limited.retryAfterSeconds
		};
	const header = input.idempotencyKey;
	if (header !== 'body' && (header === null || !IDEMPOTENCY_KEY.test(header)))
		return { kind: 'invalid', reason: 'key' };
	const read = await input.read();
	if ('ok' in read) return { kind: 'invalid', reason: 'body', body: read };
	const key = header === 'body' ? (read.idempotencyKey ?? '') : header;
	if (!IDEMPOTENCY_KEY.test(key)) return { kind: 'invalid', reason: 'key' };
	const trap = read.honeypot;
	if (trap !== '' && trap !== null && trap !== undefined)
		return { kind: 'invalid', reason: 'honeypot' };
	const audio = read.audio?.length ? prepareRecording(read.audio) : null;
	// A recording says what happened as well as typed words do ("outro" needs one or the other).
	const parsed = parseComplaint(read.request, {
		...complaintContext(now),
		recording: audio?.ok === true
	});
	const photos = preparePhotos(read.photos ?? []);
	const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
	if (!photos.ok) errors.fotos = `complaint_error_photo_${photos.reason}`;
	if (audio && !audio.ok) errors.audio = `complaint_error_audio_${audio.reason}`;
	if (!parsed.ok || !photos.ok || (audio && !audio.ok))
		return { kind: 'invalid', reason: 'fields', errors };
	return createComplaint(db, {
		idempotencyKey: key,
		body: parsed.value,
		photos: photos.photos,
		...(audio?.ok ? { recording: audio.recording } : {}),
		now
	});
}

/** Per database, the keys this process is writing now, with their request hash. */
const inFlight = new WeakMap<Db, Map<string, string>>();

/**
 * Stores a complaint, or answers for a key already used.
 * @example (await createComplaint(db, { idempotencyKey: 'k1', body, now })).response.protocol //=> 'RM-2026-000001'
 */
export async function createComplaint(db: Db, input: CreateInput): Promise<CreateResult> {
	const { idempotencyKey: key, body, photos = [], recording, now } = input;
	// Without a recording the hash is what it always was: keys stored before still replay.
	const requestHash = sha256(
		canonicalJson({
			body,
			photos: photos.map(photoDigest),
			audio: recording && { mime: recording.mime, sha256: digest(recording.bytes) }
		})
	);

	let running = inFlight.get(db);
	if (!running) inFlight.set(db, (running = new Map()));
	const other = running.get(key);
	if (other !== undefined) return { kind: other === requestHash ? 'in_progress' : 'conflict' };
	running.set(key, requestHash);
	try {
		// The municipality's calendar: 31 Dec 22:00 in Rolim de Moura is still that year.
		const today = wallClock(now, profile.timeZone).date;
		// The conduct is judged by the catalog in force when it happened, not when it is reported
		// (a law changes its catalog): a situation that catalog does not describe (a later law added it) cites nothing.
		const catalog = catalogAt(body.occurredAt);
		const offenses = offensesOf(
			body.situations.filter((code) => catalog.situations.some((s) => s.code === code)),
			catalog
		);
		const year = Number(today.slice(0, 4));
		const prefixo = body.vehicle ? await registeredPrefixo(db, body.vehicle) : null;
		return await writeTransaction(db, async (trx): Promise<CreateResult> => {
			// Claims the key, or finds it used (a replay from the outbox, a conflict). On PostgreSQL a
			// concurrent claim of the same key waits here for our commit, then finds it.
			const id = keyId(key);
			const claimed = await trx
				.insertInto('idempotency')
				.values({
					key: id,
					request_hash: requestHash,
					status: 'processing',
					response: null,
					created_at: now.toISOString()
				})
				.onConflict((oc) => oc.column('key').doNothing())
				.returning('key')
				.executeTakeFirst();
			if (!claimed) return (await answerFor(trx, key, requestHash)) ?? { kind: 'in_progress' };

			const response = await insertComplaint(
				trx,
				body,
				{ photos, recording },
				offenses,
				prefixo,
				year,
				now
			);
			await trx
				.updateTable('idempotency')
				.set({
					status: 'done',
					response: JSON.stringify(storedReceipt(response, key, requestHash))
				})
				.where('key', '=', id)
				.execute();
			return { kind: 'created', response };
		});
	} finally {
		running.delete(key);
	}
}

async function answerFor(db: Db, key: string, requestHash: string): Promise<CreateResult | null> {
	const row = await db
		.selectFrom('idempotency')
		.select(['request_hash', 'status', 'response'])
		.where('key', '=', keyId(key))
		.executeTakeFirst();
	if (!row) return null;
	if (row.request_hash !== requestHash) return { kind: 'conflict' };
	if (row.status !== 'done' || row.response === null) return { kind: 'in_progress' };
	const stored = v.parse(StoredReceiptSchema, JSON.parse(row.response));
	const token = openToken(stored.tokenSealed, key, requestHash);
	// Same key, same body: the seal opens. It cannot fail short of a corrupted row.
	if (token === null) return { kind: 'conflict' };
	return { kind: 'replayed', response: receiptOf(stored, token) };
}

/** A receipt as the key's row keeps it: without the token in the clear (db/receipt-seal.ts). */
type StoredReceipt = Omit<ComplaintReceipt, 'token' | 'statusUrl'> & { tokenSealed: string };

function storedReceipt(receipt: ComplaintReceipt, key: string, requestHash: string): StoredReceipt {
	const { protocol, status, offenses } = receipt;
	return { protocol, status, offenses, tokenSealed: sealToken(receipt.token, key, requestHash) };
}

function receiptOf(stored: StoredReceipt, token: string): ComplaintReceipt {
	const { protocol, status, offenses } = stored;
	return { protocol, token, status, offenses, statusUrl: statusUrlOf(protocol, token) };
}

const statusUrlOf = (protocol: string, token: string) => `/reclamacoes/${protocol}?token=${token}`;

async function insertComplaint(
	trx: Db,
	body: ComplaintInput,
	{ photos, recording }: { photos: readonly Photo[]; recording: Recording | undefined },
	offenses: readonly Offense[],
	prefixo: string | null,
	year: number,
	now: Date
): Promise<ComplaintReceipt> {
	// Inside the transaction: a rollback gives the number back, so successes leave no gaps.
	const { last: seq } = await trx
		.insertInto('protocol_sequence')
		.values({ year, last: 1 })
		.onConflict((oc) =>
			oc.column('year').doUpdateSet({ last: (eb) => eb('protocol_sequence.last', '+', 1) })
		)
		.returning('last')
		.executeTakeFirstOrThrow();
	const protocol = `${PROTOCOL_PREFIX}-${year}-${String(seq).padStart(6, '0')}`;
	const token = randomBytes(18).toString('base64url');
	const location = body.location;

	const { id } = await trx
		.insertInto('complaint')
		.values({
			protocol,
			year,
			seq,
			token_hash: sha256(token),
			status: 'recebida',
			created_at: now.toISOString(),
			occurred_at: body.occurredAt.toISOString(),
			vehicle: body.vehicle ? vehicleText(body.vehicle) : null,
			vehicle_prefixo: prefixo,
			vehicle_description: body.vehicleDescription,
			situations: JSON.stringify(body.situations),
			offenses: JSON.stringify(offenses),
			paid_centavos: body.paidCentavos,
			distance_km: body.distanceKm,
			location_lat: location && 'lat' in location ? location.lat : null,
			location_lng: location && 'lng' in location ? location.lng : null,
			location_text: location && 'text' in location ? location.text : null,
			description: body.description,
			contact_name: body.contact?.name ?? null,
			contact_phone: body.contact?.phone ?? null,
			contact_email: body.contact?.email ?? null
		})
		.returning('id')
		.executeTakeFirstOrThrow();
	await trx
		.insertInto('complaint_event')
		.values({
			complaint_id: id,
			idx: 0,
			at: now.toISOString(),
			status: 'recebida',
			note: null,
			public: 1
		})
		.execute();
	for (const [idx, photo] of photos.entries())
		await trx
			.insertInto('complaint_photo')
			.values({ complaint_id: id, idx, mime: photo.mime, bytes: photo.bytes })
			.execute();
	if (recording)
		await trx
			.insertInto('complaint_audio')
			.values({
				complaint_id: id,
				mime: recording.mime,
				bytes: recording.bytes,
				duration_ms: Math.round(recording.durationMs)
			})
			.execute();

	return {
		protocol,
		token,
		status: 'recebida',
		offenses: offenses.map(({ article, cite, penalty }) => ({ article, cite, penalty })),
		statusUrl: statusUrlOf(protocol, token)
	};
}

/** What the rider sees with their token: what they reported, never their contact. */
export interface RiderComplaint {
	protocol: string;
	status: string;
	createdAt: string;
	occurredAt: string;
	/** `'007'` or a plate, as reported; null when the rider did not know it. */
	vehicle: string | null;
	/** The registry's prefixo for `vehicle` when it was found at reception. */
	vehiclePrefixo: string | null;
	vehicleDescription: string | null;
	situations: string[];
	offenses: Offense[];
	paidCentavos: number | null;
	/** The ride's distance as given (`2.345` km), or null. */
	distanceKm: string | null;
	location: { lat: number; lng: number } | { text: string } | null;
	description: string | null;
	photoCount: number;
	/** The rider's recording, when one came with the complaint and is still kept (LGPD). */
	recording: { durationMs: number } | null;
	/** Public events only, oldest first; the first is `recebida`. */
	history: { at: string; status: string; note: string | null }[];
}

/** Compared against when the protocol is unknown, so both misses take the same path. */
const NO_HASH = Buffer.alloc(32);

/**
 * The complaint for its protocol and token, or null — for an unknown protocol and for a wrong
 * token alike, so nobody can probe which protocols exist.
 */
export async function getComplaintForRider(
	db: Db,
	protocol: string,
	token: string
): Promise<RiderComplaint | null> {
	const row = await riderRow(db, protocol, token);
	if (!row) return null;

	const [events, photos, recording] = await Promise.all([
		db
			.selectFrom('complaint_event')
			.select(['at', 'status', 'note'])
			.where('complaint_id', '=', row.id)
			.where('public', '=', 1)
			.orderBy('idx')
			.execute(),
		db
			.selectFrom('complaint_photo')
			.select((eb) => eb.fn.countAll().as('n'))
			.where('complaint_id', '=', row.id)
			.executeTakeFirst(),
		db
			.selectFrom('complaint_audio')
			.select('duration_ms')
			.where('complaint_id', '=', row.id)
			.executeTakeFirst()
	]);
	return {
		protocol: row.protocol,
		status: row.status,
		createdAt: row.created_at,
		occurredAt: row.occurred_at,
		vehicle: row.vehicle,
		vehiclePrefixo: row.vehicle_prefixo,
		vehicleDescription: row.vehicle_description,
		situations: v.parse(v.array(v.string()), JSON.parse(row.situations)),
		offenses: v.parse(v.array(OffenseSchema), JSON.parse(row.offenses)),
		paidCentavos: row.paid_centavos,
		distanceKm: row.distance_km,
		location:
			row.location_lat !== null && row.location_lng !== null
				? { lat: row.location_lat, lng: row.location_lng }
				: row.location_text !== null
					? { text: row.location_text }
					: null,
		description: row.description,
		// PostgreSQL counts in bigint, which pg returns as a string.
		photoCount: Number(photos?.n ?? 0),
		recording: recording ? { durationMs: recording.duration_ms } : null,
		history: events
	};
}

/**
 * The rider's own recording, through the receipt's token (the same check as the receipt: an
 * unknown protocol and a wrong token look alike), or null.
 */
export async function recordingForRider(
	db: Db,
	protocol: string,
	token: string
): Promise<{ mime: string; bytes: Uint8Array; durationMs: number } | null> {
	const row = await riderRow(db, protocol, token);
	if (!row) return null;
	const audio = await db
		.selectFrom('complaint_audio')
		.select(['mime', 'bytes', 'duration_ms'])
		.where('complaint_id', '=', row.id)
		.executeTakeFirst();
	return audio ? { mime: audio.mime, bytes: audio.bytes, durationMs: audio.duration_ms } : null;
}

/** The complaint's row when `token` is its tracking token, compared in constant time; else null. */
async function riderRow(db: Db, protocol: string, token: string) {
	if (!PROTOCOL.test(protocol) || !TOKEN.test(token)) return null;
	const row = await db
		.selectFrom('complaint')
		.selectAll()
		.where('protocol', '=', protocol)
		.executeTakeFirst();
	const stored = row ? Buffer.from(row.token_hash, 'hex') : NO_HASH;
	const given = createHash('sha256').update(token).digest();
	const same = stored.length === given.length && timingSafeEqual(stored, given);
	return row && same ? row : null;
}

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────

/** The canonical prefixo of a reported vehicle in the published registry, or null. */
async function registeredPrefixo(db: Db, vehicle: VehicleCode): Promise<string | null> {
	const snapshot = await currentRegistry(db);
	if (!snapshot) return null;
	return registryIndex(snapshot).find(vehicleText(vehicle))?.prefixo ?? null;
}

function vehicleText(vehicle: VehicleCode): string {
	return vehicle.kind === 'prefixo' ? formatPrefix(vehicle.prefixo) : vehicle.placa;
}

function sha256(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

function photoDigest(photo: Photo): { mime: string; sha256: string } {
	return { mime: photo.mime, sha256: digest(photo.bytes) };
}

function digest(bytes: Uint8Array): string {
	return createHash('sha256').update(bytes).digest('hex');
}

/**
 * JSON with object keys sorted and undefined left out, so the same request always hashes alike.
 * @example canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] }) //=> '{"a":[{"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
	return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
	if (value instanceof Date) return value.toISOString();
	if (Array.isArray(value)) return value.map(sorted);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([, x]) => x !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
			.map(([k, x]) => [k, sorted(x)])
	);
}

const PenaltySchema = v.nullable(v.picklist(PENALTIES));
const LocalizedSchema = v.object({ 'pt-BR': v.string(), es: v.string(), en: v.string() });

const StoredReceiptSchema = v.object({
	protocol: v.string(),
	tokenSealed: v.string(),
	status: v.literal('recebida'),
	offenses: v.array(v.object({ article: v.string(), cite: v.string(), penalty: PenaltySchema }))
});

const OffenseSchema = v.object({
	article: v.string(),
	cite: v.string(),
	penalty: PenaltySchema,
	penaltyCite: v.string(),
	automatic: v.optional(v.object({ penalty: v.picklist(PENALTIES), cite: v.string() })),
	note: v.optional(LocalizedSchema),
	penalties: v.optional(v.array(v.picklist(PENALTIES))),
	gravity: v.optional(v.string()),
	fine: v.optional(v.string())
});
