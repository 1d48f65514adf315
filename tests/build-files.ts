/**
 * What a build holds, read from adapter-node's output (`BUILD_DIR`, as playwright.config.ts
 * serves it), for the tests of what the service worker keeps.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** adapter-node's output, as playwright.config.ts serves it. */
const buildDir = process.env.BUILD_DIR ?? 'build';

/**
 * Files only staff pages can load, read from the build as shipped (derived independently of
 * scripts/build/precache.js, which decides the precache): what staff route nodes import (adapter-node
 * keeps SvelteKit's `imports` and `stylesheets` of every node), minus whatever rider code can
 * load — the rider nodes' imports and, transitively, every client file their code names (dynamic
 * imports included: the rider layout loads some modules lazily that staff pages import outright).
 */
export function staffOnlyFiles(): string[] {
	const dir = join(buildDir, 'server/chunks/nodes');
	const rider = new Set<string>();
	const staff = new Set<string>();
	for (const name of readdirSync(dir).filter((n) => n.endsWith('.js'))) {
		const source = readFileSync(join(dir, name), 'utf8');
		const files = ['imports', 'stylesheets'].flatMap(
			(list) =>
				JSON.parse(new RegExp(`const ${list} = (\\[.*?\\]);`).exec(source)?.[1] ?? '[]') as string[]
		);
		const isStaff = /entries\/pages\/admin\/|"src\/routes\/admin\//.test(source);
		for (const file of files) (isStaff ? staff : rider).add(file);
	}
	const client = join(buildDir, 'client');
	const byName = new Map<string, string>();
	for (const sub of ['chunks', 'nodes', 'entry', 'assets', 'islands']) {
		const folder = join(client, '_app/immutable', sub);
		let names: string[] = [];
		try {
			names = readdirSync(folder);
		} catch {
			continue; // a build without this folder
		}
		for (const n of names) if (/\.(js|css)$/.test(n)) byName.set(n, `_app/immutable/${sub}/${n}`);
	}
	const queue = [...rider];
	while (queue.length) {
		const file = queue.pop() ?? '';
		if (!file.endsWith('.js')) continue;
		const text = readFileSync(join(client, file), 'utf8');
		for (const [token] of text.matchAll(/[\w.-]+\.(?:js|css)\b/g)) {
			const named = byName.get(token);
			if (named && !rider.has(named)) {
				rider.add(named);
				queue.push(named);
			}
		}
	}
	return [...staff].filter((file) => !rider.has(file));
}

/** The files the worker's manifest marks for first use (the QR decoder, Leaflet). */
export function firstUseFiles(): string[] {
	const worker = readFileSync(join(buildDir, 'client/service-worker.js'), 'utf8');
	return [...worker.matchAll(/\{"revision":"garupa:first-use","url":"([^"]+)"\}/g)].map(
		(m) => m[1] ?? ''
	);
}

