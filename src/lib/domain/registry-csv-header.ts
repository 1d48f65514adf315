/** The export's columns (and the older single-certidão header) and what is wrong with a header. */
import { normalizePrefix } from './plate';
import { paren } from './registry-checks';
import type { Cites } from './regime';

/** The columns, in order, exactly as the header must name them. */
export const REGISTRY_COLUMNS = [
	'prefixo',
	'placa',
	'titular',
	'condutor_auxiliar',
	'marca_modelo',
	'cor',
	'ano_fabricacao',
	'cilindradas',
	'situacao',
	'autorizacao_validade',
	'ultima_vistoria',
	'certidao_estadual_validade',
	'certidao_federal_validade',
	'seguro_validade',
	// Staff only (LGPD): the auxiliary driver's CNH and own authorization validity, last so that
	// a file without them (the header before them) still reads.
	'condutor_auxiliar_cnh',
	'condutor_auxiliar_validade'
] as const;

export type RegistryColumn = (typeof REGISTRY_COLUMNS)[number];

/** The header before the auxiliary's CNH and validity: still accepted, those read as empty. */
export const PRE_CNH_REGISTRY_COLUMNS: readonly RegistryColumn[] = REGISTRY_COLUMNS.slice(
	0,
	REGISTRY_COLUMNS.indexOf('condutor_auxiliar_cnh')
);

/** Cells of a row under the header before the auxiliary's columns, as the full header has them. */
export const withAuxiliaryCells = (cells: readonly string[]): string[] =>
	cells.length === PRE_CNH_REGISTRY_COLUMNS.length ? [...cells, '', ''] : [...cells];

/**
 * Before the registry held both certidões of Art. 4 IV, one column held "the" certidão. A file
 * with it (in place of the two) is still accepted and its date read as both certidões' date.
 */
export const LEGACY_CERTIDAO_COLUMN = 'certidao_validade';

/** The older header: the single certidão column where the two are now. */
export const LEGACY_REGISTRY_COLUMNS: readonly string[] = [
	...PRE_CNH_REGISTRY_COLUMNS.slice(
		0,
		PRE_CNH_REGISTRY_COLUMNS.indexOf('certidao_estadual_validade')
	),
	LEGACY_CERTIDAO_COLUMN,
	...PRE_CNH_REGISTRY_COLUMNS.slice(
		PRE_CNH_REGISTRY_COLUMNS.indexOf('certidao_federal_validade') + 1
	)
];

export interface Issue {
	/** 1-based line of the file where the row starts; the header is line 1. */
	line: number;
	column?: string;
	code: string;
	/** pt-BR. */
	message: string;
}

export function sameHeader(
	cells: readonly string[],
	columns: readonly string[] = REGISTRY_COLUMNS
): boolean {
	return (
		cells.length === columns.length && columns.every((name, i) => (cells[i] ?? '').trim() === name)
	);
}

const isHeader = (cells: readonly string[]) =>
	sameHeader(cells) ||
	sameHeader(cells, PRE_CNH_REGISTRY_COLUMNS) ||
	sameHeader(cells, LEGACY_REGISTRY_COLUMNS);

const EXPECTED_HEADER = REGISTRY_COLUMNS.join(',');

export function headerIssue(cells: readonly string[], cites: Cites): Issue | null {
	if (isHeader(cells)) return null;
	const names = cells.map((c) => c.trim());
	if (
		names.includes(LEGACY_CERTIDAO_COLUMN) &&
		(names.includes('certidao_estadual_validade') || names.includes('certidao_federal_validade'))
	) {
		// Which date would count is anyone's guess: refuse rather than pick one (Art. 4 IV).
		return {
			line: 1,
			code: 'header_certidao',
			message:
				`O cabeçalho tem a coluna antiga ${LEGACY_CERTIDAO_COLUMN} junto com as novas ` +
				`certidao_estadual_validade/certidao_federal_validade${paren(cites.certidao)}: use só as duas ` +
				`novas. Cabeçalho esperado: ${EXPECTED_HEADER}`
		};
	}
	const joined = cells.join(',');
	if (cells.length === 1 && isHeader(joined.split(';'))) {
		return {
			line: 1,
			code: 'header',
			message:
				'O arquivo usa ponto e vírgula (;) como separador; exporte com vírgula (,). ' +
				`Cabeçalho esperado: ${EXPECTED_HEADER}`
		};
	}
	if (
		[REGISTRY_COLUMNS, PRE_CNH_REGISTRY_COLUMNS, LEGACY_REGISTRY_COLUMNS].some(
			(columns) => cells.length === columns.length
		) &&
		normalizePrefix(cells[0] ?? '') !== null
	) {
		return {
			line: 1,
			code: 'header_missing',
			message: `Falta a linha de cabeçalho. A primeira linha deve ser: ${EXPECTED_HEADER}`
		};
	}
	return {
		line: 1,
		code: 'header',
		message: `Cabeçalho diferente do esperado. A primeira linha deve ser exatamente: ${EXPECTED_HEADER}`
	};
}
