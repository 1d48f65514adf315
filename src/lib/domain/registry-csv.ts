/**
 * The municipality's CSV export of the registry, checked before it is published: the whole file,
 * every error with its line, in pt-BR for the SEMAM staff who will fix it.
 *
 * Only what cannot be real is an error (a plate that is no plate, 30 February, a duplicate). What is
 * real but breaks the law (300 cc, a 2015 motorcycle, an expired insurance) is published as it is:
 * the verdict (./registry) is what flags it to riders.
 */
import Papa from 'papaparse';
import { parseLocalDate, type LocalDate } from './clock';
import { normalizePlate, normalizePrefix, plateKey, formatPrefix, formatPlate } from './plate';
import {
	SITUACOES,
	authorizationCap,
	capText,
	countsTowardCap,
	paren,
	type RegistryEntry,
	type RegistryRules
} from './registry';
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
	'seguro_validade'
] as const;

export type RegistryColumn = (typeof REGISTRY_COLUMNS)[number];

/**
 * Before the registry held both certidões of Art. 4 IV, one column held "the" certidão. A file
 * with it (in place of the two) is still accepted and its date read as both certidões' date.
 */
export const LEGACY_CERTIDAO_COLUMN = 'certidao_validade';

/** The older header: the single certidão column where the two are now. */
export const LEGACY_REGISTRY_COLUMNS: readonly string[] = [
	...REGISTRY_COLUMNS.slice(0, REGISTRY_COLUMNS.indexOf('certidao_estadual_validade')),
	LEGACY_CERTIDAO_COLUMN,
	...REGISTRY_COLUMNS.slice(REGISTRY_COLUMNS.indexOf('certidao_federal_validade') + 1)
];

export interface Issue {
	/** 1-based line of the file where the row starts; the header is line 1. */
	line: number;
	column?: string;
	code: string;
	/** pt-BR. */
	message: string;
}

export interface RegistryCsvResult {
	/** Meaningful only when `errors` is empty. */
	entries: RegistryEntry[];
	errors: Issue[];
	warnings: Issue[];
}

/** Oldest manufacture year accepted as real data. */
const MIN_YEAR = 1950;
/** Largest engine accepted as real data: above it the value is a typo, not a motorcycle. */
const MAX_CC = 2000;

/** A name as a person is identified (Art. 11 III): no case, no accents, single spaces. */
function personKey(name: string): string {
	return name
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLocaleLowerCase('pt-BR')
		.replace(/\s+/g, ' ')
		.trim();
}

interface Row {
	line: number;
	cells: string[];
}

/** Rows with the file line each starts on (quoted fields may span lines); blank lines dropped. */
function parseRows(text: string, errors: Issue[]): Row[] {
	const rows: Row[] = [];
	let start = 0;
	let line = 1;
	Papa.parse<string[]>(text, {
		header: false,
		delimiter: ',',
		step(result) {
			const rowLine = line;
			const end = result.meta.cursor;
			for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line++;
			start = end;
			for (const e of result.errors) {
				errors.push({
					line: rowLine,
					code: 'csv_syntax',
					message:
						e.code === 'MissingQuotes'
							? 'Aspas abertas e não fechadas: o campo continua até o fim do arquivo.'
							: `Erro de formato CSV: ${e.message}.`
				});
			}
			const cells = result.data;
			if (cells.length === 1 && (cells[0] ?? '').trim() === '') return;
			rows.push({ line: rowLine, cells });
		}
	});
	return rows;
}

function sameHeader(
	cells: readonly string[],
	columns: readonly string[] = REGISTRY_COLUMNS
): boolean {
	return (
		cells.length === columns.length && columns.every((name, i) => (cells[i] ?? '').trim() === name)
	);
}

const isHeader = (cells: readonly string[]) =>
	sameHeader(cells) || sameHeader(cells, LEGACY_REGISTRY_COLUMNS);

const EXPECTED_HEADER = REGISTRY_COLUMNS.join(',');

