/**
 * A complaint as SEMAM's staff see it: what the queue shows, plus the rider's situations, the
 * moderation (the original words kept), the extension, the whole history with internal notes, the
 * photos and the vehicle as the registry in force identifies it (Art. 26, IV).
 *
 * Whether a contact was left, never the contact: that goes through `lgpd.revealContact`, audited.
 */
import * as v from 'valibot';
import type { ComplaintState } from '$lib/domain/complaint';
import type { RegistryEntry } from '$lib/domain/registry';
import type { Db } from '$lib/server/db';
import { currentRegistry } from '$lib/server/registry';
import { mediaOf } from './media';
import { PROTOCOL } from './receipt';
import { localDate, status, toItem, type QueueItem } from './triage';

export interface StaffEvent {
	idx: number;
	at: string;
	status: ComplaintState;
	note: string | null;
	public: boolean;
}

export interface StaffComplaint extends QueueItem {
	id: number;
	situations: string[];
	paidCentavos: number | null;
	/** The ride's distance as the rider gave it (`2.345` km), or null. */
	distanceKm: string | null;
	location: { lat: number; lng: number } | null;
	/** The rider's words as received, when `description` was moderated. */
	descriptionOriginal: string | null;
	moderatedAt: string | null;
	extension: { at: string; reason: string } | null;
	duplicateOf: string | null;
	closedAt: string | null;
	/** Whether a contact was left (never the contact itself: `lgpd.revealContact`). */
	hasContact: boolean;
	contactErasedAt: string | null;
	photoCount: number;
	/** The rider's recording (played at ./gravacao), null when none came or it was erased (LGPD). */
	recording: { durationMs: number } | null;
	history: StaffEvent[];
	/** The vehicle in the registry in force (Art. 26, IV: identification and plate). */
	registry: RegistryEntry | null;
	registrySample: boolean;
}

/** A complaint as staff see it, or null for an unknown (or malformed) protocol. */
export async function getComplaintForStaff(
	db: Db,
	protocol: string,
	now: Date
): Promise<StaffComplaint | null> {
	if (!PROTOCOL.test(protocol)) return null;
	const row = await db
		.selectFrom('complaint')
		.selectAll()
		.where('protocol', '=', protocol)
		.executeTakeFirst();
	if (!row) return null;
	const [events, media, snapshot] = await Promise.all([
		db
			.selectFrom('complaint_event')
			.select(['idx', 'at', 'status', 'note', 'public'])
			.where('complaint_id', '=', row.id)
			.orderBy('idx')
			.execute(),
		mediaOf(db, row.id),
		currentRegistry(db)
	]);
	const prefixo = row.vehicle_prefixo;
	return {
		...toItem(row, localDate(now)),
		id: row.id,
		situations: v.parse(v.array(v.string()), JSON.parse(row.situations)),
		paidCentavos: row.paid_centavos,
		distanceKm: row.distance_km,
		location:
			row.location_lat !== null && row.location_lng !== null
				? { lat: row.location_lat, lng: row.location_lng }
				: null,
		descriptionOriginal: row.description_original,
		moderatedAt: row.moderated_at,
		extension:
			row.answer_extended_at !== null
				? { at: row.answer_extended_at, reason: row.answer_extension_reason ?? '' }
				: null,
		duplicateOf: row.duplicate_of,
		closedAt: row.closed_at,
		hasContact: !!(row.contact_name || row.contact_phone || row.contact_email),
		contactErasedAt: row.contact_erased_at,
		...media,
		history: events.map((e) => ({
			idx: e.idx,
			at: e.at,
			status: status(e.status),
			note: e.note,
			public: e.public === 1
		})),
		registry: (prefixo && snapshot?.entries.find((e) => e.prefixo === prefixo)) || null,
		registrySample: snapshot?.sample ?? false
	};
}

/** A photo of a complaint, or null. */
export async function complaintPhoto(
	db: Db,
	protocol: string,
	idx: number
): Promise<{ mime: string; bytes: Uint8Array } | null> {
	const photo = await db
		.selectFrom('complaint_photo')
		.innerJoin('complaint', 'complaint.id', 'complaint_photo.complaint_id')
		.select(['complaint_photo.mime', 'complaint_photo.bytes'])
		.where('complaint.protocol', '=', protocol)
		.where('complaint_photo.idx', '=', idx)
		.executeTakeFirst();
	return photo ?? null;
}

/** A complaint's recording (never logged: the rider's voice is personal data), or null. */
export async function complaintRecording(
	db: Db,
	protocol: string
): Promise<{ mime: string; bytes: Uint8Array; durationMs: number } | null> {
	const audio = await db
		.selectFrom('complaint_audio')
		.innerJoin('complaint', 'complaint.id', 'complaint_audio.complaint_id')
		.select(['complaint_audio.mime', 'complaint_audio.bytes', 'complaint_audio.duration_ms'])
		.where('complaint.protocol', '=', protocol)
		.executeTakeFirst();
	return audio ? { mime: audio.mime, bytes: audio.bytes, durationMs: audio.duration_ms } : null;
}
