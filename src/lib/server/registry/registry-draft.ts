/**
 * The registry's draft (Art. 8–11): a working copy of the public fields, seeded from the latest
 * snapshot by the first edit; what the gestor edits, imports and publishes.
 */
import { createHash } from 'node:crypto';
import { normalizePrefix } from '$lib/domain/plate';
import type { RegistryEntry, RegistrySnapshot } from '$lib/domain/registry';
import { diffRegistry, type RegistryDiff } from '$lib/domain/registry-diff';
import type { StaffMember } from '$lib/domain/staff';
import { type Db, type RegistryEntryTable, type RegistryDraftEntryTable } from '$lib/server/db';
import { latestStaffSnapshot } from './registry';
import { byPrefixo, fromStaffRow, toRow } from './registry-rows';

export type Staff = Pick<StaffMember, 'id' | 'email'>;

export interface DraftInfo {
	/** The snapshot the draft was seeded from; null when none existed. */
	baseVersion: number | null;
	createdAt: string;
	updatedAt: string;
	updatedBy: string;
	importedFile: string | null;
}

export interface WorkingRegistry {
	/** Null when nothing is being edited: `entries` are then the published ones. */
	draft: DraftInfo | null;
	latest: RegistrySnapshot | null;
	/** The registry being edited, ordered by prefixo as a number. */
	entries: RegistryEntry[];
	/** From the latest snapshot to `entries`: what publishing would change. */
	diff: RegistryDiff;
	/**
	 * What exactly this preview shows (`draftDigest`): a publish, and its over-the-cap
	 * confirmation, carry it and cover that draft against that version, nothing else.
	 */
	digest: string;
}

/**
 * A fingerprint of a preview: the published version it compares with and every field of every
 * entry of the draft (sha256, hex). Any import, edit or publish in between changes it.
 */
export function draftDigest(
	latestVersion: number | null,
	entries: readonly RegistryEntry[]
): string {
	return createHash('sha256')
		.update(JSON.stringify({ latestVersion, entries: entries.map(draftRow) }))
		.digest('hex');
}

export const DRAFT_ID = 1;
/** Rows per INSERT: 13 parameters each stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

export async function draftInfo(db: Db): Promise<DraftInfo | null> {
	const row = await db
		.selectFrom('registry_draft')
		.selectAll()
		.where('id', '=', DRAFT_ID)
		.executeTakeFirst();
	return row
		? {
				baseVersion: row.base_version,
				createdAt: row.created_at,
				updatedAt: row.updated_at,
				updatedBy: row.updated_by,
				importedFile: row.imported_file
			}
		: null;
}

export async function draftEntries(db: Db): Promise<RegistryEntry[]> {
	const rows = await db.selectFrom('registry_draft_entry').selectAll().execute();
	return rows.map(fromStaffRow).sort(byPrefixo);
}

/** Ends the draft (published or thrown away): its entries first, as they belong to it. */
export async function dropDraft(db: Db): Promise<void> {
	await db.deleteFrom('registry_draft_entry').execute();
	await db.deleteFrom('registry_draft').execute();
}

/** The draft if there is one, else the published registry; with the diff a publish would make. */
export async function workingRegistry(db: Db): Promise<WorkingRegistry> {
	const [draft, latest] = await Promise.all([draftInfo(db), latestStaffSnapshot(db)]);
	const entries = draft ? await draftEntries(db) : (latest?.entries ?? []);
	return {
		draft,
		latest,
		entries,
		diff: diffRegistry(latest?.entries ?? [], entries),
		digest: draftDigest(latest?.version ?? null, entries)
	};
}

/** One vehicle of the registry being edited (prefixo as painted or canonical), or null. */
export async function workingEntry(db: Db, prefixo: string): Promise<RegistryEntry | null> {
	const key = normalizePrefix(prefixo);
	if (key === null) return null;
	return (await workingRegistry(db)).entries.find((e) => e.prefixo === key) ?? null;
}

/** The fields `registry_entry` stores, field by field (LGPD: see `toRow`). */
export function draftRow(e: RegistryEntry): RegistryDraftEntryTable {
	const row: Partial<RegistryEntryTable> = toRow(0, e);
	delete row.snapshot_version;
	return row as RegistryDraftEntryTable;
}

/**
 * The draft's entries inside `trx`, creating the draft from the latest snapshot when there is
 * none yet (the first edit after a publish starts from what riders see).
 */
export async function openDraft(trx: Db, staff: Staff, at: string): Promise<RegistryEntry[]> {
	if (await draftInfo(trx)) {
		await trx
			.updateTable('registry_draft')
			.set({ updated_at: at, updated_by: staff.email })
			.where('id', '=', DRAFT_ID)
			.execute();
		return draftEntries(trx);
	}
	const latest = await latestStaffSnapshot(trx);
	await trx
		.insertInto('registry_draft')
		.values({
			id: DRAFT_ID,
			base_version: latest?.version ?? null,
			created_at: at,
			updated_at: at,
			updated_by: staff.email,
			imported_file: null
		})
		.execute();
	const entries = latest?.entries ?? [];
	await insertEntries(trx, entries);
	return entries;
}

export async function insertEntries(trx: Db, entries: readonly RegistryEntry[]): Promise<void> {
	for (let i = 0; i < entries.length; i += CHUNK)
		await trx
			.insertInto('registry_draft_entry')
			.values(entries.slice(i, i + CHUNK).map(draftRow))
			.execute();
}

/** What a change did, by prefixo: small enough for an audit row, precise enough to follow. */
export function diffSummary(diff: RegistryDiff) {
	return {
		added: diff.added.map((e) => e.prefixo),
		removed: diff.removed.map((e) => e.prefixo),
		changed: diff.changed.map((c) => c.prefixo)
	};
}
