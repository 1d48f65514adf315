/**
 * The build's workbox step globs only what matches: @vite-pwa/sveltekit's own default globs
 * (`prerendered/**` among them) are not added to ours, so `npm run build` (and data/build.log under
 * `npm start`) carries no "One of the glob patterns doesn't match any files" warning. The options
 * go through the plugin's real configuration step and workbox-build's real globbing, over a client
 * folder shaped as SvelteKit writes it (no prerendered page: the app prerenders none).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { getManifest } from 'workbox-build';
import { afterAll, expect, test } from 'vitest';
import { injectManifestOptions, PRECACHE_GLOBS } from './precache-build.js';
import { ROOT_FILES } from './precache.js';

const out = mkdtempSync(join(tmpdir(), 'garupa-globs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

test('the precache globs reach workbox as written, and each matches a file: no warning', async () => {
	const icons = ['icons/icon-192.png', 'icons/icon-512.png'];
	for (const file of [...ROOT_FILES, ...icons, '_app/immutable/entry/start.js', 'service-worker.js']) {
		const path = join(out, 'output', 'client', file);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, file);
	}
	mkdirSync(join(out, 'output', 'server'), { recursive: true });
	writeFileSync(join(out, 'output', 'server', 'index.js'), '');

	const injectManifest = injectManifestOptions(out);
	type Options = Parameters<typeof SvelteKitPWA>[0] & {
		integration?: { configureOptions?: (vite: unknown, options: unknown) => void };
	};
	const options: Options = {
		strategies: 'injectManifest',
		kit: { outDir: out },
		injectManifest
	};
	SvelteKitPWA(options);
	// What vite-plugin-pwa does once Vite's configuration is resolved.
	options.integration?.configureOptions?.({ root: out, base: '/' }, options);

	expect(injectManifest.globPatterns).toEqual(PRECACHE_GLOBS);
	const result = await getManifest({
		globDirectory: join(out, 'output'),
		globPatterns: injectManifest.globPatterns,
		globIgnores: (injectManifest as { globIgnores?: string[] }).globIgnores ?? []
	});
	expect(result.warnings).toEqual([]);
	expect(result.manifestEntries?.map((e) => e.url).sort()).toEqual(
		[...ROOT_FILES, ...icons].map((f) => `client/${f}`).sort()
	);
});
