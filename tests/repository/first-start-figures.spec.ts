/**
 * What a newcomer waits for is said with measured figures (issue 32, item 16): the README's quick
 * start says that `npm install` compiles SQLite (better-sqlite3 with node-gyp) and how long that and
 * the first build take, idle and under load; `npm start`'s own line while it builds gives the same
 * range — never the old "~1 min" that a loaded 2-core machine took minutes past.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const quickStart = readme.slice(
	readme.indexOf('## Quick start'),
	readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1)
);
const start = readFileSync(`${root}scripts/cli/start.js`, 'utf8');

test('the quick start says npm install compiles SQLite, with its time idle and under load', () => {
	expect(quickStart).toMatch(/`npm install` compiles SQLite/);
	expect(quickStart).toContain('node-gyp');
	expect(quickStart).toMatch(/1–2 minutes[^.]*idle/);
	expect(quickStart).toMatch(
		/(from )?\d+ min \d+ s (to \d+ min \d+ s )?while other work loaded the cores/
	);
});

test('the first build: measured idle and under load, in the README and in npm start’s own words', () => {
	expect(quickStart).toMatch(
		/first `npm start` builds the app[\s\S]*?: \d+ s on an\s+idle machine, (from )?\d+ min \d+ s (to \d+ min \d+ s )?while/
	);
	expect(start).not.toContain('~1 min');
	expect(start).toMatch(/de 30 s a 5 min, conforme a carga da máquina/);
});
