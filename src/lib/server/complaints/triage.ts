/**
 * SEMAM's complaint queue and a complaint as staff see it: everything an auto de infração needs
 * (Art. 26: date, time, place, description, the vehicle's identification and plate from the
 * registry, the provisions), the full history with internal notes, and the deadlines.
 *
 * Never the rider's contact: that is read only through `lgpd.revealContact`, which audits each
 * view. Changes live in ./complaint-admin (complaints) and ./autos (autos de infração).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import * as v from 'valibot';
import { addDays, localISO, wallClock, zonedInstant, type LocalDate } from '$lib/domain/clock';
import { COMPLAINT_STATES, type ComplaintState } from '$lib/domain/complaint';
import { PENALTIES } from '$lib/domain/offenses';
import { formatPrefix } from '$lib/domain/plate';
import {
	answerDue,
	isComplaintState,
	overdueBefore,
	PAGE_SIZE,
	STATE_LABEL,
	type Deadline,
	type QueueFilter
} from '$lib/domain/triage';
import { profile } from '$lib/profile';
import type { Db, Database } from '$lib/server/db';
import { currentRegistry, registryIndex } from '$lib/server/registry';

export const OPEN_STATES = (Object.keys(COMPLAINT_STATES) as ComplaintState[]).filter(
	(s) => COMPLAINT_STATES[s].type === 'open'
);

/** The municipality's calendar day of an instant. */
export const localDate = (at: Date | string): LocalDate =>
	wallClock(typeof at === 'string' ? new Date(at) : at, profile.timeZone).date;

/** Midnight of a local date in the municipality, as the ISO text the database compares. */
const startOf = (date: LocalDate) => zonedInstant(date, 0, profile.timeZone).toISOString();

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

/** The provisions as judged at reception (src/lib/server/complaints/intake.ts stores them). */
export function parseOffenses(json: string): StoredOffense[] {
	return v.parse(v.array(OffenseSchema), JSON.parse(json));
}

export function status(value: string): ComplaintState {
	if (!isComplaintState(value)) throw new RangeError(`Unknown complaint state: ${value}`);
	return value;
}

type Eb = ExpressionBuilder<Database, 'complaint'>;

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** The vehicle filter as the database stores it: as reported (`'007'`, a plate) and the prefixo. */
interface VehicleMatch {
	reported: string;
	prefixo: string | null;
}

async function vehicleMatch(db: Db, filter: QueueFilter): Promise<VehicleMatch | null> {
	const vehicle = filter.vehicle;
	if (!vehicle) return null;
	if (vehicle.kind === 'prefixo')
		return { reported: formatPrefix(vehicle.prefixo), prefixo: vehicle.prefixo };
	// A plate reaches the complaints filed under the vehicle's prefixo too.
	const snapshot = await currentRegistry(db);
	const entry = snapshot ? registryIndex(snapshot).find(vehicle.placa) : null;
	return { reported: vehicle.placa, prefixo: entry?.prefixo ?? null };
}

function conditions(
	eb: Eb,
	filter: QueueFilter,
	vehicle: VehicleMatch | null,
	today: LocalDate
): Expression<SqlBool> {
	const all: Expression<SqlBool>[] = [];
	if (filter.status === 'abertas') all.push(eb('status', 'in', OPEN_STATES));
	else if (filter.status) all.push(eb('status', '=', filter.status));
	if (filter.from) all.push(eb('created_at', '>=', startOf(filter.from)));
	if (filter.to) all.push(eb('created_at', '<', startOf(addDays(filter.to, 1))));
	if (vehicle)
		all.push(
			eb.or([
				eb('vehicle', '=', vehicle.reported),
				...(vehicle.prefixo ? [eb('vehicle_prefixo', '=', vehicle.prefixo)] : [])
			])
		);
	if (filter.article) {
		// Offenses are JSON text; a whole article matches each of its incisos.
		const exact = `%"article":"${filter.article}"%`;
		const whole = `%"article":"${filter.article}-%`;
		all.push(
			filter.article.includes('-')
				? eb('offenses', 'like', exact)
				: eb.or([eb('offenses', 'like', exact), eb('offenses', 'like', whole)])
		);
	}
	if (filter.overdue) {
		all.push(eb('status', 'in', OPEN_STATES));
		all.push(
			eb.or([
				eb.and([
					eb('answer_extended_at', 'is', null),
					eb('created_at', '<', startOf(overdueBefore(today, false)))
				]),
				eb.and([
					eb('answer_extended_at', 'is not', null),
					eb('created_at', '<', startOf(overdueBefore(today, true)))
				])
			])
		);
	}
	if (filter.text) {
		const pattern = contains(filter.text);
		const like = (column: keyof Database['complaint'] & string) =>
			sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
		all.push(
			eb.or([
				like('protocol'),
				like('description'),
				like('description_original'),
				like('location_text'),
				like('vehicle_description'),
				like('vehicle')
			])
		);
	}
	return eb.and(all);
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

export interface QueuePage {
	items: QueueItem[];
	total: number;
	page: number;
	pages: number;
}

const QUEUE_COLUMNS = [
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
		items: rows.map((r) => toItem(r, today)),
		total,
		page: filter.page,
		pages: Math.max(1, Math.ceil(total / PAGE_SIZE))
	};
}

/** At most this many rows in one CSV: a year of complaints, far more than a spreadsheet needs. */
export const EXPORT_LIMIT = 10_000;

export const EXPORT_HEADER = [
	'protocolo',
	'situacao',
	'recebida_em',
	'ocorrida_em',
	'veiculo',
	'prefixo_cadastro',
	'dispositivos',
	'local',
	'descricao',
	'prazo_resposta',
	'atrasada',
	// Whether the rider's recording is kept (played on the complaint's page; never in the file).
	'gravacao'
] as const;

/**
 * The queue under `filter`, every page, as CSV rows (no contact data: LGPD). Instants in the
 * municipality's offset, as staff read them.
 */
export async function exportQueue(
	db: Db,
	filter: QueueFilter,
	now: Date
): Promise<(string | null)[][]> {
	const today = localDate(now);
	const vehicle = await vehicleMatch(db, filter);
	const rows = await db
		.selectFrom('complaint')
		.where((eb) => conditions(eb, filter, vehicle, today))
		.select(QUEUE_COLUMNS)
		.select((eb) =>
			eb
				.exists(
					eb
						.selectFrom('complaint_audio')
						.select('complaint_audio.complaint_id')
						.whereRef('complaint_audio.complaint_id', '=', 'complaint.id')
				)
				.as('has_recording')
		)
		.orderBy('created_at')
		.orderBy('id')
		.limit(EXPORT_LIMIT)
		.execute();
	return rows.map((row) => {
		const item = toItem(row, today);
		return [
			item.protocol,
			STATE_LABEL[item.status],
			localISO(new Date(item.createdAt), profile.timeZone),
			localISO(new Date(item.occurredAt), profile.timeZone),
			item.vehicle ?? item.vehicleDescription,
			item.vehiclePrefixo,
			item.offenses.map((o) => o.cite).join('; '),
			item.place,
			item.description,
			item.answer?.due ?? null,
			item.answer?.overdue ? 'sim' : 'não',
			// PostgreSQL answers `exists` as a boolean, SQLite as 0/1.
			Number(row.has_recording) ? 'sim' : 'não'
		];
	});
}
