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
import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { catalogAt } from '$lib/profile/offenses';
import { wallClock } from '$lib/domain/clock';
import type { ComplaintInput } from '$lib/domain/complaint';
import { offensesOf, type Offense } from '$lib/domain/offenses';
import { formatPrefix, type VehicleCode } from '$lib/domain/plate';
import { profile } from '$lib/profile';
import {
	canPipeline,
	type Database,
	isPostgres,
	keyId,
	nextNumber,
	numberSql,
	pipeline,
	prepareNumber,
	sequenceName,
	writeTransaction
} from '$lib/server/db';
import { currentRegistry, registryIndex } from '$lib/server/registry';
import type { Recording } from './audio';
import { answerFor, canonicalJson, digest, photoDigest, sha256 } from './idempotency';
import type { Photo } from './photos';
import {
	PROTOCOL_PREFIX,
	statusUrlOf,
	storedReceipt,
	type ComplaintReceipt,
	type CreateResult
} from './receipt';

type Db = Kysely<Database>;

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
		// PostgreSQL: the year's protocol sequence exists before the transaction takes from it.
		await prepareNumber(db, 'protocol_sequence', year);
		const postgres = isPostgres(db);
		// The usual complaint (no photo, no recording) on PostgreSQL: one round trip.
		if (postgres && photos.length === 0 && !recording && canPipeline(db))
			return await createPipelined(db, { key, requestHash, body, offenses, prefixo, year, now });
		return await writeTransaction(db, async (trx): Promise<CreateResult> => {
			// Claims the key, or finds it used (a replay from the outbox, a conflict). On PostgreSQL a
			// concurrent claim of the same key waits here for our commit, then finds it; the same
			// statement takes the protocol number, only when the key is ours (RETURNING runs for
			// the inserted row alone): a replay takes none.
			const id = keyId(key);
			const claim = trx
				.insertInto('idempotency')
				.values({
					key: id,
					request_hash: requestHash,
					status: 'processing',
					response: null,
					created_at: now.toISOString()
				})
				.onConflict((oc) => oc.column('key').doNothing());
			const claimed = postgres
				? await claim
						.returning(['key', numberSql('protocol_sequence', year).as('seq')])
						.executeTakeFirst()
				: await claim.returning('key').executeTakeFirst();
			if (!claimed) return (await answerFor(trx, key, requestHash)) ?? { kind: 'in_progress' };

			const seq =
				'seq' in claimed ? Number(claimed.seq) : await nextNumber(trx, 'protocol_sequence', year);
			const complaint = complaintOf(body, offenses, prefixo, year, seq, now);
			const done = {
				status: 'done' as const,
				response: JSON.stringify(storedReceipt(complaint.receipt, key, requestHash))
			};
			const complaintId = postgres
				? await writePostgres(trx, complaint, id, done)
				: await writeSqlite(trx, complaint, id, done);
			await insertMedia(trx, complaintId, photos, recording);
			return { kind: 'created', response: complaint.receipt };
		});
	} finally {
		running.delete(key);
	}
}

/** `RM-2026-000123`: six digits at least (`protocolSql` writes the same on PostgreSQL). */
function protocolOf(year: number, seq: number): string {
	return `${PROTOCOL_PREFIX}-${year}-${String(seq).padStart(6, '0')}`;
}

interface Pipelined {
	key: string;
	requestHash: string;
	body: ComplaintInput;
	offenses: readonly Offense[];
	prefixo: string | null;
	year: number;
	now: Date;
}

/**
 * PostgreSQL, a complaint without media: the key's claim with its number, then the complaint, its
 * event and the key's answer — two statements, ONE round trip and one transaction (db/pipeline.ts),
 * committed with its WAL flush before this returns. The second statement takes the number the first
 * took (`currval`, the same connection) only when the first claimed the key: a replay or a
 * conflict takes no number and writes nothing.
 */
