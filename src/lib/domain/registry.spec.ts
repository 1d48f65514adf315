import { describe, expect, test } from 'vitest';
import {
	verdictRules,
	capStatus,
	placesTaken,
	addMonths,
	authorizationCap,
	buildIndex,
	countActive,
	countsTowardCap,
	missingForOperating,
	readPublishedSnapshot,
	certidaoValidade,
	notFound,
	verifyAt,
	verifyOn,
	whyIrregular,
	type CheckId,
	type RegistryEntry,
	type RegistryRules,
	type Verdict
} from './registry';
import { formatPlate, formatPrefix } from './plate';
import { FULANO } from './registry.fixtures';
import { registryRulesOn } from './profile';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';
import { citationId } from '$lib/law';

const TZ = rolimDeMoura.timeZone;
const rules = registryRulesOn('2026-12-02', rolimDeMoura.registryRules) as RegistryRules;
const DAY = '2026-12-02';

/** A vehicle that passes every check on 2026-12-02. */
const ok: RegistryEntry = { ...FULANO, prefixo: '7', certidaoFederalValidade: '2027-01-31' };
const failing = (entry: RegistryEntry, date = DAY) =>
	verifyOn(entry, date, rules)
		.checks.filter((c) => !c.ok)
		.map((c) => c.id);

describe('the profile’s registry rules (Art. 6, 8, 10)', () => {
	test('dated from the law’s entry into force', () => {
		expect(registryRulesOn('2011-10-23', rolimDeMoura.registryRules)).toBeNull();
		expect(registryRulesOn('2011-10-24', rolimDeMoura.registryRules)?.law).toBe('Lei 2.059/2011');
	});
	test('thresholds as the law writes them', () => {
		expect(rules).toMatchObject({
			maxAgeYears: 5,
			minCc: 125,
			maxCc: 250,
			inspectionMonths: 12,
			cap: { kind: 'perInhabitants', inhabitants: 886, rounding: 'ceil' }
		});
	});
	test('the latest rules in force win, whatever the order', () => {
		const newer = { ...rules, validFrom: '2027-01-01', maxAgeYears: 7 };
		expect(registryRulesOn('2027-06-01', [newer, rules])?.maxAgeYears).toBe(7);
		expect(registryRulesOn('2026-12-31', [newer, rules])?.maxAgeYears).toBe(5);
	});
});

