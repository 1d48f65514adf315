/** One row of the export (or the staff form's entry) read into an entry, every error reported. */
import { parseLocalDate, type LocalDate } from './clock';
import { normalizePlate, normalizePrefix, plateKey, formatPrefix, formatPlate } from './plate';
import { paren } from './registry-checks';
import { normalizeCnh } from './registry-auxiliary';
import { SITUACOES, type RegistryEntry } from './registry-types';
import type { Cites } from './regime';
import {
	LEGACY_CERTIDAO_COLUMN,
	LEGACY_REGISTRY_COLUMNS,
	PRE_CNH_REGISTRY_COLUMNS,
	REGISTRY_COLUMNS,
	type Issue,
	type RegistryColumn
} from './registry-csv-header';

/** Oldest manufacture year accepted as real data. */
const MIN_YEAR = 1950;
/** Largest engine accepted as real data: above it the value is a typo, not a motorcycle. */
const MAX_CC = 2000;

/** A name as a person is identified (Art. 11 III): no case, no accents, single spaces. */
export function personKey(name: string): string {
	return name
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLocaleLowerCase('pt-BR')
		.replace(/\s+/g, ' ')
		.trim();
}

export interface Row {
	line: number;
	cells: string[];
}

const DUPLICATE_CODE = {
	prefixo: 'duplicate_prefix',
	placa: 'duplicate_plate',
	titular: 'duplicate_titular'
} as const;

/**
 * Where a value was first seen, as the messages say it: `na linha 3` / `da linha 3` in a file,
 * `no veículo MT-012 do cadastro` / `do veículo MT-012` for the single-entry form.
 */
export interface Place {
	in: string;
	of: string;
}

const linePlace = (line: number): Place => ({ in: `na linha ${line}`, of: `da linha ${line}` });

/** First place of each prefix, plate key and titular seen so far. */
export interface Seen {
	prefixo: Map<string, Place>;
	placa: Map<string, Place>;
	titular: Map<string, Place>;
}

