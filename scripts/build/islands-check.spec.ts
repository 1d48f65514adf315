import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { missingScripts } from './islands-check.js';

const root = mkdtempSync(join(tmpdir(), 'garupa-islands-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function build(name: string, files: Record<string, string>) {
	const dir = join(root, name);
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	return dir;
}

describe('missingScripts: the pages link only scripts the client build shipped', () => {
	test('every linked script shipped → nothing missing', () => {
		const dir = build('ok', {
			'output/server/chunks/Island.js':
				'const entry = "/_app/immutable/workers/entry-Ab12Cd34.js";',
			'output/server/entries/pages/_page.svelte.js':
				'src="/_app/immutable/workers/entry-Ab12Cd34.js"',
			'output/client/_app/immutable/workers/entry-Ab12Cd34.js': ''
		});
		expect(missingScripts(dir)).toEqual([]);
	});

	test('the two builds named the islands’ entry differently → it is reported', () => {
		const dir = build('differ', {
			'output/server/chunks/Island.js':
				'const entry = "/_app/immutable/workers/entry-Ab12Cd34.js";',
			'output/client/_app/immutable/workers/entry-Ef56Gh78.js': ''
		});
		expect(missingScripts(dir)).toEqual(['_app/immutable/workers/entry-Ab12Cd34.js']);
	});
});
