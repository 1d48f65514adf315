/**
 * What the rider sees through the receipt's token: the complaint (never their contact) and the
 * recording.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { PENALTIES, type Offense } from '$lib/domain/offenses';
import type { Database } from '$lib/server/db';
import { mediaOf } from './media';
import { PenaltySchema, PROTOCOL, TOKEN } from './receipt';

type Db = Kysely<Database>;

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

	const [events, media] = await Promise.all([
		db
			.selectFrom('complaint_event')
			.select(['at', 'status', 'note'])
			.where('complaint_id', '=', row.id)
			.where('public', '=', 1)
			.orderBy('idx')
			.execute(),
		mediaOf(db, row.id)
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
		...media,
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

const LocalizedSchema = v.object({ 'pt-BR': v.string(), es: v.string(), en: v.string() });

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
