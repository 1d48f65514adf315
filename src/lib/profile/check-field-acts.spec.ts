/**
 * `npm run profile:check` refuses a malformed field-acts block (`fieldActs`): the preliminary
 * notice of Feira de Santana (Lei 3.815/2018 Art. 41: the days to adapt, the incisos its parágrafo
 * único lists) and the impound of Feira (Art. 48 §§2º–6º) and Rolim de Moura (Lei 2.059/2011 Art.
 * 22 §§1º–3º: the deposit, the release's days, the costs, the months before auction) — a period
 * missing or not a number, an empty list, a provision the law's text lacks, a cite it lacks.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { crossFileErrors } from './check';
import { readProfile } from './read';

const profiles = fileURLToPath(new URL('../../../profiles/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'garupa-acts-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Json = Record<string, unknown>;
let n = 0;
const REGIME = {
	'rolim-de-moura': 'regimes/lei-2059-2011.json',
	'feira-de-santana': 'regimes/lei-3815-2018.json'
} as const;

function errorsWith(city: keyof typeof REGIME, edit: (r: Json) => void): string[] {
	const dir = join(scratch, `${city}-${++n}`);
	cpSync(join(profiles, city), dir, { recursive: true });
	const path = join(dir, REGIME[city]);
	const json = JSON.parse(readFileSync(path, 'utf8')) as Json;
	edit(json);
	writeFileSync(path, JSON.stringify(json));
	const r = readProfile(dir);
	return r.ok ? crossFileErrors(r.value) : r.errors;
}
const acts = (r: Json) => r['fieldActs'] as Json;
const notice = (r: Json) => acts(r)['preliminaryNotice'] as Json;
const impound = (r: Json) => acts(r)['impound'] as Json;

describe('the shipped regimes state their field acts', () => {
	for (const city of Object.keys(REGIME) as (keyof typeof REGIME)[])
		test(city, () => expect(errorsWith(city, () => {})).toEqual([]));
	test('a regime with no field acts is valid (the law has none: nothing shown)', () => {
		expect(errorsWith('rolim-de-moura', (r) => delete r['fieldActs'])).toEqual([]);
	});
});

describe('a malformed field-acts block is refused', () => {
	const cases: [city: keyof typeof REGIME, edit: (r: Json) => void, error: RegExp, why: string][] =
		[
			[
				'feira-de-santana',
				(r) => delete notice(r)['days'],
				/fieldActs.*preliminaryNotice.*days/,
				'Art. 41: the period to adapt left out'
			],
			[
				'feira-de-santana',
				(r) => (notice(r)['days'] = 'dez'),
				/fieldActs.*preliminaryNotice.*days/,
				'Art. 41: the period not a number'
			],
			[
				'feira-de-santana',
				(r) => (notice(r)['days'] = 0),
				/fieldActs.*preliminaryNotice.*days/,
				'Art. 41: no period'
			],
			[
				'feira-de-santana',
				(r) => (notice(r)['provisions'] = []),
				/fieldActs.*preliminaryNotice.*provisions/,
				'Art. 41 p.u.: no incisos'
			],
			[
				'feira-de-santana',
				(r) => (notice(r)['provisions'] = ['art44-XCIX']),
				/fieldActs\.preliminaryNotice\.provisions\.0: art44-XCIX is not in the law/,
				'Art. 41 p.u.: an inciso the law lacks'
			],
			[
				'feira-de-santana',
				(r) => (notice(r)['cite'] = 'Art. 410'),
				/fieldActs\.preliminaryNotice\.cite: "Art. 410" is not in the law/,
				'a cite the law lacks'
			],
			[
				'feira-de-santana',
				(r) => delete impound(r)['auction'],
				/fieldActs.*impound.*auction/,
				'Art. 48 §6º: the period before auction left out'
			],
			[
				'feira-de-santana',
				(r) => ((impound(r)['auction'] as Json)['months'] = -2),
				/fieldActs.*impound.*auction.*months/,
				'Art. 48 §6º: a negative period'
			],
			[
				'rolim-de-moura',
				(r) => delete (impound(r)['release'] as Json)['adaptDays'],
				/fieldActs.*impound.*release.*adaptDays/,
				'Art. 22 §1º: the 30 days left out'
			],
			[
				'rolim-de-moura',
				(r) => delete impound(r)['deposit'],
				/fieldActs.*impound.*deposit/,
				'Art. 22 §1º: no deposit'
			],
			[
				'rolim-de-moura',
				(r) => (impound(r)['grounds'] = ['art22-XX']),
				/fieldActs\.impound\.grounds\.0: art22-XX is not in the law/,
				'Art. 22: a ground the law lacks'
			],
			[
				'rolim-de-moura',
				(r) => ((impound(r)['costs'] as Json)['text'] = 'só em português'),
				/fieldActs.*impound.*costs.*text/,
				'a term in one language only'
			],
			['rolim-de-moura', (r) => (impound(r)['prazo'] = 90), /fieldActs.*impound/, 'an unknown key']
		];
	test.each(cases)('%s: %#', (city, edit, error) => {
		const errors = errorsWith(city, edit);
		expect(errors.join('\n')).toMatch(error);
	});
});
