/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, fields with a comma, a quote
 * or a line break quoted, quotes doubled.
 *
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, and tab or carriage return,
 * which some spreadsheets skip before looking) is neutralized with a leading apostrophe, so a
 * rider's text can never run as a formula on a SEMAM computer (OWASP, "CSV Injection").
 */

/** What a cell may hold; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell, neutralized and quoted as needed.
 * @example csvCell('=HYPERLINK("x")') //=> `"'=HYPERLINK(""x"")"`
 * @example csvCell('Av. 25 de Agosto, 100') //=> '"Av. 25 de Agosto, 100"'
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
 * A whole file: the header, then each row, every line ending in CRLF (RFC 4180, 2.1).
 * @example toCsv(['a', 'b'], [[1, '=2']]) //=> "a,b\r\n1,'=2\r\n"
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
	const lines = [header.map(csvCell).join(',')];
	for (const row of rows) lines.push(row.map(csvCell).join(','));
	return `${lines.join('\r\n')}\r\n`;
}
