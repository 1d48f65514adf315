/** The published registry's entries, and the draft being edited before it is published (migration 006). */

/**
 * A vehicle of a snapshot: only the fields the law makes public (LGPD, Lei 13.709/2018) —
 * no CPF, address or phone ever reaches this table.
 */
export interface RegistryEntryTable {
	snapshot_version: number;
	prefixo: string;
	placa: string;
	titular: string;
	condutor_auxiliar: string | null;
	marca_modelo: string;
	cor: string;
	ano_fabricacao: number;
	cilindradas: number;
	situacao: string;
	autorizacao_validade: string;
	ultima_vistoria: string;
	/** Art. 4 IV: the Justiça Estadual's certidão negativa criminal (009_certidoes). */
	certidao_estadual_validade: string;
	/** Art. 4 IV: the Justiça Federal's. */
	certidao_federal_validade: string;
	seguro_validade: string;
	/** 1: an entry of the profile's fictitious sample, edited or not (013_sample_entries). */
	sample: number;
	/** STAFF ONLY (LGPD): the auxiliary driver's CNH number, 11 digits (024_auxiliary_person). */
	auxiliar_cnh: string | null;
	/** STAFF ONLY: the auxiliary's own authorization validity, where the law gives one. */
	auxiliar_validade: string | null;
}

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