async function createPipelined(db: Db, p: Pipelined): Promise<CreateResult> {
	const { key, requestHash, year } = p;
	const token = randomBytes(18).toString('base64url');
	// Everything but the number is known now; the server puts the number in.
	const draft = complaintOf(p.body, p.offenses, p.prefixo, year, 1, p.now, token);
	const stored = JSON.stringify(
		storedReceipt({ ...draft.receipt, protocol: '' }, key, requestHash)
	);
	if (!stored.startsWith(RESPONSE_HEAD))
		throw new Error('receipt: protocol is not its first field');
	const id = keyId(key);
	const sequence = sequenceName('protocol_sequence', year);
	const row: Record<string, unknown> = draft.row;
	for (const column of Object.keys(row))
		if (column !== 'protocol' && column !== 'seq' && !PIPELINED_COLUMNS.has(column))
			throw new Error(`complaint column ${column} missing from the pipelined insert`);
	const { event } = draft;
	const [claim, written] = await pipeline(db, [
		{
			name: 'garupa_complaint_claim_v1',
			text: CLAIM_SQL,
			values: [id, requestHash, p.now.toISOString(), sequence]
		},
		{
			name: 'garupa_complaint_write_v1',
			text: WRITE_SQL,
			values: [
				sequence,
				id,
				`${PROTOCOL_PREFIX}-${year}-`,
				stored.slice(RESPONSE_HEAD.length),
				event.idx,
				event.at,
				event.status,
				event.note ?? null,
				event.public,
				...COMPLAINT_COLUMNS.map(([column]) => sqlValue(row[column]))
			]
		}
	]);
	const taken = claim?.[0]?.seq;
	if (taken === undefined || taken === null)
		return (await answerFor(db, key, requestHash)) ?? { kind: 'in_progress' };
	const seq = Number(taken);
	const receipt = complaintOf(p.body, p.offenses, p.prefixo, year, seq, p.now, token).receipt;
	const [saved] = written ?? [];
	// Committed already: a mismatch would be a bug here, and the key's row answers a retry.
	if (Number(saved?.seq) !== seq || saved?.protocol !== receipt.protocol)
		throw new Error(`complaint ${receipt.protocol}: stored as ${saved?.protocol ?? 'nothing'}`);
	return { kind: 'created', response: receipt };
}

/** The stored receipt's JSON starts with its protocol; the server writes it in. */
const RESPONSE_HEAD = '{"protocol":"",';

/** The complaint's columns the pipelined insert writes, with their PostgreSQL types. */
const COMPLAINT_COLUMNS = [
	['year', 'integer'],
	['token_hash', 'text'],
	['status', 'text'],
	['created_at', 'text'],
	['occurred_at', 'text'],
	['vehicle', 'text'],
	['vehicle_prefixo', 'text'],
	['vehicle_description', 'text'],
	['situations', 'text'],
	['offenses', 'text'],
	['paid_centavos', 'integer'],
	['distance_km', 'text'],
	['location_lat', 'double precision'],
	['location_lng', 'double precision'],
	['location_text', 'text'],
	['description', 'text'],
	['contact_name', 'text'],
	['contact_phone', 'text'],
	['contact_email', 'text']
] as const satisfies readonly (readonly [keyof NewComplaint['row'], string])[];

const PIPELINED_COLUMNS: ReadonlySet<string> = new Set(COMPLAINT_COLUMNS.map(([c]) => c));

function sqlValue(value: unknown): string | number | null {
	if (value === null || value === undefined) return null;
	if (typeof value === 'number' || typeof value === 'string') return value;
	throw new TypeError(`complaint column of type ${typeof value}`);
}

/** Claims the key ('processing'); the year's next number only when the key is ours (RETURNING). */
const CLAIM_SQL = `insert into idempotency (key, request_hash, status, response, created_at)
values ($1, $2, 'processing', null, $3)
on conflict (key) do nothing
returning nextval($4::regclass) as seq`;

/**
 * The complaint, its first event and the key's answer, when this transaction claimed the key (its
 * row is 'processing' only until this statement: a committed key is 'done'). The number is the one
 * the claim took on this connection; the protocol has six digits at least, like `protocolOf`.
 */