/** One data row as an entry, or null after pushing every error it has onto `errors`. */
export function readRow(
	{ line, cells }: Row,
	{
		thisYear,
		seen,
		errors,
		cites,
		place = linePlace(line)
	}: { thisYear: number; seen: Seen; errors: Issue[]; cites: Cites; place?: Place }
): RegistryEntry | null {
	if (cells.length !== REGISTRY_COLUMNS.length) {
		errors.push({
			line,
			code: 'column_count',
			message: `A linha tem ${cells.length} coluna(s); são ${REGISTRY_COLUMNS.length}.`
		});
		return null;
	}
	const before = errors.length;
	const cell = (column: RegistryColumn) => (cells[REGISTRY_COLUMNS.indexOf(column)] ?? '').trim();
	const fail = (column: RegistryColumn, code: string, message: string) =>
		errors.push({ line, column, code, message });
	const required = (column: RegistryColumn): string | null => {
		const value = cell(column);
		if (value === '') fail(column, 'required', `A coluna ${column} é obrigatória.`);
		return value === '' ? null : value;
	};
	/** Remembers `key` for `column`, or reports where it was first seen. */
	const unique = (column: keyof Seen, key: string, message: (first: Place) => string) => {
		const first = seen[column].get(key);
		if (first === undefined) seen[column].set(key, place);
		else fail(column, DUPLICATE_CODE[column], message(first));
	};

	const prefixText = required('prefixo');
	const prefixo = prefixText === null ? null : normalizePrefix(prefixText);
	if (prefixText !== null && prefixo === null) {
		fail(
			'prefixo',
			'prefix',
			`Prefixo inválido: "${prefixText}" (use de 1 a 4 dígitos, ex.: 007).`
		);
	}
	if (prefixo !== null) {
		unique(
			'prefixo',
			prefixo,
			(first) => `O prefixo ${formatPrefix(prefixo)} já aparece ${first.in}.`
		);
	}

	const plateText = required('placa');
	const placa = plateText === null ? null : normalizePlate(plateText);
	if (plateText !== null && placa === null) {
		fail('placa', 'plate', `Placa inválida: "${plateText}" (ex.: ABC-1234 ou ABC1C34).`);
	}
	if (placa !== null) {
		// Res. CONTRAN 969/2022: ABC-1234 and ABC1C34 are the same vehicle.
		unique(
			'placa',
			plateKey(placa),
			(first) =>
				`A placa ${formatPlate(placa)} já aparece ${first.in} (no formato antigo ou Mercosul).`
		);
	}

	const titular = required('titular');
	if (titular !== null) {
		// Art. 11 III: "cada autorizado terá direito a apenas 01 (uma) autorização".
		unique(
			'titular',
			personKey(titular),
			(first) =>
				`${titular} já é titular da autorização ${first.of}: cada autorizado tem ` +
				`direito a uma só autorização${paren(cites.onePerPerson)}.`
		);
	}

	const auxiliar = cell('condutor_auxiliar');
	// The auxiliary as a person (staff only, LGPD): CNH and own validity, only with an auxiliary.
	const cnhText = cell('condutor_auxiliar_cnh');
	const auxiliarCnh = cnhText === '' ? null : normalizeCnh(cnhText);
	if (cnhText !== '' && auxiliarCnh === null)
		fail(
			'condutor_auxiliar_cnh',
			'cnh',
			'Número de CNH inválido na coluna condutor_auxiliar_cnh (11 dígitos).'
		);
	const auxValidadeText = cell('condutor_auxiliar_validade');
	if (auxValidadeText !== '' && parseLocalDate(auxValidadeText) === null)
		fail(
			'condutor_auxiliar_validade',
			'date',
			`Data impossível: "${auxValidadeText}" (use AAAA-MM-DD, um dia que exista).`
		);
	if (auxiliar === '' && (cnhText !== '' || auxValidadeText !== ''))
		fail(
			cnhText !== '' ? 'condutor_auxiliar_cnh' : 'condutor_auxiliar_validade',
			'auxiliary_missing',
			'CNH ou validade de condutor auxiliar sem o nome do condutor auxiliar.'
		);
	const marcaModelo = required('marca_modelo');
	const cor = required('cor');

	/** A whole number in [min, max], or null after reporting it. */
	const integer = (column: RegistryColumn, min: number, max: number, what: string) => {
		const text = required(column);
		if (text === null) return null;
		const n = /^\d+$/.test(text) ? Number(text) : NaN;
		if (Number.isInteger(n) && n >= min && n <= max) return n;
		fail(column, column, `${what} impossível: "${text}" (um número inteiro de ${min} a ${max}).`);
		return null;
	};
	const anoFabricacao = integer('ano_fabricacao', MIN_YEAR, thisYear, 'Ano de fabricação');
	const cilindradas = integer('cilindradas', 1, MAX_CC, 'Cilindrada');

	const situacaoText = required('situacao');
	const situacao = SITUACOES.find((s) => s === situacaoText?.toLowerCase()) ?? null;
	if (situacaoText !== null && situacao === null) {
		fail(
			'situacao',
			'situacao',
			`Situação desconhecida: "${situacaoText}" (use ${SITUACOES.join(', ')}).`
		);
	}

	const date = (column: RegistryColumn): LocalDate | null => {
		const value = required(column);
		if (value === null || parseLocalDate(value) !== null) return value;
		fail(column, 'date', `Data impossível: "${value}" (use AAAA-MM-DD, um dia que exista).`);
		return null;
	};
	const autorizacaoValidade = date('autorizacao_validade');
	const ultimaVistoria = date('ultima_vistoria');
	const certidaoEstadualValidade = date('certidao_estadual_validade');
	const certidaoFederalValidade = date('certidao_federal_validade');
	const seguroValidade = date('seguro_validade');

	if (
		errors.length > before ||
		prefixo === null ||
		placa === null ||
		titular === null ||
		marcaModelo === null ||
		cor === null ||
		anoFabricacao === null ||
		cilindradas === null ||
		situacao === null ||
		autorizacaoValidade === null ||
		ultimaVistoria === null ||
		certidaoEstadualValidade === null ||
		certidaoFederalValidade === null ||
		seguroValidade === null
	) {
		return null;
	}
	return {
		prefixo,
		placa,
		titular,
		condutorAuxiliar: auxiliar === '' ? null : auxiliar,
		...(auxiliarCnh ? { auxiliarCnh } : {}),
		...(auxValidadeText !== '' ? { auxiliarValidade: auxValidadeText } : {}),
		marcaModelo,
		cor,
		anoFabricacao,
		cilindradas,
		situacao,
		autorizacaoValidade,
		ultimaVistoria,
		certidaoEstadualValidade,
		certidaoFederalValidade,
		seguroValidade
	};
}

const ESTADUAL_INDEX = PRE_CNH_REGISTRY_COLUMNS.indexOf('certidao_estadual_validade');

/**
 * A row under the older header: its one certidão date is read as both certidões' (Art. 4 IV), and
 * a problem with it is reported once, under the column the file has.
 */
export function readLegacyRow(
	{ line, cells }: Row,
	context: { thisYear: number; seen: Seen; errors: Issue[]; cites: Cites }
): RegistryEntry | null {
	const { errors } = context;
	if (cells.length !== LEGACY_REGISTRY_COLUMNS.length) {
		errors.push({
			line,
			code: 'column_count',
			message: `A linha tem ${cells.length} coluna(s); são ${LEGACY_REGISTRY_COLUMNS.length}.`
		});
		return null;
	}
	const certidao = cells[ESTADUAL_INDEX] ?? '';
	const expanded = [
		...cells.slice(0, ESTADUAL_INDEX),
		certidao,
		certidao,
		...cells.slice(ESTADUAL_INDEX + 1),
		'',
		''
	];
	const before = errors.length;
	const entry = readRow({ line, cells: expanded }, context);
	const mine = errors.splice(before);
	for (const issue of mine) {
		if (issue.column === 'certidao_federal_validade') continue;
		errors.push(
			issue.column === 'certidao_estadual_validade'
				? {
						...issue,
						column: LEGACY_CERTIDAO_COLUMN,
						message: issue.message.replace('certidao_estadual_validade', LEGACY_CERTIDAO_COLUMN)
					}
				: issue
		);
	}
	return entry;
}
