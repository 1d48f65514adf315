/**
 * The database as Kysely sees it. Column types are the ones both SQLite and PostgreSQL return:
 * integers as numbers, dates as `YYYY-MM-DD` text, instants as ISO 8601 text, flags as 0/1.
 */
import type { FieldActTables } from './schema-field-acts';
import type { Generated } from 'kysely';
import type { RegistryAdminTables, RegistryEntryTable } from './schema-registry';
import type { RulesTables } from './schema-rules';
import type { StaffTables } from './schema-staff';
import type { TriageTables } from './schema-triage';

/** One published, immutable version of the public registry (SEMAM → riders). */
export interface RegistrySnapshotTable {
	version: number;
	/** ISO 8601 instant. */
	published_at: string;
	/** Where the data came from: a file name, "Dados de exemplo (fictícios)", an admin edit. */
	source: string;
	/** 1 = fictitious sample data, shown as such to riders. */
	sample: number;
	entry_count: number;
}

/** An official stand (ponto, Art. 13), as SEMAM last published it. */
export interface StandTable {
	/** Slug: `praca-central`. */
	id: string;
	name: string;
	address: string;
	/** Degrees, WGS 84 (double precision). */
	lat: number;
	lng: number;
	vagas: number;
	note: string | null;
	/** 1 = fictitious sample data, shown as such to riders. */
	sample: number;
	/** ISO 8601 instant of the import that wrote the row. */
	updated_at: string;
}

/** A prefixo authorized at a stand; canonical digits (`'7'`), as in the registry. */
export interface StandPrefixTable {
	stand_id: string;
	prefixo: string;
}

/**
 * A rider's complaint as received. `token_hash` is the sha256 hex of the private tracking token;
 * `situations` and `offenses` are JSON text; contact fields are personal data (LGPD), never
 * returned by the public API.
 */
export interface ComplaintTable {
	/** Assigned by the database (SQLite rowid, PostgreSQL identity). */
	id: Generated<number>;
	/** `RM-2026-000123`. */
	protocol: string;
	year: number;
	seq: number;
	token_hash: string;
	/** A `ComplaintState` (src/lib/domain/complaint.ts). */
	status: string;
	/** ISO 8601 instants. */
	created_at: string;
	occurred_at: string;
	/** Normalized vehicle code as reported (`'007'`, `'ABC1234'`), null when unknown. */
	vehicle: string | null;
	/** Canonical prefixo found in the registry for `vehicle`, else null. */
	vehicle_prefixo: string | null;
	vehicle_description: string | null;
	/** JSON array of situation codes. */
	situations: string;
	/** JSON array of `Offense` (src/lib/domain/offenses.ts), as judged at reception. */
	offenses: string;
	paid_centavos: number | null;
	/** The ride's distance in km as the rider gave it (`2.345`), for a per-km table; else null. */
	distance_km: string | null;
	location_lat: number | null;
	location_lng: number | null;
	location_text: string | null;
	description: string | null;
	contact_name: string | null;
	contact_phone: string | null;
	contact_email: string | null;
	// Triage (migration 005, src/lib/server/complaints/triage.ts): ISO instants unless said otherwise.
	/** The rider's words as received when `description` was moderated; else null. */
	description_original: string | null;
	moderated_at: string | null;
	/** The one extension of the answer deadline (Lei 13.460/2017, art. 16), with its reason. */
	answer_extended_at: string | null;
	answer_extension_reason: string | null;
	/** Protocol of the complaint a `duplicada` one repeats. */
	duplicate_of: string | null;
	/** When it entered a closed state; null while open. */
	closed_at: string | null;
	/** When the contact fields were erased (LGPD). */
	contact_erased_at: string | null;
}

/** A complaint's status history; the first event is `recebida`. */
export interface ComplaintEventTable {
	complaint_id: number;
	/** 0, 1, 2… within the complaint. */
	idx: number;
	at: string;
	status: string;
	note: string | null;
	/** 1 = shown to the rider with its note. */
	public: number;
}

/** A photo, metadata already stripped (src/lib/server/complaints/photos.ts). */
export interface ComplaintPhotoTable {
	complaint_id: number;
	idx: number;
	mime: string;
	bytes: Uint8Array;
}

/** The rider's recording of a complaint (src/lib/server/complaints/audio/index.ts checked it), one at most. */
export interface ComplaintAudioTable {
	complaint_id: number;
	mime: string;
	bytes: Uint8Array;
	duration_ms: number;
}

/**
 * One LGPD erasure (018_erasures): which complaint, when, on request (`pedido`, by the gestor of
 * `staff_email`) or by the retention (`prazo`). Never the data erased.
 */
export interface LgpdErasureTable {
	protocol: string;
	erased_at: string;
	kind: 'pedido' | 'prazo';
	staff_email: string | null;
}

/** A revoked vehicle card (022_revoked_cards): its serial, the prefix it was printed for, when. */
export interface RevokedCardTable {
	serial: number;
	prefixo: string;
	revoked_at: string;
}

/**
 * A cautelar suspension (026_cautelar_suspension): the office-found auto it came with, the vehicle,
 * the offence and the provision that gives it, since when, and — once the auto is decided — when
 * it ended and by which step.
 */
export interface CautelarSuspensionTable {
	auto_number: string;
	prefixo: string;
	provision: string;
	cite: string;
	since: string;
	started_at: string;
	ended_on: string | null;
	ended_by: string | null;
}

/** The last protocol number given in a year (RM-<year>-<last>). */
export interface ProtocolSequenceTable {
	year: number;
	last: number;
}

/** A rate limit's count for one client (sha256 of its address) in one fixed window. */
export interface RateLimitTable {
	bucket: string;
	client: string;
	window: number;
	count: number;
}

/** An `Idempotency-Key` of `POST /api/complaints` and the answer it got. */
export interface IdempotencyTable {
	key: string;
	/** sha256 hex of the canonical JSON of the request. */
	request_hash: string;
	status: 'processing' | 'done';
	/** The original response JSON (with its token), for replays by the key's holder. */
	response: string | null;
	created_at: string;
}

export interface Database
	extends StaffTables, TriageTables, RegistryAdminTables, RulesTables, FieldActTables {
	registry_snapshot: RegistrySnapshotTable;
	registry_entry: RegistryEntryTable;
	stand: StandTable;
	stand_prefix: StandPrefixTable;
	complaint: ComplaintTable;
	complaint_event: ComplaintEventTable;
	complaint_photo: ComplaintPhotoTable;
	complaint_audio: ComplaintAudioTable;
	lgpd_erasure: LgpdErasureTable;
	revoked_card: RevokedCardTable;
	cautelar_suspension: CautelarSuspensionTable;
	protocol_sequence: ProtocolSequenceTable;
	idempotency: IdempotencyTable;
	rate_limit: RateLimitTable;
}
