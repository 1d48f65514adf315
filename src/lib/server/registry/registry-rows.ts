/** A registry entry to and from its table row, field by field (LGPD), and the order of prefixes. */
import { SITUACOES, type RegistryEntry, type Situacao } from '$lib/domain/registry';
import type { RegistryEntryTable } from '$lib/server/db';

/**
 * Field by field, on purpose: whatever else an object carries at run time (a CPF from a richer
 * admin form, say) never reaches the public table (LGPD).
 */
export function toRow(version: number, e: RegistryEntry): RegistryEntryTable {
	return {
		snapshot_version: version,
		prefixo: e.prefixo,
		placa: e.placa,
		titular: e.titular,
		condutor_auxiliar: e.condutorAuxiliar,
		marca_modelo: e.marcaModelo,
		cor: e.cor,
		ano_fabricacao: e.anoFabricacao,
		cilindradas: e.cilindradas,
		situacao: e.situacao,
		autorizacao_validade: e.autorizacaoValidade,
		ultima_vistoria: e.ultimaVistoria,
		certidao_estadual_validade: e.certidaoEstadualValidade,
		certidao_federal_validade: e.certidaoFederalValidade,
		seguro_validade: e.seguroValidade,
		sample: e.sample ? 1 : 0,
		// Staff only (LGPD): stored beside the entry; `fromRow` never reads it into a snapshot.
		auxiliar_cnh: e.auxiliarCnh ?? null,
		auxiliar_validade: e.auxiliarValidade ?? null
	};
}

const isSituacao = (s: string): s is Situacao => SITUACOES.some((known) => known === s);

/** The public fields of a row: what a published snapshot holds (never the staff-only ones). */
export function fromRow(r: Omit<RegistryEntryTable, 'snapshot_version'>): RegistryEntry {
	const { situacao } = r;
	if (!isSituacao(situacao))
		throw new Error(`Situação desconhecida no banco: prefixo ${r.prefixo}`);
	return {
		prefixo: r.prefixo,
		placa: r.placa,
		titular: r.titular,
		condutorAuxiliar: r.condutor_auxiliar,
		marcaModelo: r.marca_modelo,
		cor: r.cor,
		anoFabricacao: r.ano_fabricacao,
		cilindradas: r.cilindradas,
		situacao,
		autorizacaoValidade: r.autorizacao_validade,
		ultimaVistoria: r.ultima_vistoria,
		certidaoEstadualValidade: r.certidao_estadual_validade,
		certidaoFederalValidade: r.certidao_federal_validade,
		seguroValidade: r.seguro_validade,
		...(r.sample === 1 ? { sample: true as const } : {})
	};
}

/**
 * A row with the staff-only fields (the auxiliary's CNH and own validity): for the staff's
 * registry pages, the draft and the records, never for a published snapshot.
 */
export function fromStaffRow(r: Omit<RegistryEntryTable, 'snapshot_version'>): RegistryEntry {
	return {
		...fromRow(r),
		...(r.auxiliar_cnh ? { auxiliarCnh: r.auxiliar_cnh } : {}),
		...(r.auxiliar_validade ? { auxiliarValidade: r.auxiliar_validade } : {})
	};
}

/** '2' before '10': prefixes are numbers painted on the vehicle, kept as text. */
export function byPrefixo(a: RegistryEntry, b: RegistryEntry): number {
	return a.prefixo.localeCompare(b.prefixo, 'pt-BR', { numeric: true });
}
