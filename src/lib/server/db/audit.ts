/**
 * The audit log: every staff change, and every view of a rider's contact (LGPD), with who, when,
 * what, and the before → after. Written in the same transaction as the change it records.
 *
 * Never put a password or a rider's contact in `before`/`after`: record that a contact was seen or
 * erased, not what it was.
 */
import type { StaffMember } from '$lib/domain/staff';
import type { Db } from './connection';

export interface AuditEntry {
	/**
	 * Null only for what the system does by itself (the LGPD erasure job); `id` null when only the
	 * e-mail is known (an erasure re-applied after a restore).
	 */
	staff: { id: StaffMember['id'] | null; email: StaffMember['email'] } | null;
	/** `complaint.transition`, `registry.publish`, `contact.view`, `staff.create`… */
	action: string;
	/** `complaint`, `registry_entry`, `stand`, `tariff_decree`, `staff`… */
	entity: string;
	entityId?: string | number | null;
	before?: unknown;
	after?: unknown;
	note?: string | null;
}

export interface AuditRow {
	id: number;
	at: string;
	staffEmail: string | null;
	action: string;
	entity: string;
	entityId: string | null;
	before: unknown;
	after: unknown;
	note: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Records one change (`db` may be a transaction: it then commits or rolls back with it). */
export async function audit(db: Db, entry: AuditEntry, at: Date = new Date()): Promise<void> {
	await db
		.insertInto('audit_log')
		.values({
			at: at.toISOString(),
			staff_id: entry.staff?.id ?? null,
			staff_email: entry.staff?.email ?? null,
			action: entry.action,
			entity: entry.entity,
			entity_id: entry.entityId == null ? null : String(entry.entityId),
			before: json(entry.before),
			after: json(entry.after),
			note: entry.note ?? null
		})
		.execute();
}

export interface AuditQuery {
	entity?: string;
	entityId?: string;
	staffEmail?: string;
	action?: string;
	limit?: number;
	/** Rows with an id below this one (the next page). */
	before?: number;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** Newest first. */
export async function auditLog(db: Db, query: AuditQuery = {}): Promise<AuditRow[]> {
	let q = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc');
	if (query.entity) q = q.where('entity', '=', query.entity);
	if (query.entityId) q = q.where('entity_id', '=', query.entityId);
	if (query.staffEmail) q = q.where('staff_email', '=', query.staffEmail.toLowerCase());
	if (query.action) q = q.where('action', '=', query.action);
	if (query.before) q = q.where('id', '<', query.before);
	const rows = await q.limit(Math.min(query.limit ?? 100, 500)).execute();
	return rows.map((r) => ({
		id: r.id,
		at: r.at,
		staffEmail: r.staff_email,
		action: r.action,
		entity: r.entity,
		entityId: r.entity_id,
		before: parse(r.before),
		after: parse(r.after),
		note: r.note
	}));
}
