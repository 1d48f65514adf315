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
import { plateKey, formatPrefix, formatPlate } from './plate';
import {
	authorizationCap,
	capText,
	countsTowardCap,
	type RegistryEntry,
	type RegistryRules
} from './registry';
import type { Cites } from './regime';
import {
	LEGACY_REGISTRY_COLUMNS,
	PRE_CNH_REGISTRY_COLUMNS,
	REGISTRY_COLUMNS,
	headerIssue,
	withAuxiliaryCells,
	sameHeader,
	type Issue,
	type RegistryColumn
} from './registry-csv-header';
import { personKey, readLegacyRow, readRow, type Row, type Seen } from './registry-csv-row';

export * from './registry-csv-header';

export interface RegistryCsvResult {
	/** Meaningful only when `errors` is empty. */
	entries: RegistryEntry[];
	errors: Issue[];
	warnings: Issue[];
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
	// The header before the auxiliary's CNH and validity (or rows of its width): those read empty.
	const preCnh = header
		? first.cells.length === PRE_CNH_REGISTRY_COLUMNS.length
		: sameHeader(first.cells, PRE_CNH_REGISTRY_COLUMNS);
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
			: readRow(preCnh ? { ...row, cells: withAuxiliaryCells(row.cells) } : row, {
					thisYear,
					seen,
					errors,
					cites
				});
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
		e.seguroValidade,
		e.auxiliarCnh ?? '',
		e.auxiliarValidade ?? ''
	]);
	return Papa.unparse({ fields: [...REGISTRY_COLUMNS], data: rows }, { newline: '\r\n' }) + '\r\n';
}
