/** The staff queue as a CSV file, every page under the filter, without contact data (LGPD). */
import { localISO } from '$lib/domain/clock';
import { STATE_LABEL, type QueueFilter } from '$lib/domain/triage';
import { profile } from '$lib/profile';
import type { Db } from '$lib/server/db';
import { recordingExists } from './media';
import { QUEUE_COLUMNS, localDate, toItem } from './triage';
import { conditions, vehicleMatch } from './triage-filter';

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
		.select((eb) => recordingExists(eb).as('has_recording'))
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
