/** Tables of the registry being edited before it is published (migration 006). */
import type { RegistryEntryTable } from './schema';

/** The draft itself: one row (`id` = 1) while there is one. */
export interface RegistryDraftTable {
	id: number;
	/** The snapshot version the draft was seeded from; null when none existed. */
	base_version: number | null;
	/** ISO 8601 instants. */
	created_at: string;
	updated_at: string;
	/** E-mail of the staff member who changed it last. */
	updated_by: string;
	/** The last CSV file imported into the draft, if any. */
	imported_file: string | null;
}

/** A vehicle of the draft: the public fields of `registry_entry`, without the version. */
export type RegistryDraftEntryTable = Omit<RegistryEntryTable, 'snapshot_version'>;

export interface RegistryAdminTables {
	registry_draft: RegistryDraftTable;
	registry_draft_entry: RegistryDraftEntryTable;
}
