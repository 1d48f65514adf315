import { describe, expect, test } from 'vitest';
import { csvCell, toCsv, type CsvValue } from './csv';

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
		['disse "pare"', '"disse ""pare"""', 'quotes doubled (2.7)'],
		['linha 1\nlinha 2', '"linha 1\nlinha 2"', 'a line break (2.6)'],
		['', '', 'empty']
	];
	for (const [value, cell, why] of cases)
		test(`${JSON.stringify(value)}: ${why}`, () => expect(csvCell(value)).toBe(cell));
});

test('toCsv: header and rows, each line ending in CRLF (RFC 4180, 2.1)', () => {
	expect(
		toCsv(
			['protocolo', 'descrição'],
			[
				['RM-2026-000001', '=cmd|x'],
				['RM-2026-000002', 'ok']
			]
		)
	).toBe("protocolo,descrição\r\nRM-2026-000001,'=cmd|x\r\nRM-2026-000002,ok\r\n");
});
