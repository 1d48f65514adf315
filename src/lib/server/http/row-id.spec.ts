import { describe, expect, test } from 'vitest';
import { MAX_ROW_ID, rowId } from './row-id';

describe('rowId: only ids a 32-bit integer column can hold', () => {
	test.each([
		['1', 1],
		['42', 42],
		[' 7 ', 7],
		['2147483647', MAX_ROW_ID]
	])('%j → %d', (value, id) => expect(rowId(value)).toBe(id));

	test.each([
		'2147483648',
		'4294967296',
		'9007199254740993',
		'99999999999',
		'0',
		'00',
		'007',
		'-1',
		'+1',
		'1.0',
		'1.5',
		'1e3',
		'0x10',
		'',
		' ',
		'Infinity',
		'NaN',
		'1 2',
		'١٢',
		null,
		undefined,
		42
	])('%j → null', (value) => expect(rowId(value)).toBeNull());

	test('MAX_ROW_ID is PostgreSQL’s largest integer', () => expect(MAX_ROW_ID).toBe(2147483647));
});
