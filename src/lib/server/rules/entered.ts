/**
 * The tariff decrees and decreed days a gestor entered, as the database keeps them, with who
 * entered each.
 */
import type { Selectable } from 'kysely';
import type { DecreedDay } from '$lib/domain/holidays';
import type { Surcharge, TariffDecree } from '$lib/domain/tariff';
import type { Db, DecreedDayTable, TariffDecreeTable } from '$lib/server/db';

/** A decree entered in the database, with who entered it. */
export interface EnteredDecree extends TariffDecree {
	dbId: number;
	enteredBy: string | null;
	enteredAt: string;
}

export interface EnteredDay extends DecreedDay {
	dbId: number;
	enteredBy: string | null;
	enteredAt: string;
}

/** The id riders and the API see for an entered decree. */
export const decreeId = (dbId: number) => `decreto-${dbId}`;

export function decreeOf(r: Selectable<TariffDecreeTable>): EnteredDecree {
	const flag = (flagfall: number, perKm: number | null) =>
		perKm === null ? { flagfall } : { flagfall, perKm };
	return {
		id: decreeId(r.id),
		dbId: r.id,
		reference: r.reference,
		validFrom: r.valid_from,
		sample: false,
		...(r.note ? { note: r.note } : {}),
		bandeiras: { 1: flag(r.flagfall_1, r.per_km_1), 2: flag(r.flagfall_2, r.per_km_2) },
		surcharges: JSON.parse(r.surcharges) as Surcharge[],
		enteredBy: r.entered_by_email,
		enteredAt: r.entered_at
	};
}

export function dayOf(r: Selectable<DecreedDayTable>): EnteredDay {
	return {
		dbId: r.id,
		date: r.date,
		action: r.action === 'remove' || r.action === 'close' ? r.action : 'add',
		name: r.name,
		reference: r.reference,
		enteredBy: r.entered_by_email,
		enteredAt: r.entered_at
	};
}

/** The entered decrees, oldest date first. */
export async function enteredDecrees(db: Db): Promise<EnteredDecree[]> {
	const rows = await db.selectFrom('tariff_decree').selectAll().orderBy('valid_from').execute();
	return rows.map(decreeOf);
}

/** The entered decreed days, by date. */
export async function enteredDays(db: Db): Promise<EnteredDay[]> {
	const rows = await db.selectFrom('decreed_day').selectAll().orderBy('date').execute();
	return rows.map(dayOf);
}
