import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { bandeiraAt, type BandeiraContext } from '$lib/domain/bandeira';
import { holidayService } from '$lib/domain/holiday-source';
import { catalogOn } from '$lib/domain/offenses';
import { inForceOn, registryRulesOn } from '$lib/domain/profile';
import { authorizationCap } from '$lib/domain/registry';
import { crossFileErrors, describeChanges } from './check';
import { readProfile } from './read';
import type { LoadedProfile } from './load';

const profiles = fileURLToPath(new URL('../../../profiles/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'garupa-profile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Json = Record<string, unknown> & { [k: string]: Json | Json[] | unknown };
let n = 0;

/** A copy of a shipped profile in a tmp dir, changed by `edit` (file name → JSON edit or text). */
function fixture(
	from: string,
	edits: Record<string, ((json: Json) => void) | string | null> = {}
): string {
	const dir = join(scratch, `${from}-${++n}`);
	cpSync(join(profiles, from), dir, { recursive: true });
	for (const [file, edit] of Object.entries(edits)) {
		const path = join(dir, file);
		if (edit === null) rmSync(path);
		else if (typeof edit === 'string') writeFileSync(path, edit);
		else {
			const json = (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) as Json;
			edit(json);
			writeFileSync(path, JSON.stringify(json));
		}
	}
	return dir;
}

/** Every error profile:check reports for a folder (schema, chain, cross-file). */
function errorsOf(dir: string): string[] {
	const r = readProfile(dir);
	return r.ok ? crossFileErrors(r.value) : r.errors;
}

function loaded(dir: string): LoadedProfile {
	const r = readProfile(dir);
	if (!r.ok) throw new Error(r.errors.join('\n'));
	return r.value;
}

const LEI = 'regimes/lei-2059-2011.json';
const rdmRegime = () =>
	JSON.parse(readFileSync(join(profiles, 'rolim-de-moura', LEI), 'utf8')) as Json;

/** A second, test-only regime from 2027-01-01: Lei 2.059/2011 ends the day before. */
function withLaterRegime(later: (r: Json) => void = () => {}): Record<string, (j: Json) => void> {
	return {
		[LEI]: (r) => {
			r['validTo'] = '2026-12-31';
		},
		'regimes/lei-teste-2027.json': (r) => {
			Object.assign(r, rdmRegime(), {
				validFrom: '2027-01-01',
				law: {
					title: 'Lei municipal de teste nº 1/2026',
					short: 'Lei 1/2026',
					published: '2026-10-01',
					source: 'Fixture de teste'
				}
			});
			later(r);
		}
	};
}

describe('shipped profiles pass profile:check', () => {
	for (const name of ['rolim-de-moura', 'porto-velho'])
		test(name, () => expect(errorsOf(join(profiles, name))).toEqual([]));
});

describe('profile:check rejects, naming file and path', () => {
	const cases: [
		why: string,
		edits: Record<string, ((j: Json) => void) | string | null>,
		error: string
	][] = [
		[
			'overlapping regimes: the earlier one has no last day',
			{
				[LEI]: () => {},
				'regimes/lei-teste-2027.json': (r) =>
					Object.assign(r, rdmRegime(), { validFrom: '2027-01-01' })
			},
			`${LEI}: validTo: expected a last day, because regimes/lei-teste-2027.json starts on 2027-01-01 (regimes overlap)`
		],
		[
			'overlapping regimes: the earlier one ends after the next starts',
			withLaterRegime((r) => (r['validFrom'] = '2026-12-01')),
			`${LEI}: validTo: 2026-12-31 overlaps regimes/lei-teste-2027.json, which starts on 2026-12-01`
		],
		[
			'a gap between regimes',
			withLaterRegime((r) => (r['validFrom'] = '2027-01-02')),
			'regimes/lei-teste-2027.json: validFrom: expected 2027-01-01, the day after regimes/lei-2059-2011.json ends (no gap between regimes)'
		],
		[
			"a tariff before the law's first day",
			{ 'tariffs.json': (t) => ((t['decrees'] as Json[])[0]!['validFrom'] = '2011-01-01') },
			"tariffs.json: decrees.0.validFrom: 2011-01-01 is before the first law's first day (2011-10-24, regimes/lei-2059-2011.json)"
		],
		[
			'a catalog citing an article absent from the text',
			{
				[LEI]: (r) =>
					((((r['offenses'] as Json)['situations'] as Json[])[0]!['articles'] as string[])[0] =
						'art21-XCIX')
			},
			`${LEI}: offenses.situations.0.articles.0: art21-XCIX is not in the law's text (laws/lei-2059-2011.txt)`
		],
		[
			'a rule citing a paragraph absent from the text',
			{ [LEI]: (r) => (((r['bandeira'] as Json)['night'] as Json)['cite'] = 'Art. 16 §9º') },
			`${LEI}: bandeira.night.cite: "Art. 16 §9º" is not in the law's text (laws/lei-2059-2011.txt)`
		],
		[
			'a stand outside the boundary',
			{
				'stands-sample.geojson': (g) =>
					((((g['features'] as Json[])[0]!['geometry'] as Json)['coordinates'] as number[]) = [
						-63.9, -8.76
					])
			},
			"stands-sample.geojson: features.0.geometry.coordinates: [-63.9, -8.76] is outside the municipality's boundary (boundary.geojson)"
		],
		[
			'an unknown bandeira kind',
			{ [LEI]: (r) => ((r['bandeira'] as Json)['mondays'] = { cite: 'Art. 16' }) },
			`${LEI}: bandeira.mondays: unknown key (allowed: see docs/profiles.md)`
		],
		[
			'a night window that is not HH:MM',
			{ [LEI]: (r) => (((r['bandeira'] as Json)['night'] as Json)['start'] = '8pm') },
			`${LEI}: bandeira.night.start: expected HH:MM`
		],
		[
			'a law with no text and no reason',
			{ [LEI]: (r) => (r['text'] = null) },
			`${LEI}: textReason: expected the reason the text is missing`
		],
		[
			'a missing law text file',
			{ 'laws/lei-2059-2011.txt': null },
			`${LEI}: text: file laws/lei-2059-2011.txt not found in the profile`
		],
		[
			'a per-km rate that is not centavos',
			{
				'tariffs.json': (t) =>
					(((t['decrees'] as Json[])[0]!['bandeiras'] as Json)['2'] = {
						flagfall: 600,
						perKmCentavos: 0.5
					})
			},
			'tariffs.json: decrees.0.bandeiras.2.perKmCentavos: expected a whole number of centavos ≥ 0'
		],
		[
			'a municipality with no time zone',
			{ 'municipality.json': (m) => (m['timeZone'] = 'America/Rolim') },
			'municipality.json: timeZone: expected an IANA time zone like America/Sao_Paulo'
		],
		[
			'a file that is not JSON',
			{ 'tariffs.json': '{ "decrees": [' },
			'tariffs.json: (root): not valid JSON'
		]
	];
	for (const [why, edits, error] of cases)
		test(why, () => {
			const errors = errorsOf(fixture('rolim-de-moura', edits));
			expect(
				errors.some((e) => e.startsWith(error)),
				errors.join('\n')
			).toBe(true);
		});
});

describe('profile:check refuses a regime that leaves a check’s boarding effect or sentence values unstated (issue 33)', () => {
	const FS = 'regimes/lei-3815-2018.json';
	const registry = (r: Json) => r['registry'] as Json;
	const checks = (r: Json) => registry(r)['checks'] as Json;
	const cases: [why: string, profile: string, edit: (r: Json) => void, error: string][] = [
		[
			'a check with no boarding effect stated (Art. 29 §6º: the inspection)',
			'feira-de-santana',
			(r) => delete checks(r)['vistoria'],
			`${FS}: registry.checks.vistoria: expected every check stated (autorizacao, seguro, vistoria, certidao, idade, cilindradas): its boarding effect and article, or why the law has none`
		],
		[
			'an effect that is none of blocks, warns, office',
			'feira-de-santana',
			(r) => ((checks(r)['vistoria'] as Json)['effect'] = 'maybe'),
			`${FS}: registry.checks.vistoria: expected { "effect": "blocks" | "warns" | "office", "cite" }`
		],
		[
			'an effect without its article',
			'rolim-de-moura',
			(r) => delete (checks(r)['seguro'] as Json)['cite'],
			`${LEI}: registry.checks.seguro: expected { "effect": "blocks" | "warns" | "office", "cite" }`
		],
		[
			'a check the law lacks, without the reason',
			'feira-de-santana',
			(r) => (checks(r)['certidao'] = {}),
			`${FS}: registry.checks.certidao: expected { "effect": "blocks" | "warns" | "office", "cite" }`
		],
		[
			'no registry checks at all',
			'rolim-de-moura',
			(r) => delete registry(r)['checks'],
			`${LEI}: registry.checks:`
		],
		[
			'the insurance’s scope unstated (Art. 6 §4º: for driver and passenger)',
			'feira-de-santana',
			(r) => delete registry(r)['insurance'],
			`${FS}: registry.insurance: expected the insurance’s scope as the law words it, in pt-BR, es and en`
		],
		[
			'the insurance’s scope in Portuguese only',
			'rolim-de-moura',
			(r) => (registry(r)['insurance'] = 'de vida pessoal e de terceiro'),
			`${LEI}: registry.insurance:`
		],
		[
			'the cc range unstated (Art. 23, I: 125–200)',
			'feira-de-santana',
			(r) => delete registry(r)['maxCc'],
			`${FS}: registry.maxCc:`
		],
		[
			'the inspection period unstated (Art. 29: six-monthly)',
			'feira-de-santana',
			(r) => delete registry(r)['inspectionMonths'],
			`${FS}: registry.inspectionMonths:`
		],
		[
			'the age limit unstated (Art. 24: 5 years)',
			'feira-de-santana',
			(r) => delete registry(r)['maxAgeYears'],
			`${FS}: registry.maxAgeYears:`
		],
		[
			'an effect citing a paragraph the law does not have',
			'feira-de-santana',
			(r) => ((checks(r)['vistoria'] as Json)['cite'] = 'Art. 29 §9º'),
			`${FS}: registry.checks.vistoria.cite: "Art. 29 §9º" is not in the law's text (laws/lei-3815-2018.txt)`
		],
		[
			'a sanction citing an inciso the law does not have',
			'feira-de-santana',
			(r) => (((checks(r)['idade'] as Json)['sanctions'] as Json[])[1]!['cite'] = 'Art. 51, IX'),
			`${FS}: registry.checks.idade.sanctions.1.cite: "Art. 51, IX" is not in the law's text`
		],
		[
			'the cautelar suspension citing a paragraph Art. 51 does not have (it has §1º only)',
			'feira-de-santana',
			(r) => ((registry(r)['cautelar'] as Json)['cite'] = 'Art. 51 §3º'),
			`${FS}: registry.cautelar.cite: "Art. 51 §3º" is not in the law's text`
		],
		[
			'the cautelar suspension for an inciso Art. 44 does not have',
			'feira-de-santana',
			(r) => (((registry(r)['cautelar'] as Json)['provisions'] as string[])[0] = 'art44-LXX'),
			`${FS}: registry.cautelar.provisions.0: art44-LXX is not in the law's text`
		],
		[
			'the cautelar suspension with no offence (Art. 51 §1º names three)',
			'feira-de-santana',
			(r) => ((registry(r)['cautelar'] as Json)['provisions'] = []),
			`${FS}: registry.cautelar.provisions:`
		],
		[
			'a personal offence (Art. 43 §2º) that is no inciso of the law',
			'feira-de-santana',
			(r) =>
				((((r['offenses'] as Json)['personal'] as Json)['provisions'] as string[])[0] =
					'art44-LXX'),
			`${FS}: offenses.personal.provisions.0: art44-LXX is not in the law's text`
		]
	];
	for (const [why, profile, edit, error] of cases)
		test(why, () => {
			const file = profile === 'feira-de-santana' ? FS : LEI;
			const errors = errorsOf(fixture(profile, { [file]: edit }));
			expect(
				errors.some((e) => e.startsWith(error)),
				errors.join('\n')
			).toBe(true);
		});
});

describe('what changes from the running profile, in words', () => {
	const running = loaded(join(profiles, 'rolim-de-moura'));

	test('the same profile: nothing', () => {
		expect(describeChanges(running, running)).toEqual([]);
	});

	test('a later law with Saturdays and a new night window', () => {
		const next = loaded(
			fixture(
				'rolim-de-moura',
				withLaterRegime((r) => {
					const b = r['bandeira'] as Json;
					b['saturdays'] = { cite: 'Art. 16 §1º' };
					b['night'] = { start: '21:00', end: '05:00', cite: 'Art. 16 §2º' };
					(r['registry'] as Json)['maxAgeYears'] = 7;
				})
			)
		);
		expect(describeChanges(running, next)).toEqual([
			'from 2027-01-01, Lei municipal de teste nº 1/2026 is in force instead of Lei municipal nº 2.059/2011',
			'from 2027-01-01, night (bandeira II) 21:00–05:00 instead of 20:00–05:00',
			'from 2027-01-01, bandeira II also on Saturdays',
			'from 2027-01-01, maximum vehicle age (years) 7 instead of 5'
		]);
	});

	test('another municipality is named as such', () => {
		const pv = loaded(join(profiles, 'porto-velho'));
		const changes = describeChanges(running, pv);
		expect(changes[0]).toMatch(/^another municipality: Porto Velho \(RO, IBGE 1100205\)/);
		expect(changes.some((c) => /complaints go to the office unclassified/.test(c))).toBe(true);
	});
});

describe('every answer follows the regime in force (a test-only second regime from 2027-01-01)', () => {
	const later = loaded(
		fixture(
			'rolim-de-moura',
			withLaterRegime((r) => {
				(r['bandeira'] as Json)['saturdays'] = { cite: 'Art. 16 §1º' };
				Object.assign(r['registry'] as Json, {
					maxAgeYears: 7,
					cap: { kind: 'perInhabitants', inhabitants: 1000, rounding: 'floor' }
				});
				r['procedure'] = {
					notice: null,
					auto: (r['procedure'] as Json)['auto'],
					defence: { days: 10, counting: 'calendar' },
					review: { kind: 'reconsideration', days: 3, counting: 'business' }
				};
				r['text'] = null;
				r['textReason'] = 'O texto da lei de teste não está disponível.';
				r['offenses'] = null;
				r['offensesReason'] = 'Sem o texto da lei, não há catálogo de infrações.';
			})
		)
	);
	const p = later.profile;
	const ctx: BandeiraContext = {
		timeZone: p.timeZone,
		rules: p.bandeiraRules,
		calendar: holidayService(p).calendar
	};
	const flag = (iso: string) => bandeiraAt(new Date(iso), ctx)?.flag;

	const cases: [what: string, before: unknown, after: unknown][] = [
		// Saturday 10:00 under each law (Art. 16 §1º of the test law adds Saturdays).
		[
			'bandeira on a Saturday by day',
			flag('2026-12-05T10:00:00-04:00'),
			flag('2027-01-02T10:00:00-04:00')
		],
		['law in force', inForceOn('2026-12-31', p.laws)?.id, inForceOn('2027-01-01', p.laws)?.id],
		[
			'law text on /lei',
			inForceOn('2026-12-31', p.laws)?.hasText,
			inForceOn('2027-01-01', p.laws)?.hasText
		],
		[
			'registry: maximum age',
			registryRulesOn('2026-12-31', p.registryRules)?.maxAgeYears,
			registryRulesOn('2027-01-01', p.registryRules)?.maxAgeYears
		],
		[
			'Art. 10-like cap (56,406 inhabitants)',
			authorizationCap(registryRulesOn('2026-12-31', p.registryRules)!),
			authorizationCap(registryRulesOn('2027-01-01', p.registryRules)!)
		],
		[
			'defense days',
			inForceOn('2026-12-31', p.procedures)?.defence.days,
			inForceOn('2027-01-01', p.procedures)?.defence.days
		],
		[
			'offense catalog',
			catalogOn('2026-12-31', later.offenseCatalogs)?.law ?? null,
			catalogOn('2027-01-01', later.offenseCatalogs)?.law ?? null
		]
	];
	const expected: Record<string, [unknown, unknown]> = {
		'bandeira on a Saturday by day': [1, 2],
		'law in force': ['lei-2059-2011', 'lei-teste-2027'],
		'law text on /lei': [true, false],
		'registry: maximum age': [5, 7],
		'Art. 10-like cap (56,406 inhabitants)': [64, 56],
		'defense days': [15, 10],
		'offense catalog': ['Lei 2.059/2011', null]
	};
	for (const [what, before, after] of cases)
		test(`${what}: 31/12/2026 → 01/01/2027`, () => expect([before, after]).toEqual(expected[what]));
});
