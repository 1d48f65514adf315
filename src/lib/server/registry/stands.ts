/**
 * The published official stands (pontos, Lei 2.059/2011 Art. 13). SEMAM replaces the whole set
 * at once: riders see the old stands or the new ones, never half of each.
 */
import type { Kysely } from 'kysely';
import { validateStandsGeoJson, type Stand, type StandsContext } from '$lib/domain/stands';
import type { Database, StandTable } from '$lib/server/db';

type Db = Kysely<Database>;

export interface ReplaceOptions {
	/** Fictional example data, shown to riders as such. */
	sample: boolean;
	/** ISO 8601 instant; now by default. */
	updatedAt?: string;
}

/** Rows per INSERT: 9 parameters a stand stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 200;

const collator = new Intl.Collator('pt-BR');

/** Every stand with its prefixes, ordered by name as a Brazilian reads it (Á with A). */
export async function listStands(db: Db): Promise<Stand[]> {
	const [rows, prefixRows] = await Promise.all([
		db.selectFrom('stand').selectAll().execute(),
		db.selectFrom('stand_prefix').selectAll().execute()
	]);
	const prefixes = new Map<string, string[]>();
	for (const { stand_id, prefixo } of prefixRows) {
		const list = prefixes.get(stand_id);
		if (list) list.push(prefixo);
		else prefixes.set(stand_id, [prefixo]);
	}
	return rows
		.map((r) => fromRow(r, prefixes.get(r.id) ?? []))
		.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.id, b.id));
}

/** One stand, or null when no stand has that id. */
export async function getStand(db: Db, id: string): Promise<Stand | null> {
	const row = await db.selectFrom('stand').selectAll().where('id', '=', id).executeTakeFirst();
	if (!row) return null;
	const prefixes = await db
		.selectFrom('stand_prefix')
		.select('prefixo')
		.where('stand_id', '=', id)
		.execute();
	return fromRow(
		row,
		prefixes.map((p) => p.prefixo)
	);
}

/** True while the published stands are the fictional sample; false for none or real ones. */
export async function standsAreSample(db: Db): Promise<boolean> {
	const row = await db
		.selectFrom('stand')
		.select('id')
		.where('sample', '=', 1)
		.limit(1)
		.executeTakeFirst();
	return row !== undefined;
}

/**
 * Replaces every stand with `stands`, in one transaction: all of them or, on any failure, none
 * (the old set stays). An empty list is refused: it would leave riders with no stand, and the
 * next start would bring back the sample.
 * @example await replaceStands(db, result.stands, { sample: false })
 */
export async function replaceStands(
	db: Db,
	stands: readonly Stand[],
	options: ReplaceOptions
): Promise<void> {
	await replace(db, stands, options, false);
}

/**
 * On a fresh install, publishes the profile's fictional sample stands so the stands page works
 * from minute one. A no-op once any stand exists, including when another instance loaded them
 * first. Returns how many were loaded, or null.
 *
 * The sample's prefixes are matched against `knownPrefixes` (the published registry): those not
 * in it are dropped, so the sample never fails to load because SEMAM's registry came first. Any
 * other error in the sample is a bug: it throws.
 */
export async function ensureSampleStands(
	db: Db,
	geojsonText: string,
	{ boundary, knownPrefixes }: StandsContext
): Promise<number | null> {
	if (await anyStand(db)) return null;
	const { stands, errors } = validateStandsGeoJson(JSON.parse(geojsonText), {
		boundary,
		knownPrefixes: null
	});
	if (errors.length > 0)
		throw new Error(
			`Os pontos de exemplo têm ${errors.length} erro(s): ` +
				errors.map((e) => `ponto ${e.feature}: ${e.message}`).join('; ')
		);
	const adjusted = knownPrefixes
		? stands.map((s) => ({ ...s, prefixes: s.prefixes.filter((p) => knownPrefixes.has(p)) }))
		: stands;
	return (await replace(db, adjusted, { sample: true }, true)) ? adjusted.length : null;
}

async function anyStand(db: Db): Promise<boolean> {
	return (await db.selectFrom('stand').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** False when `onlyIfEmpty` found stands already there (nothing written). */
async function replace(
	db: Db,
	stands: readonly Stand[],
	options: ReplaceOptions,
	onlyIfEmpty: boolean
): Promise<boolean> {
	if (stands.length === 0) throw new Error('Uma lista sem nenhum ponto não é publicada.');
	const updatedAt = options.updatedAt ?? new Date().toISOString();
	if (Number.isNaN(Date.parse(updatedAt)))
		throw new Error(`updatedAt não é um instante ISO 8601: ${updatedAt}`);
	const sample = options.sample ? 1 : 0;
	const prefixRows = stands.flatMap((s) =>
		s.prefixes.map((prefixo) => ({ stand_id: s.id, prefixo }))
	);

	try {
		return await db.transaction().execute(async (trx) => {
			if (onlyIfEmpty && (await anyStand(trx))) return false;
			// Prefixes first: no cascade needed, whatever the connection's foreign-key setting.
			await trx.deleteFrom('stand_prefix').execute();
			await trx.deleteFrom('stand').execute();
			for (let i = 0; i < stands.length; i += CHUNK)
				await trx
					.insertInto('stand')
					.values(stands.slice(i, i + CHUNK).map((s) => toRow(s, sample, updatedAt)))
					.execute();
			for (let i = 0; i < prefixRows.length; i += CHUNK * 4)
				await trx
					.insertInto('stand_prefix')
					.values(prefixRows.slice(i, i + CHUNK * 4))
					.execute();
			return true;
		});
	} catch (error) {
		// Two instances loading the sample at once: the one that lost finds the stands there.
		if (onlyIfEmpty && isConflict(error) && (await anyStand(db))) return false;
		throw error;
	}
}

function isConflict(error: unknown): boolean {
	if (!(error instanceof Error) || !('code' in error)) return false;
	return (
		error.code === '23505' || // PostgreSQL unique_violation
		error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
		error.code === 'SQLITE_BUSY_SNAPSHOT'
	);
}

/**
 * Field by field, on purpose: whatever else an object carries at run time never reaches the
 * public table.
 */
function toRow(s: Stand, sample: number, updatedAt: string): StandTable {
	return {
		id: s.id,
		name: s.name,
		address: s.address,
		lat: s.lat,
		lng: s.lng,
		vagas: s.vagas,
		note: s.note,
		sample,
		updated_at: updatedAt
	};
}

/** '2' before '10': prefixes are numbers painted on the vehicle, kept as text. */
const byNumber = (a: string, b: string) => Number(a) - Number(b);

function fromRow(r: StandTable, prefixes: string[]): Stand {
	return {
		id: r.id,
		name: r.name,
		address: r.address,
		lat: r.lat,
		lng: r.lng,
		vagas: r.vagas,
		note: r.note,
		prefixes: prefixes.sort(byNumber)
	};
}