describe('verdict on a date (Art. 4, 6, 8, 11, 23–25)', () => {
	const cases: [
		change: Partial<RegistryEntry>,
		verdict: Verdict,
		failed: CheckId[],
		why: string
	][] = [
		[{}, 'regular', [], 'every requirement met'],
		[
			{ autorizacaoValidade: DAY },
			'regular',
			[],
			'authorization valid through its last day (Art. 11)'
		],
		[
			{ autorizacaoValidade: '2026-12-01' },
			'irregular',
			['autorizacao'],
			'authorization expired yesterday (Art. 11)'
		],
		[{ situacao: 'suspensa' }, 'irregular', ['autorizacao'], 'suspended (Art. 23, 24)'],
		[{ situacao: 'cassada' }, 'irregular', ['autorizacao'], 'revoked (Art. 25)'],
		[{ seguroValidade: DAY }, 'regular', [], 'insurance valid through its last day (Art. 4 VII)'],
		[
			{ seguroValidade: '2026-12-01' },
			'irregular',
			['seguro'],
			'insurance lapsed: service suspended (Art. 24 I)'
		],
		[{ ultimaVistoria: '2025-12-02' }, 'regular', [], 'inspection exactly 12 months ago (Art. 8)'],
		[
			{ ultimaVistoria: '2025-12-01' },
			'pendente',
			['vistoria'],
			'inspection 12 months and a day ago (Art. 8)'
		],
		// Art. 4 IV: "certidão negativa criminal expedida pela Justiça Estadual e Federal" — two.
		[
			{ certidaoEstadualValidade: DAY, certidaoFederalValidade: DAY },
			'regular',
			[],
			'both criminal records valid through their last day (Art. 4 IV)'
		],
		[
			{ certidaoEstadualValidade: '2026-11-30' },
			'pendente',
			['certidao_estadual'],
			'the Justiça Estadual record expired alone fails its own check (Art. 4 IV)'
		],
		[
			{ certidaoFederalValidade: '2026-11-30' },
			'pendente',
			['certidao_federal'],
			'the Justiça Federal record expired alone fails its own check (Art. 4 IV)'
		],
		[
			{ certidaoEstadualValidade: '2026-11-30', certidaoFederalValidade: '2026-11-30' },
			'pendente',
			['certidao_estadual', 'certidao_federal'],
			'both records expired: two failed checks (Art. 4 IV)'
		],
		[{ anoFabricacao: 2021 }, 'regular', [], 'five years of manufacture (Art. 6 I)'],
		[{ anoFabricacao: 2020 }, 'pendente', ['idade'], 'six years of manufacture (Art. 6 I)'],
		[{ cilindradas: 125 }, 'regular', [], '125 cc is the minimum (Art. 6 II)'],
		[{ cilindradas: 250 }, 'regular', [], '250 cc is the maximum (Art. 6 II)'],
		[{ cilindradas: 109 }, 'pendente', ['cilindradas'], 'Honda Pop 110i, 109 cc (Art. 6 II)'],
		[{ cilindradas: 300 }, 'pendente', ['cilindradas'], '300 cc (Art. 6 II)'],
		[
			{ cilindradas: 109, certidaoFederalValidade: '2026-01-01', ultimaVistoria: '2024-01-01' },
			'pendente',
			['vistoria', 'certidao_federal', 'cilindradas'],
			'several non-blocking failures stay pendente'
		],
		[
			{ situacao: 'suspensa', anoFabricacao: 2015 },
			'irregular',
			['autorizacao', 'idade'],
			'a blocking failure outweighs the rest'
		]
	];
	for (const [change, verdict, failed, why] of cases) {
		test(`${JSON.stringify(change)} → ${verdict}: ${why}`, () => {
			const entry = { ...ok, ...change };
			expect(verifyOn(entry, DAY, rules).verdict).toBe(verdict);
			expect(failing(entry)).toEqual(failed);
		});
	}

	test('every check is present, in a stable order', () => {
		expect(verifyOn(ok, DAY, rules).checks.map((c) => c.id)).toEqual([
			'autorizacao',
			'seguro',
			'vistoria',
			'certidao_estadual',
			'certidao_federal',
			'idade',
			'cilindradas'
		]);
	});

	const articles: [change: Partial<RegistryEntry>, id: CheckId, article: string][] = [
		[{}, 'autorizacao', 'Art. 11'],
		[{ situacao: 'suspensa' }, 'autorizacao', 'Art. 23'],
		[{ situacao: 'cassada' }, 'autorizacao', 'Art. 25'],
		[{}, 'seguro', 'Art. 4 VII'],
		[{}, 'vistoria', 'Art. 8'],
		[{}, 'certidao_estadual', 'Art. 4 IV'],
		[{}, 'certidao_federal', 'Art. 4 IV'],
		[{}, 'idade', 'Art. 6 I'],
		[{}, 'cilindradas', 'Art. 6 II']
	];
	for (const [change, id, article] of articles) {
		test(`${id} ${JSON.stringify(change)} cites ${article}, a provision of the law`, () => {
			const check = verifyOn({ ...ok, ...change }, DAY, rules).checks.find((c) => c.id === id);
			expect(check?.article).toBe(article);
			expect(citationId(article)).not.toBeNull();
			expect(check?.detail).toContain(`(${article}`);
		});
	}

	test('details are pt-BR sentences with Brazilian dates, params keep ISO dates', () => {
		const { checks } = verifyOn({ ...ok, seguroValidade: '2026-11-15' }, DAY, rules);
		const seguro = checks.find((c) => c.id === 'seguro');
		expect(seguro?.detail).toBe(
			'Seguro de vida pessoal e de terceiro vencido em 15/11/2026 (Art. 4 VII): ' +
				'sem isso, o serviço fica suspenso (Art. 24 I).'
		);
		expect(seguro).toMatchObject({
			params: { validade: '2026-11-15' },
			effect: 'blocks',
			effectArticle: 'Art. 24 I'
		});
		expect(checks.find((c) => c.id === 'vistoria')?.params).toEqual({
			ultima: '2026-03-10',
			proxima: '2027-03-10',
			meses: 12
		});
		expect(checks.find((c) => c.id === 'autorizacao')?.detail).toBe(
			'Autorização ativa, válida até 30/06/2027 (Art. 11).'
		);
	});

	test('the date must be a real day', () => {
		expect(() => verifyOn(ok, '2026-02-30', rules)).toThrow(RangeError);
	});

	test('no entry: nao_encontrado, with nothing to check', () => {
		expect(notFound()).toEqual({ verdict: 'nao_encontrado', checks: [] });
	});
});

