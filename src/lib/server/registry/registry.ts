/**
 * The published registry, as immutable numbered snapshots. Publishing never edits a version: it
 * adds the next one, so a verdict can always say which snapshot (and date) it was judged against.
 */
import type { Kysely } from 'kysely';
import type { LocalDate } from '$lib/domain/clock';
import { registryRulesOn } from '$lib/domain/profile';
import {
	buildIndex,
	type RegistryEntry,
	type RegistrySnapshot,
	type RegistryIndex
} from '$lib/domain/registry';
import { validateRegistryCsv } from '$lib/domain/registry-csv';
import { profile } from '$lib/profile';
import type { Database } from '$lib/server/db';
import { byPrefixo, fromRow, fromStaffRow, toRow } from './registry-rows';

type Db = Kysely<Database>;

export interface PublishInput {
	entries: readonly RegistryEntry[];
	/** Where the data came from, shown in the history (file name, "edição no painel"…). */
	source: string;
	sample: boolean;
	/** ISO 8601 instant; now by default. */
	publishedAt?: string;
	/**
	 * Runs inside the publishing transaction, after the snapshot is written (the audit row, the
	 * draft cleared): it commits or rolls back with the snapshot.
	 */
	inTransaction?: (trx: Db, published: Published) => Promise<void>;
}

export interface Published {
	version: number;
	publishedAt: string;
}

export interface SnapshotSummary extends Published {
	source: string;
	sample: boolean;
	entryCount: number;
}

export const SAMPLE_SOURCE = 'Dados de exemplo (fictícios)';

/**
 * Publishes `entries` as version max+1, snapshot row and every entry in one transaction: riders
 * see all of it or none of it.
 * @example (await publishSnapshot(db, { entries, source: 'cadastro.csv', sample: false })).version //=> 2
 */
export async function publishSnapshot(db: Db, input: PublishInput): Promise<Published> {
	const published = await publish(db, input, false);
	if (!published) throw new Error('unreachable: publish without onlyIfEmpty');
	// This process's riders see the new version on their next request, not a second later.
	forgetCachedRegistry(db);
	return published;
}

/** Version of the newest snapshot, `null` before the first; one indexed row, cheap per request. */
export async function latestVersion(db: Db): Promise<number | null> {
	const row = await db
		.selectFrom('registry_snapshot')
		.select('version')
		.orderBy('version', 'desc')
		.limit(1)
		.executeTakeFirst();
	return row?.version ?? null;
}

/** The newest snapshot with its entries (ordered by prefixo as a number), or `null`. */
export async function latestSnapshot(db: Db): Promise<RegistrySnapshot | null> {
	const version = await latestVersion(db);
	return version === null ? null : snapshotAt(db, version);
}

/**
 * The newest snapshot with the staff-only fields of its entries (the auxiliary's CNH and own
 * validity): for the staff's registry pages and the draft, never for anything published.
 */
export async function latestStaffSnapshot(db: Db): Promise<RegistrySnapshot | null> {
	const version = await latestVersion(db);
	return version === null ? null : snapshotAt(db, version, fromStaffRow);
}

/**
 * One vehicle of the newest snapshot with its staff-only fields (prefixo canonical), or null: for
 * the staff's autos and records, which key the auxiliary's record by CNH.
 */
export async function staffEntry(db: Db, prefixo: string): Promise<RegistryEntry | null> {
	const version = await latestVersion(db);
	if (version === null) return null;
	const row = await db
		.selectFrom('registry_entry')
		.selectAll()
		.where('snapshot_version', '=', version)
		.where('prefixo', '=', prefixo)
		.executeTakeFirst();
	return row ? fromStaffRow(row) : null;
}

/**
 * A given version, as published; older versions stay readable and unchanged. No transaction
 * needed: a version becomes visible with all its entries at once and never changes afterwards.
 */
export async function snapshotAt(
	db: Db,
	version: number,
	/** Staff pages only: with the staff-only fields (LGPD: never for anything published). */
	reader: typeof fromRow = fromRow
): Promise<RegistrySnapshot | null> {
	const head = await db
		.selectFrom('registry_snapshot')
		.select(['version', 'published_at', 'sample'])
		.where('version', '=', version)
		.executeTakeFirst();
	if (!head) return null;
	const rows = await db
		.selectFrom('registry_entry')
		.selectAll()
		.where('snapshot_version', '=', version)
		.execute();
	return {
		version: head.version,
		publishedAt: head.published_at,
		sample: head.sample === 1,
		entries: rows.map((r) => reader(r)).sort(byPrefixo)
	};
}

/** Every version, newest first, without entries (for the admin history). */
export async function snapshotHistory(db: Db): Promise<SnapshotSummary[]> {
	const rows = await db
		.selectFrom('registry_snapshot')
		.selectAll()
		.orderBy('version', 'desc')
		.execute();
	return rows.map((r) => ({
		version: r.version,
		publishedAt: r.published_at,
		source: r.source,
		sample: r.sample === 1,
		entryCount: r.entry_count
	}));
}

/**
 * On a fresh install, publishes the profile's fictitious sample so the app works from minute one
 * (marked `sample`, and shown to riders as such). A no-op once any snapshot exists — including
 * when another instance published first. The sample shipping with errors is a bug: it throws.
 */
