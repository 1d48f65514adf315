/**
 * What the field mode needs to open with no signal, kept on the phone (IndexedDB `garupa-campo`,
 * beside the autos) by each online load on an enrolled device, and read by the shell
 * (src/lib/field/shell.ts) when it opens offline. An allow-list, so a field added to the page's data
 * later is never kept by accident:
 * - the public registry with each vehicle's verdict (what /verificar shows riders) and the law's
 *   public catalogue of conducts, with its name and citations, and what it does at once (a
 *   cautelar suspension, whose record) and which other field acts it has; what the scanner checks a
 *   signed card with (the profile's keys, the revoked serials /api/registry publishes) and the map's
 *   tiles and centre;
 * - the agent's own name and matrícula (printed on the auto and the driver's copy), the device's
 *   state, the copies the law asks for and the municipality's time zone.
 * Never kept: the vehicles' open autos (staff data: shown only with signal), the server's clock
 * (the store keeps its offset), the blocks (the store keeps them). It stays until the next online
 * load replaces it or sign-out deletes the database (wipeField).
 */
import { readRecord, writeRecord } from './store';

const KEY = 'context';

export const KEPT_FIELDS = [
	'agent',
	'matriculaCite',
	'device',
	'law',
	'noCatalog',
	'refusalCite',
	'copies',
	'conducts',
	'cardBase',
	'cardKeys',
	'revoked',
	'unlicensed',
	'infractionCite',
	'tiles',
	'centre',
	'fieldActs',
	'fieldLaw',
	'registry',
	'timeZone'
] as const;

type KeptField = (typeof KEPT_FIELDS)[number];

/** What is kept of the page's data `T`, with when. */
export type FieldContext<T extends Record<KeptField, unknown>> = Pick<T, KeptField> & {
	keptAt: string;
};

/** Only the allowed fields of `data`, stamped with the time kept. */
export function pickContext<T extends Record<KeptField, unknown>>(
	data: T,
	now = new Date()
): FieldContext<T> {
	const picked = Object.fromEntries(KEPT_FIELDS.map((k) => [k, data[k]])) as Pick<T, KeptField>;
	// A plain copy (no framework proxy): IndexedDB clones it.
	return {
		...(JSON.parse(JSON.stringify(picked)) as Pick<T, KeptField>),
		keptAt: now.toISOString()
	};
}

export async function keepContext<T extends Record<KeptField, unknown>>(data: T): Promise<void> {
	await writeRecord(KEY, pickContext(data));
}

export async function readContext<
	T extends Record<KeptField, unknown>
>(): Promise<FieldContext<T> | null> {
	return (await readRecord<FieldContext<T>>(KEY).catch(() => undefined)) ?? null;
}

/**
 * The data the page draws from: the server's when it answered; the shell's (empty) filled with
 * what the phone kept when it did not. `kept` is undefined until read (the shell stays as is: an
 * empty form), null when the phone kept nothing (signed out since: the mode cannot act).
 */
export function fieldView<T extends Record<KeptField, unknown> & { shell: boolean }>(
	served: T,
	kept: FieldContext<T> | null | undefined
): T {
	if (!served.shell || kept === undefined) return served;
	if (kept === null) return { ...served, device: 'none' };
	const fields: Partial<FieldContext<T>> = { ...kept };
	delete fields.keptAt;
	return { ...served, ...fields };
}
