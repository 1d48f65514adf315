/**
 * The service worker's script is built as one classic file: a dynamic `import()` anywhere in its
 * module graph becomes Vite's preload helper, which reads `import.meta` — a SyntaxError in a classic
 * worker, so the worker never installs and nothing works offline. This walks the graph from
 * src/service-worker.ts on disk and fails on the first module that loads code later.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

function fileOf(specifier: string, from: string): string | null {
	let base: string;
	if (specifier.startsWith('$lib/')) base = join(root, 'src/lib', specifier.slice(5));
	else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
	else return null; // a package: workbox's modules are built for workers
	for (const candidate of [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts')])
		if (existsSync(candidate) && !candidate.endsWith('/')) {
			try {
				readFileSync(candidate);
				return candidate;
			} catch {
				continue;
			}
		}
	return null;
}

function graph(entry: string): Map<string, string> {
	const seen = new Map<string, string>();
	const queue = [entry];
	while (queue.length > 0) {
		const file = queue.pop() ?? '';
		if (seen.has(file)) continue;
		const source = readFileSync(file, 'utf8');
		seen.set(file, source);
		for (const [, specifier] of source.matchAll(
			/^\s*(?:import|export)\b[^;]*?from\s+'([^']+)'/gm
		)) {
			if (/^\s*import\s+type\b/.test(specifier ?? '')) continue;
			const next = fileOf(specifier ?? '', file);
			if (next) queue.push(next);
		}
	}
	return seen;
}

describe("the service worker's module graph", () => {
	const modules = graph(join(root, 'src/service-worker.ts'));

	test('reaches the outbox and the kept pages (the walk follows $lib and relative imports)', () => {
		const names = [...modules.keys()].map((f) => f.slice(root.length + 1));
		expect(names).toContain('src/lib/offline/outbox.ts');
		expect(names).toContain('src/lib/offline/pages.ts');
	});

	test('has no dynamic import() (it would not run in a classic worker script)', () => {
		const dynamic = [...modules]
			.filter(([, source]) =>
				source
					.split('\n')
					.some((line) => /(^|[^\w.])import\(/.test(line) && !/^\s*(\/\/|\*)/.test(line))
			)
			.map(([file]) => file.slice(root.length + 1));
		expect(dynamic).toEqual([]);
	});
});
