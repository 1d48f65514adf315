/**
 * The law is data: no line of src/ or messages/ — outside comments, specs and fixtures — names an
 * article (`Art. 12`), a municipality, its office, its law's number or its time zone. Those belong
 * in profiles/<municipio>/, and code names a provision's role (src/lib/domain/regime.ts). The
 * names are read from every profile folder, so a new city is covered the day it is added.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const profilesDir = join(root, 'profiles');

function walk(dir: string, out: string[] = []): string[] {
	for (const name of readdirSync(dir)) {
		const full = join(dir, name);
		if (statSync(full).isDirectory()) walk(full, out);
		else if (/\.(ts|svelte|js|json)$/.test(name)) out.push(full);
	}
	return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every municipality, office, law number and zone the profiles name. */
function profileFacts(): { what: string; pattern: RegExp }[] {
	const facts: { what: string; pattern: RegExp }[] = [];
	for (const id of readdirSync(profilesDir)) {
		const m = JSON.parse(readFileSync(join(profilesDir, id, 'municipality.json'), 'utf8')) as {
			name: string;
			timeZone: string;
			office: { acronym: string; name: string };
		};
		facts.push({ what: `${id}: municipality`, pattern: new RegExp(escape(m.name)) });
		facts.push({ what: `${id}: time zone`, pattern: new RegExp(escape(m.timeZone)) });
		facts.push({
			what: `${id}: office`,
			pattern: new RegExp(`\\b${escape(m.office.acronym)}\\b`, 'i')
		});
		for (const file of readdirSync(join(profilesDir, id, 'regimes'))) {
			const r = JSON.parse(readFileSync(join(profilesDir, id, 'regimes', file), 'utf8')) as {
				law: { short: string };
			};
			// `Lei 2.059/2011` → 2.059/2011, 2059/2011 and 2.059 on its own.
			const number = /(\d{1,3}(?:\.\d{3})*)\/(\d{4})/.exec(r.law.short);
			if (!number) continue;
			const [, n = '', year = ''] = number;
			facts.push({
				what: `${id}: law number`,
				pattern: new RegExp(
					`${escape(n)}(?!\\d)|${escape(n.replace(/\./g, ''))}\\/${year}|${escape(file.slice(0, -5))}`
				)
			});
		}
	}
	// The project's hook, verbatim, and any article number.
	facts.push({ what: 'an article number', pattern: /\bArts?\.\s?[0-9]/ });
	facts.push({ what: 'an office acronym', pattern: /SEMAM\b|\bSMTT\b|\bSEMTRAN\b/i });
	return facts;
}

/** The line without its comment: whole comment lines are empty, trailing `// …` is cut. */
function code(line: string): string {
	if (/^\s*(\/\/|\*|\/\*|<!--)/.test(line)) return '';
	return line.replace(/\s\/\/\s.*$/, '').replace(/<!--.*?-->/g, '');
}

describe('the law is data: src/ and messages/ name no law, city, office or zone', () => {
	const facts = profileFacts();
	const files = [...walk(join(root, 'src')), ...walk(join(root, 'messages'))].filter((f) => {
		const rel = relative(root, f);
		return !/\.spec\.|fixtures|[/\\]paraglide[/\\]/.test(rel);
	});

	test('the profiles name what this test looks for', () => {
		expect(facts.some((f) => f.pattern.test('Rolim de Moura'))).toBe(true);
		expect(facts.some((f) => f.pattern.test('America/Bahia'))).toBe(true);
		expect(facts.some((f) => f.pattern.test('Feira de Santana'))).toBe(true);
		expect(facts.some((f) => f.pattern.test('Lei 3.815/2018'))).toBe(true);
		expect(facts.some((f) => f.pattern.test('Lei 2.059/2011'))).toBe(true);
		expect(facts.some((f) => f.pattern.test('(Art. 27)'))).toBe(true);
		expect(facts.some((f) => f.pattern.test('a SMTT'))).toBe(true);
	});

	test('0 lines outside comments, specs and fixtures', () => {
		const found: string[] = [];
		for (const file of files) {
			readFileSync(file, 'utf8')
				.split('\n')
				.forEach((line, i) => {
					const text = code(line);
					const hit = text && facts.find((f) => f.pattern.test(text));
					if (hit) found.push(`${relative(root, file)}:${i + 1}: ${hit.what}: ${line.trim()}`);
				});
		}
		expect(found, found.slice(0, 20).join('\n')).toEqual([]);
	});
});
