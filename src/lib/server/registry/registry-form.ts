/**
 * The registry's columns as the staff form posts and shows them, and the form's errors by field.
 */
import { formatPlate, formatPrefix } from '$lib/domain/plate';
import type { RegistryEntry } from '$lib/domain/registry';
import { REGISTRY_COLUMNS, type Issue, type RegistryColumn } from '$lib/domain/registry-csv';

/** Longest value a form field may carry: a name or a model, never a file. */
const MAX_FIELD = 200;

/** The registry's columns from a posted form, as text (unknown fields and files ignored). */
export function readRegistryForm(data: FormData): Record<RegistryColumn, string> {
	const record = {} as Record<RegistryColumn, string>;
	for (const column of REGISTRY_COLUMNS) {
		const value = data.get(column);
		record[column] = typeof value === 'string' ? value.slice(0, MAX_FIELD) : '';
	}
	return record;
}

/** An entry as the form shows it: the CSV's formats (prefixo as painted, plate with hyphen). */
export function registryForm(e: RegistryEntry): Record<RegistryColumn, string> {
	return {
		prefixo: formatPrefix(e.prefixo),
		placa: formatPlate(e.placa),
		titular: e.titular,
		condutor_auxiliar: e.condutorAuxiliar ?? '',
		marca_modelo: e.marcaModelo,
		cor: e.cor,
		ano_fabricacao: String(e.anoFabricacao),
		cilindradas: String(e.cilindradas),
		situacao: e.situacao,
		autorizacao_validade: e.autorizacaoValidade,
		ultima_vistoria: e.ultimaVistoria,
		certidao_estadual_validade: e.certidaoEstadualValidade,
		certidao_federal_validade: e.certidaoFederalValidade,
		seguro_validade: e.seguroValidade,
		// Staff only (LGPD): the form is on the staff's pages, never cached (no-store).
		condutor_auxiliar_cnh: e.auxiliarCnh ?? '',
		condutor_auxiliar_validade: e.auxiliarValidade ?? ''
	};
}

/** Issues by field, the first of each, for the form. */
export function errorsByField(issues: readonly Issue[]): Partial<Record<RegistryColumn, string>> {
	const out: Partial<Record<RegistryColumn, string>> = {};
	for (const issue of issues) {
		const column = REGISTRY_COLUMNS.find((c) => c === issue.column) ?? 'prefixo';
		out[column] ??= issue.message;
	}
	return out;
}
