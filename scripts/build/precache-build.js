/**
 * The precache plan (./precache.js) applied to a finished build: which pages turn client-side
 * rendering off, the plan read from the build's manifests, the transform @vite-pwa/sveltekit runs,
 * and the manifest as it ends up in the built worker.
 *
 * Plain JavaScript so that vite.config.ts, the bench and the specs all import it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FIRST_USE_REVISION } from '../../src/lib/offline/first-use.js';
import { ISLANDS_MANIFEST } from './islands-plugin.js';
import { planPrecache, ROOT_FILES } from './precache.js';

/** @typedef {import('./precache.js').ViteManifest} ViteManifest */

/** `export const csr = false` in a page or layout module (as SvelteKit's own static analysis). */
const CSR_OFF = /export\s+const\s+csr\s*(?::\s*boolean\s*)?=\s*false\b/;

/**
 * Whether the page `route` (a `+page.svelte` under src/routes) turns client-side rendering off,
 * in its own `+page(.server).ts|js` or in a layout above it.
 * @param {string} root the project folder
 * @param {string} route e.g. `src/routes/(rider)/lei/+page.svelte`
 */
export function csrOff(root, route) {
	if (!/\/\+page\.svelte$/.test(route)) return false;
	const read = (/** @type {string} */ file) =>
		existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '';
	const dir = dirname(route);
	const page = ['+page.ts', '+page.js', '+page.server.ts', '+page.server.js'].map((f) =>
		read(`${dir}/${f}`)
	);
	if (page.some((text) => CSR_OFF.test(text))) return true;
	for (let d = dir; d.startsWith('src/routes'); d = dirname(d)) {
		const layouts = ['+layout.ts', '+layout.js', '+layout.server.ts', '+layout.server.js'];
		if (layouts.some((f) => CSR_OFF.test(read(`${d}/${f}`)))) return true;
	}
	return false;
}

/**
 * The plan for a finished client build in `kitOutDir` (`.svelte-kit`, or KIT_OUT_DIR).
 * @param {string} kitOutDir
 * @param {string} [root] the project folder (the current one by default)
 */
export function planFromKitOutput(kitOutDir, root = process.cwd()) {
	const manifestPath = join(kitOutDir, 'output/client/.vite/manifest.json');
	if (!existsSync(manifestPath))
		throw new Error(`precache: ${manifestPath} not found (did the client build fail before?)`);
	const islandsPath = join(kitOutDir, 'output/client', ISLANDS_MANIFEST);
	if (!existsSync(islandsPath))
		throw new Error(`precache: ${islandsPath} not found (scripts/build/islands-plugin.js writes it)`);
	/** @type {ViteManifest} */
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
	/** @type {ViteManifest} */
	const islands = JSON.parse(readFileSync(islandsPath, 'utf8'));
	return planPrecache(manifest, (key) => {
		const source = readFileSync(join(root, key), 'utf8');
		const route = /['"](?:\.\.\/)*(src\/routes\/[^'"]+)['"]/.exec(source)?.[1] ?? null;
		return { route, csr: route === null || !csrOff(root, route) };
	}, islands);
}

/**
 * @typedef {{ url: string; revision: string | null; size: number }} ManifestEntry
 */

/**
 * The `manifestTransforms` of @vite-pwa/sveltekit's injectManifest: the plan's precache (files
 * under `_app/immutable` are hashed: no revision) and ROOT_FILES with the revision workbox gave
 * them, then the first-use files marked with FIRST_USE_REVISION (the worker caches those at run
 * time and never precaches them). Replaces the plugin's default transform, so it also drops the
 * `client/` prefix of the globbed entries.
 * @param {string} kitOutDir
 * @returns {(entries: ManifestEntry[]) => Promise<{ manifest: ManifestEntry[]; warnings: string[] }>}
 */
export function precacheTransform(kitOutDir) {
	return async (entries) => {
		const plan = planFromKitOutput(kitOutDir);
		const client = join(kitOutDir, 'output/client');
		const globbed = new Map(entries.map((e) => [e.url.replace(/^client\//, ''), e]));
		const missing = ROOT_FILES.filter((f) => !globbed.has(f));
		if (missing.length) throw new Error(`precache: not in the build: ${missing.join(', ')}`);
		const size = (/** @type {string} */ file) => statSync(join(client, file)).size;
		/** @type {ManifestEntry[]} */
		const manifest = [
			...ROOT_FILES.map((url) => ({
				url,
				revision: globbed.get(url)?.revision ?? null,
				size: size(url)
			})),
			...[...plan.precache].sort().map((url) => ({ url, revision: null, size: size(url) })),
			...[...plan.firstUse].sort().map((url) => ({ url, revision: FIRST_USE_REVISION, size: 0 }))
		];
		return { manifest, warnings: [] };
	};
}

/**
 * What workbox globs in the build's output: the files at the root of the client folder the worker
 * precaches with a revision (ROOT_FILES); the rest of the precache comes from the plan.
 */
export const PRECACHE_GLOBS = ['client/*.{svg,webmanifest}', 'client/icons/*.png'];

/**
 * The `injectManifest` options of @vite-pwa/sveltekit (vite.config.ts). `modifyURLPrefix` (empty:
 * it changes no URL) keeps the plugin from adding its default globs to PRECACHE_GLOBS — among them
 * `prerendered/**`, which matches nothing in an app that prerenders no page, and made every build
 * warn "One of the glob patterns doesn't match any files".
 * @param {string} kitOutDir
 */
export function injectManifestOptions(kitOutDir) {
	return {
		globPatterns: [...PRECACHE_GLOBS],
		modifyURLPrefix: {},
		manifestTransforms: [precacheTransform(kitOutDir)]
	};
}

/**
 * The manifest injected into a built service worker (`build/client/service-worker.js`): every
 * `{"revision": …, "url": …}` object, first-use ones included.
 * @param {string} workerSource
 * @returns {{ url: string; revision: string | null }[]}
 */
export function readWorkerManifest(workerSource) {
	return [...workerSource.matchAll(/\{"(?:revision|url)":[^{}]*\}/g)]
		.map((m) => /** @type {{ url?: unknown; revision?: unknown }} */ (JSON.parse(m[0])))
		.filter((e) => typeof e.url === 'string' && 'revision' in e)
		.map((e) => ({
			url: String(e.url),
			revision: typeof e.revision === 'string' ? e.revision : null
		}));
}