describe('vistoria every 12 months (Art. 8): months are calendar months', () => {
	test.each([
		['2024-02-29', 12, '2025-02-28', 'leap day clamps to 28 Feb'],
		['2023-02-28', 12, '2024-02-28', 'into a leap year, the same day'],
		['2026-01-31', 1, '2026-02-28', 'end of month clamps'],
		['2026-12-15', 1, '2027-01-15', 'across the year'],
		['2026-03-31', -1, '2026-02-28', 'backwards']
	])('%s + %i months → %s: %s', (date, months, expected) =>
		expect(addMonths(date, months)).toBe(expected)
	);
	test('inspected on 29 Feb 2024: due on 28 Feb 2025, late on 1 Mar', () => {
		const leap = { ...ok, ultimaVistoria: '2024-02-29' };
		expect(failing(leap, '2025-02-28')).not.toContain('vistoria');
		expect(failing(leap, '2025-03-01')).toContain('vistoria');
	});
});

describe('verdict at an instant, on Rolim de Moura’s calendar', () => {
	const lastDay = { ...ok, seguroValidade: DAY };
	const cases: [iso: string, verdict: Verdict, why: string][] = [
		['2026-12-02T23:59:59-04:00', 'regular', 'last second of the insurance’s last day'],
		['2026-12-03T03:59:59Z', 'regular', 'same instant in UTC: still 2 Dec in Porto Velho'],
		['2026-12-03T04:00:00Z', 'irregular', 'midnight in Porto Velho: insurance lapsed (Art. 24 I)'],
		['2026-12-03T12:59:59+09:00', 'regular', 'given in Tokyo time, 3 Dec there: still 2 Dec here']
	];
	for (const [iso, verdict, why] of cases) {
		test(`${iso} → ${verdict}: ${why}`, () =>
			expect(verifyAt(lastDay, new Date(iso), rules, TZ).verdict).toBe(verdict));
	}
});

