import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { INPUTS } from './build-inputs.js';

// `npm start` rebuilds when an input is newer than the build: every file of this repository the
// build configuration loads must be under one, or a change to it is served stale.
describe('the build’s inputs', () => {
	const local = (config: string) =>
		[...readFileSync(config, 'utf8').matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1] ?? '');
	const files = [...local('vite.config.ts'), ...local('svelte.config.js')];

	test('the configurations import local files', () => expect(files.length).toBeGreaterThan(3));
	for (const file of files)
		test(file, () =>
			expect(INPUTS.some((input) => file === input || file.startsWith(`${input}/`))).toBe(true)
		);
});