export async function ensureSampleRegistry(
	db: Db,
	csvText: string,
	today: LocalDate
): Promise<Published | null> {
	if ((await latestVersion(db)) !== null) return null;
	// Null where the regime has no registry rules (its law's text is not available): format only.
	const rules = registryRulesOn(today, profile.registryRules);
	const { entries, errors } = validateRegistryCsv(csvText, { today, rules });
	if (errors.length > 0)
		throw new Error(
			`O cadastro de exemplo tem ${errors.length} erro(s): ` +
				errors.map((e) => `linha ${e.line}: ${e.message}`).join('; ')
		);
	const samples = entries.map((e) => ({ ...e, sample: true as const }));
	return publish(db, { entries: samples, source: SAMPLE_SOURCE, sample: true }, true);
}

/** Rows per INSERT: 14 parameters each stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;
/** Two publishers racing for the same version: the loser retries with the next one. */
const ATTEMPTS = 3;

async function publish(db: Db, input: PublishInput, onlyIfEmpty: boolean) {
	if (input.entries.length === 0)
		throw new Error('Um cadastro sem nenhum veículo não é publicado.');
	const publishedAt = input.publishedAt ?? new Date().toISOString();
	if (Number.isNaN(Date.parse(publishedAt)))
		throw new Error(`publishedAt não é um instante ISO 8601: ${publishedAt}`);

	for (let attempt = 1; ; attempt++) {
		try {
			return await db.transaction().execute(async (trx): Promise<Published | null> => {
				const latest = await latestVersion(trx);
				if (onlyIfEmpty && latest !== null) return null;
				const version = (latest ?? 0) + 1;
				await trx
					.insertInto('registry_snapshot')
					.values({
						version,
						published_at: publishedAt,
						source: input.source,
						sample: input.sample ? 1 : 0,
						entry_count: input.entries.length
					})
					.execute();
				for (let i = 0; i < input.entries.length; i += CHUNK)
					await trx
						.insertInto('registry_entry')
						.values(input.entries.slice(i, i + CHUNK).map((e) => toRow(version, e)))
						.execute();
				await input.inTransaction?.(trx, { version, publishedAt });
				return { version, publishedAt };
			});
		} catch (error) {
			if (attempt >= ATTEMPTS || !isVersionRace(error)) throw error;
		}
	}
}

/** Another process took the version we read (primary key of registry_snapshot, stale SQLite read). */
function isVersionRace(error: unknown): boolean {
	if (!(error instanceof Error) || !('code' in error)) return false;
	// A duplicate prefixo also violates a primary key, but registry_entry's: that is not a race.
	if (error.code === '23505')
		return 'constraint' in error && error.constraint === 'registry_snapshot_pkey';
	if (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
		return error.message.includes('registry_snapshot.version');
	return error.code === 'SQLITE_BUSY_SNAPSHOT';
}

interface CacheState {
	snapshot: RegistrySnapshot | null;
	checkedAt: number;
	pending: Promise<RegistrySnapshot | null> | null;
	/** Bumped by `forgetCachedRegistry`: a read begun before it does not overwrite what follows. */
	generation: number;
}

const caches = new WeakMap<Db, CacheState>();

/** How long a cached snapshot is trusted before asking the database for the latest version. */
export const REGISTRY_RECHECK_MS = 1000;

/**
 * The latest snapshot, for the app's per-request look-ups: kept in memory, and re-read only when
 * `latestVersion` moved (asked at most once per second), so a CLI import shows up within a second
 * without a full read per request. Concurrent callers share one database round trip.
 */
export function currentRegistry(
	db: Db,
	now: number = Date.now()
): Promise<RegistrySnapshot | null> {
	let state = caches.get(db);
	if (!state) {
		state = { snapshot: null, checkedAt: -Infinity, pending: null, generation: 0 };
		caches.set(db, state);
	}
	if (state.pending) return state.pending;
	if (now - state.checkedAt < REGISTRY_RECHECK_MS) return Promise.resolve(state.snapshot);

	const s = state;
	const generation = s.generation;
	const pending = (async () => {
		try {
			const version = await latestVersion(db);
			const snapshot =
				version === (s.snapshot?.version ?? null)
					? s.snapshot
					: version === null
						? null
						: await snapshotAt(db, version);
			if (s.generation === generation) {
				s.snapshot = snapshot;
				s.checkedAt = now;
			}
			return snapshot;
		} finally {
			// A read begun before `forgetCachedRegistry` does not clear the one started after it.
			if (s.generation === generation) s.pending = null;
		}
	})();
	s.pending = pending;
	return pending;
}

const indexes = new WeakMap<RegistrySnapshot, RegistryIndex>();

/**
 * The snapshot's look-up index (prefixo or plate → entry), built once per snapshot: verification,
 * intake and triage share it, and a new snapshot gets its own.
 */
export function registryIndex(snapshot: RegistrySnapshot): RegistryIndex {
	let index = indexes.get(snapshot);
	if (!index) indexes.set(snapshot, (index = buildIndex(snapshot.entries)));
	return index;
}

/**
 * Makes the next `currentRegistry(db)` ask the database again: called after a publish in this
 * process, so the staff member who published sees it on /verificar at once. Other processes (a
 * CLI import, another instance) are seen within `REGISTRY_RECHECK_MS`.
 */
export function forgetCachedRegistry(db: Db): void {
	const state = caches.get(db);
	if (!state) return;
	state.generation++;
	state.checkedAt = -Infinity;
	state.pending = null;
}
