/**
 * What a publish would change: the vehicles added, removed and changed (field by field) between
 * the published snapshot and the registry SEMAM is editing. Shown before every publish, because a
 * published snapshot is immutable (Art. 8–11: riders judge vehicles against it).
 */
import type { RegistryEntry } from './registry';

/** The fields a gestor edits (the sample flag is not one: it only ends by removal or import). */
export type EntryField = Exclude<keyof RegistryEntry, 'prefixo' | 'sample'>;

/** Every field but the prefixo (the key), in the CSV's column order. */
export const ENTRY_FIELDS: readonly EntryField[] = [
	'placa',
	'titular',
	'condutorAuxiliar',
	'marcaModelo',
	'cor',
	'anoFabricacao',
	'cilindradas',
	'situacao',
	'autorizacaoValidade',
	'ultimaVistoria',
	'certidaoEstadualValidade',
	'certidaoFederalValidade',
	'seguroValidade',
	'auxiliarCnh',
	'auxiliarValidade'
];

/** The staff workspace is pt-BR only. */
export const FIELD_LABEL: Readonly<Record<EntryField, string>> = {
	placa: 'Placa',
	titular: 'Titular',
	condutorAuxiliar: 'Condutor auxiliar',
	marcaModelo: 'Marca/modelo',
	cor: 'Cor',
	anoFabricacao: 'Ano de fabricação',
	cilindradas: 'Cilindradas',
	situacao: 'Situação',
	autorizacaoValidade: 'Validade da autorização',
	ultimaVistoria: 'Última vistoria',
	certidaoEstadualValidade: 'Validade da certidão (Justiça Estadual)',
	certidaoFederalValidade: 'Validade da certidão (Justiça Federal)',
	seguroValidade: 'Validade do seguro',
	auxiliarCnh: 'CNH do condutor auxiliar',
	auxiliarValidade: 'Validade da autorização do condutor auxiliar'
};

export interface FieldChange {
	field: EntryField;
	before: string | number | null;
	after: string | number | null;
}

export interface EntryChange {
	prefixo: string;
	before: RegistryEntry;
	after: RegistryEntry;
	fields: FieldChange[];
}

export interface RegistryDiff {
	added: RegistryEntry[];
	removed: RegistryEntry[];
	changed: EntryChange[];
	/** Vehicles identical on both sides. */
	unchanged: number;
}

/** '2' before '10': prefixes are numbers painted on the vehicle, kept as text. */
const byPrefixo = (a: { prefixo: string }, b: { prefixo: string }) =>
	a.prefixo.localeCompare(b.prefixo, 'pt-BR', { numeric: true });

/**
 * The changes from `before` to `after`, matched by (canonical) prefixo, each list ordered by
 * prefixo as a number.
 * @example diffRegistry([v7], [{ ...v7, cor: 'Preta' }]).changed[0].fields //=> [{ field: 'cor', before: 'Azul', after: 'Preta' }]
 */
export function diffRegistry(
	before: readonly RegistryEntry[],
	after: readonly RegistryEntry[]
): RegistryDiff {
	const old = new Map(before.map((e) => [e.prefixo, e]));
	const added: RegistryEntry[] = [];
	const changed: EntryChange[] = [];
	let unchanged = 0;
	for (const entry of after) {
		const previous = old.get(entry.prefixo);
		old.delete(entry.prefixo);
		if (!previous) {
			added.push(entry);
			continue;
		}
		const fields = ENTRY_FIELDS.flatMap((field): FieldChange[] =>
			previous[field] === entry[field]
				? []
				: [{ field, before: previous[field] ?? null, after: entry[field] ?? null }]
		);
		if (fields.length === 0) unchanged++;
		else changed.push({ prefixo: entry.prefixo, before: previous, after: entry, fields });
	}
	return {
		added: added.sort(byPrefixo),
		removed: [...old.values()].sort(byPrefixo),
		changed: changed.sort(byPrefixo),
		unchanged
	};
}

/** True when publishing would change nothing. */
export function isEmptyDiff(diff: RegistryDiff): boolean {
	return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}

/** How each vehicle of the edited registry differs from the published one, by prefixo. */
export function changeKinds(diff: RegistryDiff): Map<string, 'novo' | 'alterado'> {
	return new Map([
		...diff.added.map((e) => [e.prefixo, 'novo'] as const),
		...diff.changed.map((c) => [c.prefixo, 'alterado'] as const)
	]);
}
