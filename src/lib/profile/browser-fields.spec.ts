/**
 * A component runs in the browser too, where the profile carries only `BROWSER_FIELDS` (reading
 * another throws, and the page never hydrates: /admin/pontos/novo read `profile.centre` and its
 * staff script never ran). Every `profile.<field>` a component reads must be one of them; the rest
 * comes through page data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { BROWSER_FIELDS } from './vite-plugin';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

function components(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
		d.isDirectory()
			? components(join(dir, d.name))
			: d.name.endsWith('.svelte')
				? [join(dir, d.name)]
				: []
	);
}

test('components read only the profile fields the browser bundle carries', () => {
	const allowed = new Set<string>(BROWSER_FIELDS);
	const found: string[] = [];
	for (const file of components(SRC)) {
		const text = readFileSync(file, 'utf8');
		for (const [, field] of text.matchAll(/\bprofile\.([A-Za-z]+)/g))
			if (field && !allowed.has(field)) found.push(`${file.slice(SRC.length)}: profile.${field}`);
	}
	expect(found).toEqual([]);
	expect(components(SRC).length).toBeGreaterThan(30);
});
