/**
 * `npm run profile:check` refuses a regime that leaves the printed auto's blocks unstated: its
 * copies (Rolim de Moura, Lei 2.059/2011 Art. 26: 4 vias; Feira de Santana, Lei 3.815/2018: the law
 * says none, so a reason), the agent's identification (Rolim Art. 26, II: name and signature; Feira
 * Art. 54, IV: matrícula), the refusal rule (Rolim Art. 26 §2º–§3º; Feira Art. 55 §3º–§5º), the
 * defence's addressee (Rolim Art. 27; Feira Art. 56) — and the notice's limit, stated or null.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { crossFileErrors } from './check';
import { readProfile } from './read';

const profiles = fileURLToPath(new URL('../../../profiles/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'garupa-auto-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Json = Record<string, unknown>;
let n = 0;
const REGIME = {
	'rolim-de-moura': 'regimes/lei-2059-2011.json',
	'feira-de-santana': 'regimes/lei-3815-2018.json'
} as const;

/** profile:check's errors for a copy of `city` whose regime `edit` changed. */
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
const procedure = (r: Json) => r['procedure'] as Json;
const auto = (r: Json) => procedure(r)['auto'] as Json;
const cites = (r: Json) => r['cites'] as Json;

describe('the shipped regimes state every block of the auto', () => {
	for (const city of Object.keys(REGIME) as (keyof typeof REGIME)[])
		test(city, () => expect(errorsWith(city, () => {})).toEqual([]));
});

describe('a regime that leaves a block of the auto unstated is refused', () => {
	const cases: [city: keyof typeof REGIME, edit: (r: Json) => void, error: RegExp, why: string][] =
		[
			[
				'rolim-de-moura',
				(r) => delete procedure(r)['auto'],
				/procedure.*auto/,
				'Art. 26: no blocks'
			],
			[
				'feira-de-santana',
				(r) => delete procedure(r)['auto'],
				/procedure.*auto/,
				'Art. 54: no blocks'
			],
			['rolim-de-moura', (r) => delete auto(r)['copies'], /copies/, 'Art. 26: 4 vias unstated'],
			[
				'feira-de-santana',
				(r) => delete auto(r)['copiesReason'],
				/copiesReason/,
				'the law fixes no number of copies: its reason is needed'
			],
			['feira-de-santana', (r) => delete auto(r)['agent'], /agent/, 'Art. 54, IV: matrícula'],
			['rolim-de-moura', (r) => delete auto(r)['refusal'], /refusal/, 'Art. 26 §2º: witnesses'],
			['feira-de-santana', (r) => delete auto(r)['defenceTo'], /defenceTo/, 'Art. 56: the CJAI'],
			['rolim-de-moura', (r) => delete cites(r)['autoAgent'], /cites\.autoAgent/, 'Art. 26, II'],
			[
				'feira-de-santana',
				(r) => delete cites(r)['autoRefusal'],
				/cites\.autoRefusal/,
				'Art. 55 §4º'
			],
			[
				'rolim-de-moura',
				(r) => delete cites(r)['autoDefenceTo'],
				/cites\.autoDefenceTo/,
				'Art. 27'
			],
			[
				'rolim-de-moura',
				(r) => delete procedure(r)['notice'],
				/notice/,
				'no notice limit: null, stated'
			],
			['feira-de-santana', (r) => delete procedure(r)['notice'], /notice/, 'Art. 55 §1º: 30 days'],
			[
				'feira-de-santana',
				(r) => {
					const conflict = (r['bandeira'] as Json)['conflict'] as Json;
					conflict['situations'] = ['nao-existe'];
				},
				/bandeira\.conflict\.situations\.0/,
				'Art. 2 XXXI vs Art. 35: the note on a situation this law has'
			]
		];
	for (const [city, edit, error, why] of cases)
		test(`${city}: ${why}`, () => {
			const errors = errorsWith(city, edit);
			expect(errors.some((e) => error.test(e))).toBe(true);
		});
});