const WRITE_SQL = `with claimed as (
	select currval($1::regclass) as seq from idempotency where key = $2 and status = 'processing'
), numbered as (
	select seq, $3::text || lpad(seq::text, greatest(6, length(seq::text)), '0') as protocol
	from claimed
), c as (
	insert into complaint (protocol, seq, ${COMPLAINT_COLUMNS.map(([c]) => c).join(', ')})
	select numbered.protocol, numbered.seq, ${COMPLAINT_COLUMNS.map(([, type], i) => `$${i + 10}::${type}`).join(', ')}
	from numbered
	returning id
), e as (
	insert into complaint_event (complaint_id, idx, at, status, note, public)
	select c.id, $5::integer, $6::text, $7::text, $8::text, $9::integer from c
), answered as (
	update idempotency
	set status = 'done', response = '{"protocol":' || to_json(numbered.protocol)::text || ',' || $4::text
	from numbered
	where idempotency.key = $2
)
select numbered.seq, numbered.protocol from numbered`;

/** A new complaint: its row, its first (public) event, and the receipt the rider gets. */
interface NewComplaint {
	row: Insertable<Database['complaint']>;
	event: Omit<Insertable<Database['complaint_event']>, 'complaint_id'>;
	receipt: ComplaintReceipt;
}

function complaintOf(
	body: ComplaintInput,
	offenses: readonly Offense[],
	prefixo: string | null,
	year: number,
	seq: number,
	now: Date,
	token: string = randomBytes(18).toString('base64url')
): NewComplaint {
	const protocol = protocolOf(year, seq);
	const location = body.location;
	return {
		row: {
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
		},
		event: { idx: 0, at: now.toISOString(), status: 'recebida', note: null, public: 1 },
		receipt: {
			protocol,
			token,
			status: 'recebida',
			offenses: offenses.map(({ article, cite, penalty }) => ({ article, cite, penalty })),
			statusUrl: statusUrlOf(protocol, token)
		}
	};
}

type Done = { status: 'done'; response: string };

/** SQLite: the complaint, its event and the key's answer, one statement each (no round trips). */
async function writeSqlite(trx: Db, c: NewComplaint, key: string, done: Done): Promise<number> {
	const { id } = await trx
		.insertInto('complaint')
		.values(c.row)
		.returning('id')
		.executeTakeFirstOrThrow();
	await trx
		.insertInto('complaint_event')
		.values({ complaint_id: id, ...c.event })
		.execute();
	await trx.updateTable('idempotency').set(done).where('key', '=', key).execute();
	return id;
}

/**
 * PostgreSQL: the complaint, its event and the key's answer in ONE statement (data-modifying
 * CTEs): each statement is a round trip to the server, and a complaint's transaction is then four
 * (begin, claim and number, this, commit) instead of seven.
 */
async function writePostgres(trx: Db, c: NewComplaint, key: string, done: Done): Promise<number> {
	const { event } = c;
	const { id } = await trx
		.with('c', (db) => db.insertInto('complaint').values(c.row).returning('id'))
		.with('e', (db) =>
			db
				.insertInto('complaint_event')
				.columns(['complaint_id', 'idx', 'at', 'status', 'note', 'public'])
				.expression((eb) =>
					eb
						.selectFrom('c')
						.select([
							'c.id',
							sql<number>`cast(${event.idx} as integer)`.as('idx'),
							sql<string>`cast(${event.at} as text)`.as('at'),
							sql<string>`cast(${event.status} as text)`.as('status'),
							sql<null>`cast(null as text)`.as('note'),
							sql<number>`cast(${event.public} as integer)`.as('public')
						])
				)
		)
		.with('i', (db) => db.updateTable('idempotency').set(done).where('key', '=', key))
		.selectFrom('c')
		.select('c.id')
		.executeTakeFirstOrThrow();
	return id;
}

/** The complaint's photos and recording, when it has them. */
async function insertMedia(
	trx: Db,
	id: number,
	photos: readonly Photo[],
	recording: Recording | undefined
): Promise<void> {
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
}

/** The canonical prefixo of a reported vehicle in the published registry, or null. */
async function registeredPrefixo(db: Db, vehicle: VehicleCode): Promise<string | null> {
	const snapshot = await currentRegistry(db);
	if (!snapshot) return null;
	return registryIndex(snapshot).find(vehicleText(vehicle))?.prefixo ?? null;
}

function vehicleText(vehicle: VehicleCode): string {
	return vehicle.kind === 'prefixo' ? formatPrefix(vehicle.prefixo) : vehicle.placa;
}