describe('lookup by prefix or plate, either format (Res. CONTRAN 969/2022)', () => {
	const mercosul = { ...ok, prefixo: '12', placa: 'QRE8I58', titular: 'Beltrano Exemplo' };
	const index = buildIndex([ok, mercosul]);
	const cases: [query: string, prefixo: string | null, why: string][] = [
		['7', '7', 'prefix'],
		['007', '7', 'prefix as painted'],
		['MT-007', '7', 'prefix with MT'],
		['NDJ-8941', '7', 'old plate as registered'],
		['NDJ8J41', '7', 'Mercosul form of an old-registered plate'],
		['QRE8I58', '12', 'Mercosul plate as registered'],
		['QRE-8858', '12', 'old form of a Mercosul-registered plate'],
		['013', null, 'unknown prefix'],
		['ABC1234', null, 'unknown plate'],
		['', null, 'empty'],
		['not a code', null, 'not a vehicle code']
	];
	for (const [query, prefixo, why] of cases) {
		test(`${JSON.stringify(query)} → ${prefixo}: ${why}`, () =>
			expect(index.find(query)?.prefixo ?? null).toBe(prefixo));
	}

	test('100,000 entries: lookups stay constant-time', () => {
		const letters = (n: number) =>
			String.fromCharCode(
				65 + (n % 26),
				65 + (Math.floor(n / 26) % 26),
				65 + (Math.floor(n / 676) % 26)
			);
		const entries = Array.from({ length: 100_000 }, (_, i) => ({
			...ok,
			prefixo: String(i + 1),
			placa: `${letters(Math.floor(i / 10))}${i % 10}A${String(i % 100).padStart(2, '0')}`
		}));
		const big = buildIndex(entries);
		// Prefixes have at most 4 digits: a registry this big is found by plate beyond 9999.
		const queries = Array.from({ length: 10_000 }, (_, k) => {
			const e = entries[(k * 7919) % entries.length] as RegistryEntry;
			return e.prefixo.length > 4 ? formatPlate(e.placa) : `MT-${formatPrefix(e.prefixo)}`;
		});
		const started = performance.now();
		let found = 0;
		for (const q of queries) if (big.find(q)) found++;
		const perLookup = ((performance.now() - started) * 1000) / queries.length;
		expect(found).toBe(queries.length);
		expect(perLookup).toBeLessThan(50);
	});
});

describe('Art. 10: one authorization per 886 inhabitants "ou fração"', () => {
	test('56,406 inhabitants (Censo 2022) → 64: 1 per 886 "ou fração" (Art. 10)', () =>
		expect(authorizationCap(rules)).toBe(64));
	test.each([
		[886, 1, 'exactly one share'],
		[887, 2, 'a fraction counts as one more'],
		[55_818, 63, '63 whole shares'],
		[55_819, 64, 'one inhabitant more']
	])('%i inhabitants → %i: %s', (count, cap) =>
		expect(authorizationCap({ ...rules, population: { ...rules.population, count } })).toBe(cap)
	);
	test('only authorizations in force count', () => {
		const entries: RegistryEntry[] = [
			ok,
			{ ...ok, autorizacaoValidade: DAY },
			{ ...ok, autorizacaoValidade: '2026-12-01' },
			{ ...ok, situacao: 'suspensa' },
			{ ...ok, situacao: 'cassada' },
			{ ...ok, seguroValidade: '2020-01-01' }
		];
		expect(countActive(entries, DAY)).toBe(3);
		// Art. 10 with Art. 19 IV: a suspended authorization keeps its place under the cap.
		expect(entries.filter((e) => countsTowardCap(e, DAY))).toHaveLength(4);
	});
});

