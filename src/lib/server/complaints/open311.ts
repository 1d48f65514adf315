/**
 * The public complaints Open311 publishes (src/lib/domain/open311.ts), read column by column: the
 * rider's contact, text and typed place are never even selected, and only public notes are read.
 */
import { catalogAt as catalogAtInstant } from '$lib/profile/offenses';
import { json } from '@sveltejs/kit';
import { COMPLAINT_STATES, type ComplaintState } from '$lib/domain/complaint';
import { type OffenseCatalog } from '$lib/domain/offenses';
import {
	MAX_RESULTS,
	PUBLIC_STATES,
	type Lang,
	type Open311Error,
	type PublicComplaint,
	type RequestFilters
} from '$lib/domain/open311';
import { apiLocale, CORS } from '$lib/server/http';
import type { Db } from '$lib/server/db';

/** The catalog a complaint was filed under (its situations' wording). */
export function catalogAt(iso: string): OffenseCatalog {
	return catalogAtInstant(new Date(iso));
}

const isState = (s: string): s is ComplaintState => s in COMPLAINT_STATES;

/** The columns Open311 may publish: nothing personal. */
const COLUMNS = [
	'id',
	'protocol',
	'status',
	'created_at',
	'situations',
	'location_lat',
	'location_lng',
	'answer_extended_at'
] as const;

type Row = {
	id: number;
	protocol: string;
	status: string;
	created_at: string;
	situations: string;
	location_lat: number | null;
	location_lng: number | null;
	answer_extended_at: string | null;
};

/** Latest public note and latest event instant per complaint. */
async function eventsOf(db: Db, ids: number[]) {
	const out = new Map<number, { note: string | null; at: string | null }>();
	for (let i = 0; i < ids.length; i += 500) {
		const chunk = ids.slice(i, i + 500);
		const rows = await db
			.selectFrom('complaint_event')
			.select(['complaint_id', 'idx', 'at', 'note', 'public'])
			.where('complaint_id', 'in', chunk)
			.orderBy('complaint_id')
			.orderBy('idx')
			.execute();
		for (const r of rows) {
			const cur = out.get(r.complaint_id) ?? { note: null, at: null };
			// Every transition moves the public status, so its instant is public; its note only if
			// SEMAM marked it public.
			cur.at = r.at;
			if (r.public === 1 && r.note) cur.note = r.note;
			out.set(r.complaint_id, cur);
		}
	}
	return out;
}

async function toPublic(db: Db, rows: Row[]): Promise<PublicComplaint[]> {
	const events = await eventsOf(
		db,
		rows.map((r) => r.id)
	);
	return rows.flatMap((r) => {
		if (!isState(r.status) || !COMPLAINT_STATES[r.status].public) return [];
		const e = events.get(r.id);
		const situations = JSON.parse(r.situations) as unknown;
		return [
			{
				protocol: r.protocol,
				status: r.status,
				createdAt: r.created_at,
				updatedAt: e?.at ?? r.created_at,
				situations: Array.isArray(situations) ? situations.map(String) : [],
				lat: r.location_lat,
				lng: r.location_lng,
				answerExtended: r.answer_extended_at !== null,
				publicNote: e?.note ?? null
			}
		];
	});
}

/**
 * Public complaints matching the filters, newest first, at most `MAX_RESULTS`. With
 * `service_request_id` the other filters are ignored (GeoReport v2).
 */
export async function listPublicRequests(
	db: Db,
	filters: RequestFilters
): Promise<PublicComplaint[]> {
	let q = db.selectFrom('complaint').select(COLUMNS);
	if (filters.ids) {
		q = q
			.where('protocol', 'in', filters.ids.slice(0, MAX_RESULTS))
			.where('status', 'in', [...PUBLIC_STATES]);
	} else {
		if (filters.states.length === 0) return [];
		q = q
			.where('status', 'in', [...filters.states])
			.where('created_at', '>=', filters.from.toISOString())
			.where('created_at', '<=', filters.to.toISOString());
		const codes = filters.serviceCodes;
		// The request's service is its first situation: `["cobrou-mais",…` (kebab-case codes, no
		// LIKE wildcards in them).
		if (codes) q = q.where((eb) => eb.or(codes.map((c) => eb('situations', 'like', `["${c}"%`))));
	}
	const rows = await q
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(MAX_RESULTS)
		.execute();
	return toPublic(db, rows);
}

/** One public complaint by protocol, or null (unknown and non-public look the same). */
export async function getPublicRequest(db: Db, protocol: string): Promise<PublicComplaint | null> {
	const row = await db
		.selectFrom('complaint')
		.select(COLUMNS)
		.where('protocol', '=', protocol)
		.executeTakeFirst();
	if (!row) return null;
	return (await toPublic(db, [row]))[0] ?? null;
}

/** JSON with the public API's open CORS; the answers change with each triage, so revalidate. */
export function open311Json(body: unknown, status = 200): Response {
	return json(body, {
		status,
		headers: { ...CORS, 'cache-control': status === 200 ? 'public, max-age=60' : 'no-store' }
	});
}

/** GeoReport v2 errors: `[{ "code": 400, "description": "…" }]`, with that HTTP status. */
export function open311Error(error: Open311Error): Response {
	return open311Json([error], error.code);
}

/** The rider-facing language for names (pt-BR, es, en), from Accept-Language. */
export function langOf(request: Request): Lang {
	return apiLocale(request);
}
