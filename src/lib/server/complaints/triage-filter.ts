/**
 * The staff queue's filter (state, dates, vehicle, article, overdue, text) as the SQL condition
 * both the queue and its CSV export use.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { addDays, zonedInstant, type LocalDate } from '$lib/domain/clock';
import { COMPLAINT_STATES, type ComplaintState } from '$lib/domain/complaint';
import { formatPrefix } from '$lib/domain/plate';
import { overdueBefore, type QueueFilter } from '$lib/domain/triage';
import { profile } from '$lib/profile';
import type { Db, Database } from '$lib/server/db';
import { currentRegistry, registryIndex } from '$lib/server/registry';

export const OPEN_STATES = (Object.keys(COMPLAINT_STATES) as ComplaintState[]).filter(
	(s) => COMPLAINT_STATES[s].type === 'open'
);

/** Midnight of a local date in the municipality, as the ISO text the database compares. */
const startOf = (date: LocalDate) => zonedInstant(date, 0, profile.timeZone).toISOString();

type Eb = ExpressionBuilder<Database, 'complaint'>;

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** The vehicle filter as the database stores it: as reported (`'007'`, a plate) and the prefixo. */
export interface VehicleMatch {
	reported: string;
	prefixo: string | null;
}

export async function vehicleMatch(db: Db, filter: QueueFilter): Promise<VehicleMatch | null> {
	const vehicle = filter.vehicle;
	if (!vehicle) return null;
	if (vehicle.kind === 'prefixo')
		return { reported: formatPrefix(vehicle.prefixo), prefixo: vehicle.prefixo };
	// A plate reaches the complaints filed under the vehicle's prefixo too.
	const snapshot = await currentRegistry(db);
	const entry = snapshot ? registryIndex(snapshot).find(vehicle.placa) : null;
	return { reported: vehicle.placa, prefixo: entry?.prefixo ?? null };
}

export function conditions(
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