describe('Art. 10 at publish: places taken of the cap, and whether this draft crosses it', () => {
	const many = (n: number, change: Partial<RegistryEntry> = {}) =>
		Array.from({ length: n }, (_, i): RegistryEntry => ({
			...ok,
			prefixo: String(i + 1).padStart(3, '0'),
			...change
		}));
	const cases: [
		draft: RegistryEntry[],
		published: RegistryEntry[] | null,
		expected: { taken: number; over: boolean; grants: boolean },
		why: string
	][] = [
		[many(64), many(64), { taken: 64, over: false, grants: false }, 'every place taken, none over'],
		[many(65), many(64), { taken: 65, over: true, grants: true }, 'one grant over the cap of 64'],
		[
			many(65),
			many(65),
			{ taken: 65, over: true, grants: false },
			'already over: nothing granted now'
		],
		[many(65), null, { taken: 65, over: true, grants: true }, 'a first publish over the cap'],
		[
			many(65, { titular: 'Outra Pessoa' }),
			many(65),
			{ taken: 65, over: true, grants: true },
			'already over: replacing every holder grants 65 places anew (Art. 10)'
		],
		[
			[...many(64), { ...many(65)[64]!, titular: 'Outra Pessoa' }],
			many(65),
			{ taken: 65, over: true, grants: true },
			'already over: one vehicle passed to another holder is a grant'
		],
		[
			many(65, { titular: `  ${many(1)[0]!.titular.toUpperCase()} ` }),
			many(65),
			{ taken: 65, over: true, grants: false },
			'the same holders, written in other case or spacing: nothing granted'
		],
		[
			[...many(64), ...many(3, { situacao: 'suspensa' })],
			many(64),
			{ taken: 67, over: true, grants: true },
			'suspended ones keep their place (Art. 19 IV)'
		],
		[
			[...many(64), ...many(3, { situacao: 'cassada' })],
			many(64),
			{ taken: 64, over: false, grants: false },
			'revoked ones free theirs (Art. 25)'
		],
		[
			[...many(64), ...many(2, { autorizacaoValidade: '2026-12-01' })],
			many(64),
			{ taken: 64, over: false, grants: false },
			'expired ones free theirs'
		]
	];
	test.each(cases)('%#: %s', (draft, published, expected) => {
		expect(placesTaken(draft, DAY)).toBe(expected.taken);
		expect(capStatus(draft, published, DAY, rules)).toMatchObject({ cap: 64, ...expected });
	});
	test('the cap in words cites its article and census', () =>
		expect(capStatus(many(1), null, DAY, rules)?.text).toMatch(
			/^limite de 64 \(Art\. 10: 1 para cada 886 habitantes ou fração; 56406 habitantes/
		));
	test('no registry rules (the law’s text is not available): no cap to check', () =>
		expect(capStatus(many(100), null, DAY, null)).toBeNull());
});

describe('pendente: what the law requires for operating vs an overdue inspection', () => {
	const cases: [change: Partial<RegistryEntry>, missing: CheckId[], why: string][] = [
		[
			{ ultimaVistoria: '2025-12-01' },
			[],
			'an overdue inspection alone keeps gentler words (Art. 8; Art. 20 V)'
		],
		[
			{ certidaoEstadualValidade: '2026-11-30' },
			['certidao_estadual'],
			'Justiça Estadual criminal record expired (Art. 4 IV)'
		],
		[
			{ certidaoFederalValidade: '2026-11-30' },
			['certidao_federal'],
			'Justiça Federal criminal record expired (Art. 4 IV)'
		],
		[{ anoFabricacao: 2020 }, ['idade'], 'motorcycle older than the law allows (Art. 6 I)'],
		[
			{ cilindradas: 109 },
			['cilindradas'],
			'engine size outside 125–250 cc, "obrigatoriamente" (Art. 6 II)'
		],
		[
			{ cilindradas: 109, certidaoEstadualValidade: '2026-01-01', ultimaVistoria: '2024-01-01' },
			['certidao_estadual', 'cilindradas'],
			'the inspection is not listed among the operating requirements'
		],
		[{}, [], 'a regular vehicle misses nothing']
	];
	for (const [change, missing, why] of cases)
		test(`${JSON.stringify(change)} → [${missing}]: ${why}`, () =>
			expect(
				missingForOperating(verifyOn({ ...ok, ...change }, DAY, rules).checks).map((c) => c.id)
			).toEqual(missing));
});

// Art. 4 IV: both certidões; a snapshot kept on a phone before held one date for "the" certidão.
describe('both certidões in a published snapshot (Art. 4 IV)', () => {
	test('certidaoValidade is the earlier of the two', () => {
		const cases: [estadual: string, federal: string, earlier: string][] = [
			['2027-01-31', '2027-03-15', '2027-01-31'],
			['2027-03-15', '2027-01-31', '2027-01-31'],
			['2027-01-31', '2027-01-31', '2027-01-31']
		];
		for (const [estadual, federal, earlier] of cases)
			expect(
				certidaoValidade({
					...ok,
					certidaoEstadualValidade: estadual,
					certidaoFederalValidade: federal
				})
			).toBe(earlier);
	});
	test('a kept snapshot with only certidaoValidade reads it as both', () => {
		const rest: Partial<RegistryEntry> = { ...ok };
		delete rest.certidaoEstadualValidade;
		delete rest.certidaoFederalValidade;
		const kept = {
			version: 1,
			publishedAt: '2026-11-01T00:00:00Z',
			sample: false,
			entries: [{ ...rest, certidaoValidade: '2026-11-30' } as unknown as RegistryEntry]
		};
		const [entry] = readPublishedSnapshot(kept).entries;
		expect(entry?.certidaoEstadualValidade).toBe('2026-11-30');
		expect(entry?.certidaoFederalValidade).toBe('2026-11-30');
		expect(failing(entry as RegistryEntry)).toEqual(['certidao_estadual', 'certidao_federal']);
	});
	test('a current snapshot is read as it is', () => {
		const current = {
			version: 2,
			publishedAt: '2026-12-01T00:00:00Z',
			sample: false,
			entries: [ok]
		};
		expect(readPublishedSnapshot(current).entries).toEqual([ok]);
	});
});

describe('why a vehicle is irregular, said first with its article (Art. 11, 23, 25; Art. 4 VII)', () => {
	const cases: [string, RegistryEntry, [CheckId, string][]][] = [
		['suspended (Art. 23)', { ...ok, situacao: 'suspensa' }, [['autorizacao', 'Art. 23']]],
		['revoked (Art. 25)', { ...ok, situacao: 'cassada' }, [['autorizacao', 'Art. 25']]],
		[
			'authorization expired (Art. 11)',
			{ ...ok, autorizacaoValidade: '2026-12-01' },
			[['autorizacao', 'Art. 11']]
		],
		[
			'insurance expired (Art. 4 VII)',
			{ ...ok, seguroValidade: '2026-11-15' },
			[['seguro', 'Art. 4 VII']]
		],
		[
			'both, the authorization first',
			{ ...ok, situacao: 'suspensa', seguroValidade: '2026-11-15', ultimaVistoria: '2024-01-01' },
			[
				['autorizacao', 'Art. 23'],
				['seguro', 'Art. 4 VII']
			]
		],
		['a pendente has no such reason (Art. 8)', { ...ok, ultimaVistoria: '2024-01-01' }, []]
	];
	test.each(cases)('%s', (_, entry, expected) => {
		const why = whyIrregular(verifyOn(entry, DAY, rules).checks);
		expect(why.map((c) => [c.id, c.article])).toEqual(expected);
	});
});

describe('verdictRules: what a rider’s page carries for its verdicts', () => {
	const carried = verdictRules(rules);
	test('no figures of the authorization cap (Art. 10: the office counts them on the server)', () => {
		expect(carried).not.toHaveProperty('cap');
		expect(carried).not.toHaveProperty('capReadings');
		expect(carried).not.toHaveProperty('population');
		expect(rules).toHaveProperty('capReadings');
	});
	test('only the citations the checks read', () => {
		expect(Object.keys(carried.cites).sort()).toEqual(
			[
				'age',
				'authorization',
				'cc',
				'certidao',
				'inspection',
				'insurance',
				'revocation',
				'suspension'
			]
				.filter((role) => role in rules.cites)
				.sort()
		);
		expect(Object.keys(rules.cites).length).toBeGreaterThan(Object.keys(carried.cites).length);
	});
	test.each(['2026-12-02', '2030-01-01'])(
		'the same verdict on %s as with the whole rules',
		(day) => {
			for (const e of [
				FULANO,
				{ ...FULANO, seguroValidade: '2026-01-01' },
				{ ...FULANO, ultimaVistoria: '2024-01-01', anoFabricacao: 2010, cilindradas: 600 },
				{ ...FULANO, situacao: 'suspensa' as const },
				{ ...FULANO, situacao: 'cassada' as const },
				{ ...FULANO, certidaoEstadualValidade: '2026-01-01' }
			])
				expect(verifyOn(e, day, carried)).toEqual(verifyOn(e, day, rules));
		}
	);
});
