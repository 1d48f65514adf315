import { describe, expect, test } from 'vitest';
import { rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import {
	LEGACY_REGISTRY_COLUMNS,
	PRE_CNH_REGISTRY_COLUMNS,
	REGISTRY_COLUMNS,
	toCsv,
	validateRegistryCsv,
	validateRegistryRecord,
	type Issue,
	type RegistryRecord
} from './registry-csv';
import {
	authorizationCap,
	countActive,
	verifyOn,
	type CheckId,
	type RegistryEntry,
	type RegistryRules,
	type Verdict
} from './registry';
import { registryRulesOn } from './profile';
import { FULANO } from './registry.fixtures';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';
const sample = rolimDeMouraFiles.registrySample;

const TODAY = '2026-12-02';
const rules = registryRulesOn(TODAY, rolimDeMoura.registryRules) as RegistryRules;
const options = { today: TODAY, rules };
const validate = (text: string) => validateRegistryCsv(text, options);

/** Most rows here have no auxiliary's CNH: the header before those columns, still accepted. */
const HEADER = PRE_CNH_REGISTRY_COLUMNS.join(',');
const ROW_1 =
	'001,NDJ-8941,Fulano de Tal Exemplo,,Honda CG 160 Fan,Azul,2024,162,ativa,2027-06-30,2026-03-10,2027-01-31,2027-03-15,2027-05-01';
const ROW_2 =
	'002,QRE8I58,Beltrana Exemplo da Silva,Sicrano Exemplo,Yamaha Factor 150,Vermelha,2023,149,ativa,2028-01-15,2026-08-01,2027-07-31,2027-07-31,2027-09-30';
const ROW_3 =
	'003,OHL-2321,João Exemplo Araújo,,Honda Biz 125,Preta,2025,125,suspensa,2027-03-01,2026-05-20,2027-02-28,2027-02-20,2027-04-30';
const file = (...lines: string[]) => lines.join('\n') + '\n';

type Column = (typeof REGISTRY_COLUMNS)[number];

/** The row with one column replaced. */
function withCell(row: string, column: Column, value: string): string {
	const cells = row.split(',');
	cells[REGISTRY_COLUMNS.indexOf(column)] = value;
	return cells.join(',');
}

/** Row 3's titular is row 1's, in other case and accents: one person twice (Art. 11 III). */
const TITULAR_TWICE = file(
	HEADER,
	ROW_1,
	ROW_2,
	withCell(ROW_3, 'titular', ' fulano de tal exémplo ')
);

const expected: RegistryEntry[] = [
	FULANO,
	{
		prefixo: '2',
		placa: 'QRE8I58',
		titular: 'Beltrana Exemplo da Silva',
		condutorAuxiliar: 'Sicrano Exemplo',
		marcaModelo: 'Yamaha Factor 150',
		cor: 'Vermelha',
		anoFabricacao: 2023,
		cilindradas: 149,
		situacao: 'ativa',
		autorizacaoValidade: '2028-01-15',
		ultimaVistoria: '2026-08-01',
		certidaoEstadualValidade: '2027-07-31',
		certidaoFederalValidade: '2027-07-31',
		seguroValidade: '2027-09-30'
	},
	{
		prefixo: '3',
		placa: 'OHL2321',
		titular: 'João Exemplo Araújo',
		condutorAuxiliar: null,
		marcaModelo: 'Honda Biz 125',
		cor: 'Preta',
		anoFabricacao: 2025,
		cilindradas: 125,
		situacao: 'suspensa',
		autorizacaoValidade: '2027-03-01',
		ultimaVistoria: '2026-05-20',
		certidaoEstadualValidade: '2027-02-28',
		certidaoFederalValidade: '2027-02-20',
		seguroValidade: '2027-04-30'
	}
];

describe('a valid export', () => {
	test('yields its entries: canonical prefix, normalized plate, empty auxiliar → null', () => {
		const result = validate(file(HEADER, ROW_1, ROW_2, ROW_3));
		expect(result.errors).toEqual([]);
		expect(result.warnings).toEqual([]);
		expect(result.entries).toEqual(expected);
	});
	test('BOM, CRLF, quoted fields and blank lines are read as spreadsheets write them', () => {
		const quoted = withCell(ROW_2, 'titular', '"Beltrana Exemplo da Silva"');
		const text = '\uFEFF' + [HEADER, ROW_1, '', quoted, ROW_3].join('\r\n') + '\r\n';
		const result = validate(text);
		expect(result.errors).toEqual([]);
		expect(result.entries).toEqual(expected);
	});
	test('a quoted comma stays inside its field', () => {
		const row = withCell(ROW_1, 'marca_modelo', '"Honda CG 160 Fan, Flex"');
		expect(validate(file(HEADER, row)).entries[0]?.marcaModelo).toBe('Honda CG 160 Fan, Flex');
	});
	test('values that are real but break the law are not errors: the verdict flags them', () => {
		const row = [
			['cilindradas', '300'],
			['ano_fabricacao', '2015'],
			['seguro_validade', '2020-01-01'],
			['autorizacao_validade', '2019-12-31']
		].reduce(
			(r, [c, v]) => withCell(r, c as (typeof REGISTRY_COLUMNS)[number], v as string),
			ROW_1
		);
		const result = validate(file(HEADER, row));
		expect(result.errors).toEqual([]);
		expect(verifyOn(result.entries[0] as RegistryEntry, TODAY, rules).verdict).toBe('irregular');
	});
	test('situação in capitals is read as it is meant', () => {
		expect(validate(file(HEADER, withCell(ROW_1, 'situacao', 'Ativa'))).entries[0]?.situacao).toBe(
			'ativa'
		);
	});
});

// Art. 4 IV: "certidão negativa criminal expedida pela Justiça Estadual e Federal".
describe('both certidões of Art. 4 IV, and the older single column', () => {
	const LEGACY_HEADER = LEGACY_REGISTRY_COLUMNS.join(',');
	const ESTADUAL = REGISTRY_COLUMNS.indexOf('certidao_estadual_validade');
	/** A new-format row as the older export wrote it: one certidão date, `single`. */
	const legacyRow = (row: string, single: string) => {
		const cells = row.split(',');
		cells.splice(ESTADUAL, 2, single);
		return cells.join(',');
	};

	test('the header names both, in place of the older single column', () => {
		expect(REGISTRY_COLUMNS).toContain('certidao_estadual_validade');
		expect(REGISTRY_COLUMNS).toContain('certidao_federal_validade');
		expect(REGISTRY_COLUMNS).not.toContain('certidao_validade');
		expect(LEGACY_REGISTRY_COLUMNS).toContain('certidao_validade');
		expect(LEGACY_REGISTRY_COLUMNS).toHaveLength(PRE_CNH_REGISTRY_COLUMNS.length - 1);
	});

	test('each certidão is read from its own column', () => {
		const [entry] = validate(file(HEADER, ROW_1)).entries;
		expect(entry?.certidaoEstadualValidade).toBe('2027-01-31');
		expect(entry?.certidaoFederalValidade).toBe('2027-03-15');
	});

	const expiredAlone: [column: (typeof REGISTRY_COLUMNS)[number], failed: CheckId][] = [
		['certidao_estadual_validade', 'certidao_estadual'],
		['certidao_federal_validade', 'certidao_federal']
	];
	for (const [column, id] of expiredAlone) {
		test(`${column} expired alone fails ${id} only (Art. 4 IV)`, () => {
			const result = validate(file(HEADER, withCell(ROW_1, column, '2026-11-30')));
			expect(result.errors).toEqual([]);
			const v = verifyOn(result.entries[0] as RegistryEntry, TODAY, rules);
			expect(v.verdict).toBe('pendente');
			expect(v.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual([id]);
			expect(v.checks.find((c) => c.id === id)?.article).toBe('Art. 4 IV');
		});
	}

	const legacyCases: [single: string, verdict: Verdict, failed: CheckId[], why: string][] = [
		['2027-01-31', 'regular', [], 'a valid single date is valid for both'],
		[
			'2026-11-30',
			'pendente',
			['certidao_estadual', 'certidao_federal'],
			'an expired single date fails both (Art. 4 IV)'
		]
	];
	for (const [single, verdict, failed, why] of legacyCases) {
		test(`the older certidao_validade column ${single} is read as both: ${why}`, () => {
			const result = validate(
				file(LEGACY_HEADER, legacyRow(ROW_1, single), legacyRow(ROW_2, single))
			);
			expect(result.errors).toEqual([]);
			expect(result.entries).toHaveLength(2);
			for (const e of result.entries) {
				expect(e.certidaoEstadualValidade).toBe(single);
				expect(e.certidaoFederalValidade).toBe(single);
				const v = verifyOn(e, TODAY, rules);
				expect(v.verdict).toBe(verdict);
				expect(v.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(failed);
			}
		});
	}

	test('an error in the older column is reported once, under its own name', () => {
		const result = validate(file(LEGACY_HEADER, legacyRow(ROW_1, '2027-02-30')));
		expect(result.errors).toEqual([
			expect.objectContaining({ line: 2, column: 'certidao_validade', code: 'date' })
		]);
		const empty = validate(file(LEGACY_HEADER, legacyRow(ROW_1, '')));
		expect(empty.errors).toEqual([
			expect.objectContaining({
				line: 2,
				column: 'certidao_validade',
				code: 'required',
				message: 'A coluna certidao_validade é obrigatória.'
			})
		]);
	});

	test('a row of the older width under the older header counts its own columns', () => {
		const result = validate(file(LEGACY_HEADER, ROW_1));
		expect(result.errors).toEqual([
			expect.objectContaining({
				line: 2,
				code: 'column_count',
				message: `A linha tem ${PRE_CNH_REGISTRY_COLUMNS.length} coluna(s); são ${LEGACY_REGISTRY_COLUMNS.length}.`
			})
		]);
	});

	// Our call: a file with both the older and a newer column is refused, not guessed at.
	const mixed: [header: string, why: string][] = [
		[HEADER.replace('certidao_federal_validade', 'certidao_validade'), 'older + estadual'],
		[HEADER.replace('certidao_estadual_validade', 'certidao_validade'), 'older + federal'],
		[HEADER + ',certidao_validade', 'older + both']
	];
	for (const [header, why] of mixed) {
		test(`a header with the older and a newer certidão column is refused: ${why}`, () => {
			const result = validate(file(header, ROW_1));
			expect(result.entries).toEqual([]);
			expect(result.errors).toHaveLength(1);
			expect(result.errors[0]).toMatchObject({ line: 1, code: 'header_certidao' });
			expect(result.errors[0]?.message).toContain('certidao_validade');
			expect(result.errors[0]?.message).toContain('certidao_estadual_validade');
			expect(result.errors[0]?.message).toContain('(Art. 4 IV)');
		});
	}
});

describe('the messages cite the regime in force, by role, or nothing', () => {
	const duplicate = (r: RegistryRules | null) =>
		validateRegistryCsv(TITULAR_TWICE, { today: TODAY, rules: r }).errors[0]?.message ?? '';
	test('one authorization per person: Art. 11 III under Lei 2.059/2011', () =>
		expect(duplicate(rules)).toMatch(/direito a uma só autorização \(Art\. 11 III\)\.$/));
	test('another law, another article (its cites)', () =>
		expect(duplicate({ ...rules, cites: { ...rules.cites, onePerPerson: 'Art. 7' } })).toMatch(
			/\(Art\. 7\)\.$/
		));
	test('no registry rules (no law text): no article, never another law’s', () =>
		expect(duplicate(null)).toMatch(/direito a uma só autorização\.$/));
	test('the staff form says the same', () => {
		const others = validateRegistryCsv(file(HEADER, ROW_1), options).entries;
		const cells = withCell(ROW_3, 'titular', 'Fulano de Tal Exemplo').split(',');
		const record: RegistryRecord = Object.fromEntries(
			REGISTRY_COLUMNS.map((c, i) => [c, cells[i] ?? ''])
		);
		const result = validateRegistryRecord(record, { today: TODAY, others, rules });
		expect(result.errors.map((e) => e.message).join(' ')).toContain('(Art. 11 III)');
	});
});

describe('round trip: toCsv then validateRegistryCsv', () => {
	test('gives back the same entries', () => {
		const tricky: RegistryEntry = {
			...(expected[0] as RegistryEntry),
			prefixo: '44',
			placa: 'ABC1234',
			titular: 'Maria "Preta" d’Ávila, Exemplo',
			marcaModelo: 'Honda CG 160\nFan'
		};
		const entries = [...expected, tricky];
		const result = validate(toCsv(entries));
		expect(result.errors).toEqual([]);
		expect(result.entries).toEqual(entries);
	});
	test('writes the header, painted prefixes and plates, CRLF', () => {
		expect(toCsv(expected.slice(0, 1))).toBe(`${REGISTRY_COLUMNS.join(',')}\r\n${ROW_1},,\r\n`);
	});
	test('the sample survives it unchanged', () => {
		const { entries } = validate(sample);
		expect(validate(toCsv(entries)).entries).toEqual(entries);
	});
});

describe('every error, with its line and code', () => {
	const cases: [name: string, text: string, issues: Partial<Issue>[]][] = [
		['empty file', '', [{ line: 1, code: 'empty_file' }]],
		['only blank lines', '\n\r\n\n', [{ line: 1, code: 'empty_file' }]],
		['header only: no rows', file(HEADER), [{ line: 2, code: 'no_rows' }]],
		['wrong header', file(HEADER.replace('placa', 'plate'), ROW_1), [{ line: 1, code: 'header' }]],
		[
			'columns in another order',
			file(HEADER.replace('titular,condutor_auxiliar', 'condutor_auxiliar,titular'), ROW_1),
			[{ line: 1, code: 'header' }]
		],
		[
			'semicolons, as a pt-BR spreadsheet exports',
			file(HEADER.replaceAll(',', ';'), ROW_1.replaceAll(',', ';')),
			[{ line: 1, code: 'header' }]
		],
		[
			'missing header: the rows are still checked',
			file(ROW_1, withCell(ROW_2, 'placa', 'XX-1')),
			[
				{ line: 1, code: 'header_missing' },
				{ line: 2, code: 'plate', column: 'placa' }
			]
		],
		[
			'a column too few',
			file(HEADER, ROW_1, ROW_2.slice(0, ROW_2.lastIndexOf(','))),
			[{ line: 3, code: 'column_count' }]
		],
		['a column too many', file(HEADER, ROW_1 + ',x'), [{ line: 2, code: 'column_count' }]],
		[
			'duplicate prefix (007 and MT-7 are the same)',
			file(HEADER, withCell(ROW_1, 'prefixo', '007'), ROW_2, withCell(ROW_3, 'prefixo', 'MT-7')),
			[{ line: 4, code: 'duplicate_prefix', column: 'prefixo' }]
		],
		[
			'same titular twice, other case and accents (Art. 11 III)',
			TITULAR_TWICE,
			[{ line: 4, code: 'duplicate_titular', column: 'titular' }]
		],
		[
			'an unterminated quote',
			file(HEADER, ROW_1, withCell(ROW_2, 'titular', '"Beltrana')),
			[
				{ line: 3, code: 'csv_syntax' },
				{ line: 3, code: 'column_count' }
			]
		]
	];
	// One bad cell, in the last row of the file (the rows before it are valid): one error there.
	const badCells: [name: string, line: 2 | 3 | 4, column: Column, value: string, code: string][] = [
		['bad plate', 3, 'placa', 'AB-12345', 'plate'],
		['bad prefix', 2, 'prefixo', '000', 'prefix'],
		['duplicate plate, same format', 3, 'placa', 'ndj8941', 'duplicate_plate'],
		[
			'duplicate plate across formats (NDJ-8941 is NDJ8J41)',
			4,
			'placa',
			'NDJ8J41',
			'duplicate_plate'
		],
		['unknown situação', 2, 'situacao', 'vencida', 'situacao'],
		['30 February', 2, 'autorizacao_validade', '2026-02-30', 'date'],
		['a Brazilian-format date', 3, 'seguro_validade', '30/09/2027', 'date'],
		['month 13', 2, 'ultima_vistoria', '2026-13-01', 'date'],
		['zero cilindradas', 2, 'cilindradas', '0', 'cilindradas'],
		['cilindradas beyond any motorcycle', 2, 'cilindradas', '2001', 'cilindradas'],
		['fractional cilindradas', 2, 'cilindradas', '149.5', 'cilindradas'],
		['manufactured next year', 2, 'ano_fabricacao', '2027', 'ano_fabricacao'],
		['manufactured before 1950', 2, 'ano_fabricacao', '1949', 'ano_fabricacao'],
		['two-digit year', 2, 'ano_fabricacao', '24', 'ano_fabricacao'],
		['empty required field', 2, 'titular', '  ', 'required']
	];
	for (const [name, line, column, value, code] of badCells) {
		const rows = [ROW_1, ROW_2, ROW_3].slice(0, line - 1);
		rows[line - 2] = withCell(rows[line - 2] as string, column, value);
		cases.push([name, file(HEADER, ...rows), [{ line, code, column }]]);
	}
	for (const [name, text, issues] of cases) {
		test(name, () => {
			const result = validate(text);
			expect(result.errors.map(({ line, code, column }) => ({ line, code, column }))).toEqual(
				issues.map(({ line, code, column }) => ({ line, code, column }))
			);
			for (const e of result.errors) expect(e.message).toMatch(/\S/);
		});
	}

	test('the whole file is checked: every error of every row, each on its own line', () => {
		const text = file(
			HEADER,
			withCell(withCell(ROW_1, 'placa', 'XYZ'), 'cilindradas', '-5'),
			ROW_2,
			'"multi-line',
			'model",x',
			withCell(withCell(ROW_3, 'prefixo', '2'), 'seguro_validade', '2027-02-29')
		);
		const issues = validate(text).errors.map(({ line, code }) => [line, code]);
		expect(issues).toEqual([
			[2, 'plate'],
			[2, 'cilindradas'],
			[4, 'column_count'],
			[6, 'duplicate_prefix'],
			[6, 'date']
		]);
	});

	test('messages are pt-BR and point at the first occurrence', () => {
		const { errors } = validate(file(HEADER, ROW_1, withCell(ROW_2, 'placa', 'NDJ8J41')));
		expect(errors[0]?.message).toBe(
			'A placa NDJ8J41 já aparece na linha 2 (no formato antigo ou Mercosul).'
		);
	});
});

describe('Art. 10 cap: a warning, not an error', () => {
	const rows = (n: number, situacao = 'ativa') =>
		Array.from({ length: n }, (_, i) => {
			const p = String(i + 1);
			const placa = `QRE${i % 10}A${String(Math.floor(i / 10)).padStart(2, '0')}`;
			return [
				p,
				placa,
				`Titular Exemplo ${p}`,
				'',
				'Honda CG 160 Fan',
				'Azul',
				'2024',
				'162',
				situacao,
				'2027-06-30',
				'2026-03-10',
				'2027-01-31',
				'2027-01-31',
				'2027-05-01'
			].join(',');
		});
	test(`${authorizationCap(rules)} authorizations in force: no warning`, () => {
		const result = validate(file(HEADER, ...rows(64)));
		expect(result.errors).toEqual([]);
		expect(result.warnings).toEqual([]);
	});
	test('65 in force: a warning on the first line beyond the cap (Art. 10, Censo 2022)', () => {
		const result = validate(file(HEADER, ...rows(65)));
		expect(result.errors).toEqual([]);
		expect(result.entries).toHaveLength(65);
		expect(result.warnings).toMatchObject([{ line: 66, code: 'cap_exceeded' }]);
		expect(result.warnings[0]?.message).toContain(
			'65 autorizações em vigor, acima do limite de 64'
		);
	});
	test('revoked authorizations do not count', () => {
		const revoked = rows(70).map((r, i) => (i >= 60 ? r.replace(',ativa,', ',cassada,') : r));
		expect(validate(file(HEADER, ...revoked)).warnings).toEqual([]);
	});
	// A suspension is temporary (Art. 19 IV): the place stays taken.
	test('suspended authorizations count against the Art. 10 cap', () => {
		const suspended = rows(70).map((r, i) => (i >= 60 ? r.replace(',ativa,', ',suspensa,') : r));
		expect(validate(file(HEADER, ...suspended)).warnings).toMatchObject([
			{ line: 66, code: 'cap_exceeded' }
		]);
	});
});

describe('the sample registry (src/lib/profile/registry-sample.csv)', () => {
	const result = validate(sample);
	const entries = result.entries;
	const verdicts = entries.map((e) => ({ e, v: verifyOn(e, TODAY, rules) }));
	const count = (verdict: Verdict) => verdicts.filter(({ v }) => v.verdict === verdict).length;

	test('passes validation, within the Art. 10 cap', () => {
		expect(result.errors).toEqual([]);
		expect(result.warnings).toEqual([]);
		expect(entries).toHaveLength(60);
		expect(countActive(entries, TODAY)).toBeLessThanOrEqual(authorizationCap(rules));
	});

	test('prefixes 001–060', () => {
		expect(entries.map((e) => e.prefixo)).toEqual(
			Array.from({ length: 60 }, (_, i) => String(i + 1))
		);
	});

	test('old and Mercosul plates both appear', () => {
		expect(entries.some((e) => /^[A-Z]{3}\d{4}$/.test(e.placa))).toBe(true);
		expect(entries.some((e) => /^[A-Z]{3}\d[A-Z]\d{2}$/.test(e.placa))).toBe(true);
	});

	test('on 2026-12-02, mostly regular, with every other verdict', () => {
		expect(count('regular')).toBe(51);
		expect(count('pendente')).toBe(5);
		expect(count('irregular')).toBe(4);
	});

	const failures: [prefixo: string, verdict: Verdict, failed: CheckId[], why: string][] = [
		['14', 'pendente', ['vistoria'], 'last inspection 2025-10-14 (Art. 8)'],
		[
			'23',
			'pendente',
			['certidao_estadual', 'certidao_federal'],
			'both criminal records expired (Art. 4 IV)'
		],
		['31', 'pendente', ['idade'], 'a 2019 motorcycle, 7 years (Art. 6 I)'],
		['38', 'pendente', ['cilindradas'], 'Honda Pop 110i, 109 cc (Art. 6 II)'],
		['45', 'pendente', ['cilindradas'], 'Honda XRE 300, above 250 cc (Art. 6 II)'],
		['17', 'irregular', ['autorizacao'], 'suspended (Art. 23)'],
		['29', 'irregular', ['autorizacao'], 'revoked (Art. 25)'],
		['41', 'irregular', ['autorizacao'], 'authorization expired (Art. 11)'],
		['52', 'irregular', ['seguro'], 'insurance lapsed (Art. 24 I)']
	];
	for (const [prefixo, verdict, failed, why] of failures) {
		test(`${prefixo.padStart(3, '0')} → ${verdict}: ${why}`, () => {
			const found = verdicts.find(({ e }) => e.prefixo === prefixo);
			expect(found?.v.verdict).toBe(verdict);
			expect(found?.v.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(failed);
		});
	}

	test('every check fails somewhere, and the cilindradas check on both sides', () => {
		const failed = new Set(
			verdicts.flatMap(({ v }) => v.checks.filter((c) => !c.ok).map((c) => c.id))
		);
		expect([...failed].sort()).toEqual(
			[
				'autorizacao',
				'certidao_estadual',
				'certidao_federal',
				'cilindradas',
				'idade',
				'seguro',
				'vistoria'
			].sort()
		);
		const cc = entries.map((e) => e.cilindradas);
		expect(Math.min(...cc)).toBeLessThan(rules.minCc);
		expect(Math.max(...cc)).toBeGreaterThan(rules.maxCc);
	});

	test('regular entries stay valid into 2027: nothing of theirs expires before 2027-01-01', () => {
		for (const { e, v } of verdicts) {
			if (v.verdict !== 'regular') continue;
			expect(e.autorizacaoValidade >= '2027-01-01', e.prefixo).toBe(true);
			expect(e.seguroValidade >= '2027-01-01', e.prefixo).toBe(true);
			expect(e.certidaoEstadualValidade >= '2027-01-01', e.prefixo).toBe(true);
			expect(e.certidaoFederalValidade >= '2027-01-01', e.prefixo).toBe(true);
			expect(e.ultimaVistoria >= '2026-01-01', e.prefixo).toBe(true);
		}
	});
});

describe('validateRegistryRecord: the single-entry form, same rules as the import', () => {
	const others = validate(file(HEADER, ROW_1, ROW_2)).entries;
	/** ROW_3 as a form would send it, with some fields replaced. */
	const record = (overrides: RegistryRecord = {}): RegistryRecord => ({
		...Object.fromEntries(REGISTRY_COLUMNS.map((c, i) => [c, ROW_3.split(',')[i] ?? ''])),
		...overrides
	});
	const check = (r: RegistryRecord) => validateRegistryRecord(r, { today: TODAY, others });

	test('a valid entry comes back canonical (prefixo 003 → 3, plate without hyphen)', () => {
		const { entry, errors } = check(record());
		expect(errors).toEqual([]);
		expect(entry).toMatchObject({ prefixo: '3', placa: 'OHL2321', situacao: 'suspensa' });
	});

	const cases: [overrides: RegistryRecord, column: string, code: string, why: string][] = [
		[{ placa: 'XYZ' }, 'placa', 'plate', 'a plate that is no plate'],
		[{ cor: '  ' }, 'cor', 'required', 'blank is missing'],
		[{ prefixo: '001' }, 'prefixo', 'duplicate_prefix', 'the prefix of another vehicle'],
		[{ placa: 'NDJ8J41' }, 'placa', 'duplicate_plate', 'the Mercosul form of another plate'],
		[
			{ titular: 'fulano de tal exemplo' },
			'titular',
			'duplicate_titular',
			'one authorization per titular (Art. 11 III)'
		],
		[{ seguro_validade: '2027-02-30' }, 'seguro_validade', 'date', '30 February'],
		[{ cilindradas: '3000' }, 'cilindradas', 'cilindradas', 'no motorcycle has 3000 cc'],
		[{ situacao: 'ativo' }, 'situacao', 'situacao', 'an unknown situação']
	];
	for (const [overrides, column, code, why] of cases)
		test(`${JSON.stringify(overrides)} → ${code} on ${column}: ${why}`, () => {
			const { entry, errors } = check(record(overrides));
			expect(entry).toBeNull();
			expect(errors).toEqual([expect.objectContaining({ line: 0, column, code })]);
		});

	test('a duplicate names the vehicle it clashes with', () => {
		const { errors } = check(record({ placa: 'NDJ8J41' }));
		expect(errors[0]?.message).toBe(
			'A placa NDJ8J41 já aparece no veículo MT-001 do cadastro (no formato antigo ou Mercosul).'
		);
	});
});

describe('the auxiliary as a person: CNH and own validity (Feira Art. 20 §2º, Art. 43 §2º)', () => {
	const FULL = REGISTRY_COLUMNS.join(',');
	const row2 = (cnh: string, validade: string, auxiliar = 'Sicrano Exemplo') =>
		`${withCell(ROW_2, 'condutor_auxiliar', auxiliar)},${cnh},${validade}`;

	test('the header ends with the auxiliary’s CNH and validity; the header before them still reads', () => {
		expect(REGISTRY_COLUMNS.slice(-2)).toEqual([
			'condutor_auxiliar_cnh',
			'condutor_auxiliar_validade'
		]);
		expect(validate(file(HEADER, ROW_1, ROW_2)).errors).toEqual([]);
	});

	test('round trip: toCsv then validate gives back the CNH and the validity', () => {
		const { entries, errors } = validate(
			file(FULL, `${ROW_1},,`, row2('012.345.678-90', '2027-01-31'))
		);
		expect(errors).toEqual([]);
		expect(entries[1]).toMatchObject({
			condutorAuxiliar: 'Sicrano Exemplo',
			auxiliarCnh: '01234567890',
			auxiliarValidade: '2027-01-31'
		});
		expect(entries[0]).not.toHaveProperty('auxiliarCnh');
		expect(validate(toCsv(entries)).entries).toEqual(entries);
		expect(toCsv(entries)).toContain(',01234567890,2027-01-31\r\n');
	});

	const cases: [why: string, row: string, issue: Partial<Issue>][] = [
		[
			'a CNH that is not one',
			row2('1234', ''),
			{ line: 2, column: 'condutor_auxiliar_cnh', code: 'cnh' }
		],
		[
			'an impossible validity',
			row2('01234567890', '2027-02-30'),
			{ line: 2, column: 'condutor_auxiliar_validade', code: 'date' }
		],
		[
			'a CNH without an auxiliary',
			row2('01234567890', '', ''),
			{ line: 2, column: 'condutor_auxiliar_cnh', code: 'auxiliary_missing' }
		]
	];
	test.each(cases)('%s', (_why, row, issue) => {
		const { errors } = validate(file(FULL, row));
		expect(errors).toEqual([expect.objectContaining(issue)]);
		// The CNH is personal data: never repeated in a message (the CLI prints them).
		expect(errors[0]?.message).not.toContain('1234');
	});
});
