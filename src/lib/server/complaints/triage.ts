/**
 * SEMAM's complaint queue and a complaint as staff see it: everything an auto de infração needs
 * (Art. 26: date, time, place, description, the vehicle's identification and plate from the
 * registry, the provisions), the full history with internal notes, and the deadlines.
 *
 * Never the rider's contact: that is read only through `lgpd.revealContact`, which audits each
 * view. Changes live in ./complaint-admin (complaints), ./autos and ./auto-steps (autos de infração).
 */
import { sql } from 'kysely';
import * as v from 'valibot';
import { wallClock, type LocalDate } from '$lib/domain/clock';
import type { ComplaintState } from '$lib/domain/complaint';
import { PENALTIES } from '$lib/domain/offenses';
import {
	answerDue,
	isComplaintState,
	PAGE_SIZE,
	type Deadline,
	type QueueFilter
} from '$lib/domain/triage';
import { profile } from '$lib/profile';
import { situationsAt } from '$lib/profile/offenses';
import type { Db, Database } from '$lib/server/db';
import { recordingExists } from './media';
import { conditions, vehicleMatch } from './triage-filter';

/** The municipality's calendar day of an instant. */
export const localDate = (at: Date | string): LocalDate =>
	wallClock(typeof at === 'string' ? new Date(at) : at, profile.timeZone).date;

const OffenseSchema = v.object({
	article: v.string(),
	cite: v.string(),
	penalty: v.nullable(v.picklist(PENALTIES)),
	penaltyCite: v.string(),
	penalties: v.optional(v.array(v.picklist(PENALTIES))),
	gravity: v.optional(v.string()),
	fine: v.optional(v.string())
});

export type StoredOffense = v.InferOutput<typeof OffenseSchema>;

/** The provisions as judged at reception (src/lib/server/complaints/intake-write.ts stores them). */
export function parseOffenses(json: string): StoredOffense[] {
	return v.parse(v.array(OffenseSchema), JSON.parse(json));
}

export function status(value: string): ComplaintState {
	if (!isComplaintState(value)) throw new RangeError(`Unknown complaint state: ${value}`);
	return value;
}

export interface QueueItem {
	protocol: string;
	status: ComplaintState;
	createdAt: string;
	occurredAt: string;
	vehicle: string | null;
	vehiclePrefixo: string | null;
	vehicleDescription: string | null;
	offenses: StoredOffense[];
	place: string | null;
	/** As moderated, when it was. */
	description: string | null;
	answer: Deadline | null;
	extended: boolean;
}

/** A row of the queue: the complaint, what each provision means, and what came with it. */
export interface QueueEntry extends QueueItem {
	/**
	 * Each provision's conduct in plain words (`art20-VII` → "Fumou ou deixou alguém fumar…"): the
	 * situations the rider reported that breach it, worded by the catalog of the conduct's day.
	 */
	offenseNames: Record<string, string>;
	photoCount: number;
	hasRecording: boolean;
}

export interface QueuePage {
	items: QueueEntry[];
	total: number;
	page: number;
	pages: number;
}

export const QUEUE_COLUMNS = [
	'protocol',
	'status',
	'created_at',
	'occurred_at',
	'vehicle',
	'vehicle_prefixo',
	'vehicle_description',
	'offenses',
	'location_text',
	'location_lat',
	'location_lng',
	'description',
	'answer_extended_at'
] as const;

export type QueueRow = Pick<Database['complaint'], (typeof QUEUE_COLUMNS)[number]>;

export function toItem(row: QueueRow, today: LocalDate): QueueItem {
	const state = status(row.status);
	const extended = row.answer_extended_at !== null;
	return {
		protocol: row.protocol,
		status: state,
		createdAt: row.created_at,
		occurredAt: row.occurred_at,
		vehicle: row.vehicle,
		vehiclePrefixo: row.vehicle_prefixo,
		vehicleDescription: row.vehicle_description,
		offenses: parseOffenses(row.offenses),
		place: placeOf(row),
		description: row.description,
		answer: answerDue({ status: state, receivedOn: localDate(row.created_at), extended }, today),
		extended
	};
}

/** The place as text: what the rider typed, or the coordinates they shared. */
export function placeOf(row: {
	location_text: string | null;
	location_lat: number | null;
	location_lng: number | null;
}): string | null {
	if (row.location_text !== null) return row.location_text;
	if (row.location_lat !== null && row.location_lng !== null)
		return `${row.location_lat.toFixed(5)}, ${row.location_lng.toFixed(5)}`;
	return null;
}

/** Each provision a complaint's situations breach → those situations' words (pt-BR), joined. */
function offenseNames(situationsJson: string, occurredAt: string): Record<string, string> {
	const codes = v.parse(v.array(v.string()), JSON.parse(situationsJson));
	const names: Record<string, string[]> = {};
	for (const s of situationsAt(codes, new Date(occurredAt)))
		for (const article of s.articles) (names[article] ??= []).push(s.wording['pt-BR']);
	return Object.fromEntries(Object.entries(names).map(([a, words]) => [a, words.join('; ')]));
}

/**
 * One page of the queue under `filter`, on the municipality's `today`.
 * @example (await listQueue(db, { ...EMPTY_FILTER, status: 'abertas' }, new Date())).items[0].protocol //=> 'RM-2026-000001'
 */
export async function listQueue(db: Db, filter: QueueFilter, now: Date): Promise<QueuePage> {
	const today = localDate(now);
	const vehicle = await vehicleMatch(db, filter);
	const base = db.selectFrom('complaint').where((eb) => conditions(eb, filter, vehicle, today));
	const [{ n }, rows] = await Promise.all([
		base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
		base
			.select(QUEUE_COLUMNS)
			.select('situations')
			.select((eb) =>
				eb
					.selectFrom('complaint_photo')
					.select((p) => p.fn.countAll().as('n'))
					.whereRef('complaint_photo.complaint_id', '=', 'complaint.id')
					.as('photo_count')
			)
			.select((eb) => recordingExists(eb).as('has_recording'))
			// Open ones first, oldest first: the oldest open complaint is the nearest to its deadline.
			.orderBy(sql`case when closed_at is null then 0 else 1 end`)
			.orderBy('created_at')
			.orderBy('id')
			.limit(PAGE_SIZE)
			.offset((filter.page - 1) * PAGE_SIZE)
			.execute()
	]);
	const total = Number(n);
	return {
		items: rows.map((r) => ({
			...toItem(r, today),
			offenseNames: offenseNames(r.situations, r.occurred_at),
			// PostgreSQL counts in bigint (a string) and answers `exists` as a boolean, SQLite 0/1.
			photoCount: Number(r.photo_count ?? 0),
			hasRecording: !!Number(r.has_recording)
		})),
		total,
		page: filter.page,
		pages: Math.max(1, Math.ceil(total / PAGE_SIZE))
	};
}
