/**
 * What a build holds, read from adapter-node's output (`BUILD_DIR`, as playwright.config.ts
 * serves it), for the tests of what the service worker keeps (issue 12).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** adapter-node's output, as playwright.config.ts serves it. */
const buildDir = process.env.BUILD_DIR ?? 'build';

/**
 * The client files each route node loads, read from the server build (adapter-node keeps
 * SvelteKit's `imports` and `stylesheets` of every node): staff only = what a staff node loads and
 * no rider node does. Derived independently of scripts/precache.js, which decides the precache.
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
	return [...staff].filter((file) => !rider.has(file));
}

/** The files the worker's manifest marks for first use (the QR decoder, Leaflet). */
export function firstUseFiles(): string[] {
	const worker = readFileSync(join(buildDir, 'client/service-worker.js'), 'utf8');
	return [...worker.matchAll(/\{"revision":"garupa:first-use","url":"([^"]+)"\}/g)].map(
		(m) => m[1] ?? ''
	);
}

