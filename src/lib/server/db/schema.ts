/**
 * The database as Kysely sees it. Column types are the ones both SQLite and PostgreSQL return:
 * integers as numbers, dates as `YYYY-MM-DD` text, instants as ISO 8601 text, flags as 0/1.
 */

/** One published, immutable version of the public registry (SEMAM → riders). */
export interface RegistrySnapshotTable {
	version: number;
	/** ISO 8601 instant. */
	published_at: string;
	/** Where the data came from: a file name, "Dados de exemplo (fictícios)", an admin edit. */
	source: string;
	/** 1 = fictitious sample data, shown as such to riders. */
	sample: number;
	entry_count: number;
}

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
	certidao_validade: string;
	seguro_validade: string;
}

/** An official stand (ponto, Art. 13), as SEMAM last published it. */
export interface StandTable {
	/** Slug: `praca-central`. */
	id: string;
	name: string;
	address: string;
	/** Degrees, WGS 84 (double precision). */
	lat: number;
	lng: number;
	vagas: number;
	note: string | null;
	/** 1 = fictitious sample data, shown as such to riders. */
	sample: number;
	/** ISO 8601 instant of the import that wrote the row. */
	updated_at: string;
}

/** A prefixo authorized at a stand; canonical digits (`'7'`), as in the registry. */
export interface StandPrefixTable {
	stand_id: string;
	prefixo: string;
}

export interface Database {
	registry_snapshot: RegistrySnapshotTable;
	registry_entry: RegistryEntryTable;
	stand: StandTable;
	stand_prefix: StandPrefixTable;
}
