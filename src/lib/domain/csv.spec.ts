import { describe, expect, test } from 'vitest';
import Papa from 'papaparse';
import { CSV_BOM, csvCell, toCsv, type CsvValue } from './csv';

describe('csvCell: formula injection neutralized (OWASP CSV Injection)', () => {
	const cases: [value: CsvValue, cell: string, why: string][] = [
		['=1+1', "'=1+1", 'a formula'],
		['+5569999887766', "'+5569999887766", 'a plus sign starts a formula too'],
		['-2', "'-2", 'so does a minus'],
		['@SUM(A1)', "'@SUM(A1)", 'and an at sign (Lotus-style functions)'],
		['\t=1', "'\t=1", 'a tab before the formula'],
		['\r=1', `"'\r=1"`, 'a carriage return before the formula, quoted because of the CR'],
		['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`, 'neutralized and quoted'],
		['a = b', 'a = b', 'an equals sign inside the text is harmless'],
		['Fumou', 'Fumou', 'plain text stays as it is'],
		[-3, '-3', 'a number is data'],
		[null, '', 'null is an empty cell'],
		[undefined, '', 'undefined too'],
		[true, 'sim', 'booleans in pt-BR']
	];
	for (const [value, cell, why] of cases)
		test(`${JSON.stringify(value)} → ${JSON.stringify(cell)}: ${why}`, () =>
			expect(csvCell(value)).toBe(cell));
});

describe('csvCell: RFC 4180 quoting', () => {
	const cases: [value: string, cell: string, why: string][] = [
		['Av. 25 de Agosto, 100', '"Av. 25 de Agosto, 100"', 'a comma (2.6)'],
		['x;=cmd|calc', '"x;=cmd|calc"', 'a semicolon: pt-BR Excel splits on it'],
		['R$ 5;00', '"R$ 5;00"', 'any semicolon'],
		['disse "pare"', '"disse ""pare"""', 'quotes doubled (2.7)'],
		['linha 1\nlinha 2', '"linha 1\nlinha 2"', 'a line break (2.6)'],
		['', '', 'empty']
	];
	for (const [value, cell, why] of cases)
		test(`${JSON.stringify(value)}: ${why}`, () => expect(csvCell(value)).toBe(cell));
});

test('toCsv: header and rows, `;`-separated, each line ending in CRLF (RFC 4180, 2.1)', () => {
	expect(
		toCsv(
			['protocolo', 'descrição'],
			[
				['RM-2026-000001', '=cmd|x'],
				['RM-2026-000002', 'ok']
			]
		)
	).toBe("protocolo;descrição\r\nRM-2026-000001;'=cmd|x\r\nRM-2026-000002;ok\r\n");
});

describe('read back as pt-BR Excel reads it (`;`, double quotes, CRLF, UTF-8 BOM)', () => {
	/** Excel pt-BR: splits on `;`, honours RFC 4180 quotes, strips the BOM. */
	const excelPtBr = (file: string) => {
		expect(file.startsWith(CSV_BOM)).toBe(true);
		const parsed = Papa.parse<string[]>(file.slice(1), {
			delimiter: ';',
			quoteChar: '"',
			escapeChar: '"',
			newline: '\r\n',
			skipEmptyLines: true
		});
		expect(parsed.errors).toEqual([]);
		return parsed.data;
	};
	const hostile: string[] = [
		"x;=cmd|' /C calc'!A0",
		'a;b;c',
		'=1+1',
		'-2+3;+4',
		'@SUM(A1:A9)',
		'"=HYPERLINK(""http://x"")"',
		'linha 1\r\nlinha 2; =3',
		'Av. 25 de Agosto, 100',
		'São João — ação',
		'\t=1',
		';',
		'"'
	];

	test('every cell comes back as one cell with its text, none as a formula', () => {
		const file =
			CSV_BOM +
			toCsv(
				['protocolo', 'descricao'],
				hostile.map((text, i) => [i, text])
			);
		const rows = excelPtBr(file);
		expect(rows[0]).toEqual(['protocolo', 'descricao']);
		expect(rows).toHaveLength(hostile.length + 1);
		for (const [i, text] of hostile.entries()) {
			const row = rows[i + 1]!;
			expect(row).toHaveLength(2);
			expect(row[0]).toBe(String(i));
			const cell = row[1]!;
			// The text, with the apostrophe that keeps a formula-looking start from running.
			expect(cell).toBe(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
			expect(cell).not.toMatch(/^[=+\-@]/);
		}
	});

	test('before: a comma-separated file with an unquoted `;` gave pt-BR Excel a formula cell', () => {
		// What the export used to write for 'x;=cmd': Excel pt-BR splits it into 'x' and '=cmd'.
		const old = Papa.parse<string[]>('protocolo,descricao\r\n1,x;=cmd\r\n', {
			delimiter: ';',
			newline: '\r\n'
		}).data;
		expect(old[1]).toContain('=cmd');
		expect(excelPtBr(CSV_BOM + toCsv(['d'], [['x;=cmd']]))[1]).toEqual(['x;=cmd']);
	});
});
