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
	type Database,
	isPostgres,
	keyId,
	nextNumber,
	numberSql,
	prepareNumber,
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
	now: Date
): NewComplaint {
	const protocol = `${PROTOCOL_PREFIX}-${year}-${String(seq).padStart(6, '0')}`;
	const token = randomBytes(18).toString('base64url');
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
