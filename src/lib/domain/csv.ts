/**
 * CSV for Brazilian spreadsheets: semicolon-separated — pt-BR Excel and LibreOffice split on `;`,
 * since the comma is the decimal mark — with RFC 4180 quoting: CRLF line ends, any field holding a
 * `;`, a `,`, a quote or a line break quoted, quotes doubled. The file starts with a UTF-8 BOM
 * (`CSV_BOM`), which is how Excel knows the accents are UTF-8.
 *
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, and tab or carriage return,
 * which some spreadsheets skip before looking) is neutralized with a leading apostrophe, so a
 * rider's text can never run as a formula on a SEMAM computer (OWASP, "CSV Injection").
 */

/** What a cell may hold; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";,\r\n]/;

/** The field separator pt-BR spreadsheets expect. */
export const CSV_SEPARATOR = ';';
/** The byte order mark that tells Excel the file is UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One cell, neutralized and quoted as needed.
 * @example csvCell('=HYPERLINK("x")') //=> `"'=HYPERLINK(""x"")"`
 * @example csvCell('Av. 25 de Agosto, 100') //=> '"Av. 25 de Agosto, 100"'
 * @example csvCell('x;=cmd') //=> '"x;=cmd"' (one cell, not a formula in the next one)
 * @example csvCell(-3) //=> '-3' (a number is data, not a formula)
 */
export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
	if (typeof value === 'boolean') return value ? 'sim' : 'não';
	const text = FORMULA_START.test(value) ? `'${value}` : value;
	return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A whole file: the header, then each row, `;`-separated, every line ending in CRLF (RFC 4180,
 * 2.1). Without the BOM: the caller prepends `CSV_BOM` to what it sends.
 * @example toCsv(['a', 'b'], [[1, '=2']]) //=> "a;b\r\n1;'=2\r\n"
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
	const lines = [header.map(csvCell).join(CSV_SEPARATOR)];
	for (const row of rows) lines.push(row.map(csvCell).join(CSV_SEPARATOR));
	return `${lines.join('\r\n')}\r\n`;
}