function headerIssue(cells: readonly string[], cites: Cites): Issue | null {
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
		(cells.length === REGISTRY_COLUMNS.length || cells.length === LEGACY_REGISTRY_COLUMNS.length) &&
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

const DUPLICATE_CODE = {
	prefixo: 'duplicate_prefix',
	placa: 'duplicate_plate',
	titular: 'duplicate_titular'
} as const;

/**
 * Where a value was first seen, as the messages say it: `na linha 3` / `da linha 3` in a file,
 * `no veículo MT-012 do cadastro` / `do veículo MT-012` for the single-entry form.
 */
interface Place {
	in: string;
	of: string;
}

const linePlace = (line: number): Place => ({ in: `na linha ${line}`, of: `da linha ${line}` });

/** First place of each prefix, plate key and titular seen so far. */
interface Seen {
	prefixo: Map<string, Place>;
	placa: Map<string, Place>;
	titular: Map<string, Place>;
}

/** One data row as an entry, or null after pushing every error it has onto `errors`. */
function readRow(
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

const ESTADUAL_INDEX = REGISTRY_COLUMNS.indexOf('certidao_estadual_validade');

/**
 * A row under the older header: its one certidão date is read as both certidões' (Art. 4 IV), and
 * a problem with it is reported once, under the column the file has.
 */
function readLegacyRow(
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
		...cells.slice(ESTADUAL_INDEX + 1)
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

/**
 * Checks the whole CSV export and returns its entries, every error and every warning, each with
 * the file line it is on (header = line 1).
 * @example validateRegistryCsv(sample, { today: '2026-12-02', rules }).errors //=> []
 */
export function validateRegistryCsv(
	text: string,
	options: { today: LocalDate; rules: RegistryRules | null }
): RegistryCsvResult {
	const errors: Issue[] = [];
	const warnings: Issue[] = [];
	const entries: RegistryEntry[] = [];
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

	const rows = parseRows(body, errors);
	const first = rows[0];
	if (first === undefined) {
		errors.push({ line: 1, code: 'empty_file', message: 'O arquivo está vazio.' });
		return { entries, errors, warnings };
	}
	const cites: Cites = options.rules?.cites ?? {};
	const header = headerIssue(first.cells, cites);
	if (header) {
		errors.push({ ...header, line: first.line });
		// Without the column names the values cannot be read, unless the rows are plainly data.
		if (header.code !== 'header_missing') return { entries, errors, warnings };
	}
	// The older header (or, without a header, rows of its width): one certidão read as both.
	const legacy = header
		? first.cells.length === LEGACY_REGISTRY_COLUMNS.length
		: sameHeader(first.cells, LEGACY_REGISTRY_COLUMNS);
	const dataRows = header ? rows : rows.slice(1);
	if (dataRows.length === 0) {
		errors.push({
			line: first.line + 1,
			code: 'no_rows',
			message: 'O arquivo tem só o cabeçalho: nenhuma autorização.'
		});
		return { entries, errors, warnings };
	}

	const thisYear = parseLocalDate(options.today)?.year;
	if (thisYear === undefined) throw new RangeError(`Invalid local date: ${options.today}`);
	const seen: Seen = { prefixo: new Map(), placa: new Map(), titular: new Map() };
	const entryLines: number[] = [];
	for (const row of dataRows) {
		const entry = legacy
			? readLegacyRow(row, { thisYear, seen, errors, cites })
			: readRow(row, { thisYear, seen, errors, cites });
		if (entry) {
			entries.push(entry);
			entryLines.push(row.line);
		}
	}

	// Art. 10: more authorizations than the population allows — suspended ones count too (a
	// suspension is temporary, Art. 19 IV). The law limits how many may be granted; the file may
	// still be right (a new census), so staff decide.
	// No registry rules (the law's text is not available): no cap to check.
	const cap = options.rules ? authorizationCap(options.rules) : Infinity;
	const inForce = entries.flatMap((e, i) =>
		countsTowardCap(e, options.today) ? [entryLines[i] ?? 1] : []
	);
	const firstOver = inForce[cap];
	if (firstOver !== undefined && options.rules) {
		warnings.push({
			line: firstOver,
			code: 'cap_exceeded',
			message:
				`${inForce.length} autorizações em vigor, acima do ${capText(options.rules)}. ` +
				`A primeira além do limite está nesta linha.`
		});
	}

	return { entries, errors, warnings };
}

/** The values of one entry as typed in a form, by column (missing = empty). */
export type RegistryRecord = Readonly<Partial<Record<RegistryColumn, string>>>;

export interface RegistryRecordResult {
	/** Null when `errors` is not empty. */
	entry: RegistryEntry | null;
	/** `line` is 0: a form has no lines; `column` says which field. */
	errors: Issue[];
}

/**
 * One entry typed in the staff form, checked by the very rules of the CSV import (same codes,
 * same messages), and unique against `others` — the rest of the registry being edited — as a row
 * is against the rows above it (Art. 11 III: one authorization per titular).
 * @example validateRegistryRecord({ prefixo: '007', … }, { today: '2026-12-02', others }).errors //=> []
 */
export function validateRegistryRecord(
	record: RegistryRecord,
	options: {
		today: LocalDate;
		others: readonly RegistryEntry[];
		/** The registry rules in force: their citations go into the messages. */
		rules?: RegistryRules | null;
	}
): RegistryRecordResult {
	const thisYear = parseLocalDate(options.today)?.year;
	if (thisYear === undefined) throw new RangeError(`Invalid local date: ${options.today}`);
	const seen: Seen = { prefixo: new Map(), placa: new Map(), titular: new Map() };
	for (const other of options.others) {
		const painted = `MT-${formatPrefix(other.prefixo)}`;
		const place = { in: `no veículo ${painted} do cadastro`, of: `do veículo ${painted}` };
		seen.prefixo.set(other.prefixo, place);
		seen.placa.set(plateKey(other.placa), place);
		seen.titular.set(personKey(other.titular), place);
	}
	const errors: Issue[] = [];
	const cells = REGISTRY_COLUMNS.map((column) => record[column] ?? '');
	const entry = readRow(
		{ line: 0, cells },
		{
			thisYear,
			seen,
			errors,
			cites: options.rules?.cites ?? {},
			place: { in: 'neste formulário', of: 'deste formulário' }
		}
	);
	return { entry: errors.length === 0 ? entry : null, errors };
}

/**
 * The entries in the export's format (header, RFC 4180 quoting, CRLF), so that
 * `validateRegistryCsv(toCsv(entries), …).entries` equals `entries`.
 */
export function toCsv(entries: readonly RegistryEntry[]): string {
	const rows = entries.map((e) => [
		formatPrefix(e.prefixo),
		formatPlate(e.placa),
		e.titular,
		e.condutorAuxiliar ?? '',
		e.marcaModelo,
		e.cor,
		String(e.anoFabricacao),
		String(e.cilindradas),
		e.situacao,
		e.autorizacaoValidade,
		e.ultimaVistoria,
		e.certidaoEstadualValidade,
		e.certidaoFederalValidade,
		e.seguroValidade
	]);
	return Papa.unparse({ fields: [...REGISTRY_COLUMNS], data: rows }, { newline: '\r\n' }) + '\r\n';
}
