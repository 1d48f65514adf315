import { sveltekit } from '@sveltejs/kit/vite';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { garupaProfile } from './src/lib/profile/vite-plugin.ts';
import { profileFolder, readProfile } from './src/lib/profile/read.ts';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { injectManifestOptions } from './scripts/build/precache-build.js';
import { garupaIslands } from './scripts/build/islands-plugin.js';
import { garupaMediaWorker } from './scripts/build/media-worker-plugin.js';
import svelteConfig from './svelte.config.js';

/**
 * The installed app's name and description come from the profile built in (an invalid profile
 * fails the build in garupaProfile with its errors, so here it only needs the names).
 */
function manifestNames(): { name: string; description: string } {
	const where = profileFolder(process.env.GARUPA_MUNICIPIO);
	const read = where.ok ? readProfile(where.folder) : null;
	if (!read?.ok)
		return { name: 'Garupa — Mototáxi', description: 'Bandeira e tarifa do mototáxi.' };
	const { name, laws } = read.value.profile;
	const law = laws.at(-1)?.title;
	return {
		name: `Garupa — Mototáxi de ${name}`,
		description: `Bandeira e tarifa do mototáxi agora, na hora de ${name}${law ? ` (${law})` : ''}.`
	};
}

/** SvelteKit's output folder (svelte.config.js reads the same variable); .svelte-kit by default. */
const kitOutDir = process.env.KIT_OUT_DIR;

/** The QR decoder's wasm, uncompressed: the scanner shows its download as a share of this. */
const zxingWasmBytes = statSync(
	createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')
).size;

/** Unit specs whose assertions are about concurrency on this machine's cores: run one at a time. */
const ALONE = ['src/lib/server/auth/concurrency.spec.ts'];

export default defineConfig({
	plugins: [
		// profiles/<GARUPA_MUNICIPIO>/ checked and compiled in (src/lib/profile/data/*).
		garupaProfile(),
		paraglideVitePlugin({
			project: './project.inlang',
			outdir: './src/lib/paraglide',
			// pt-BR lives at the root (/tarifa); /es/… and /en/… carry their prefix. The URL decides,
			// so a cached page never changes language under the rider.
			strategy: ['url', 'baseLocale']
		}),
		sveltekit(),
		// The photo and recording checks' worker, bundled into a string the server starts
		// (scripts/build/media-worker-plugin.js).
		garupaMediaWorker(),
		// The rider pages' islands (scripts/build/islands-plugin.js): each named by its import, and
		// their script ($lib/islands/entry.ts: no framework client, for the first-visit budget) built
		// in the client build only, apart from the framework's client: ES modules, split, with Svelte
		// for the islands. Their styles are the server-rendered page's (same component, same scope
		// class): none emitted there.
		garupaIslands({
			plugins: () => [
				garupaProfile(),
				svelte({
					configFile: false,
					preprocess: vitePreprocess(),
					// The app's compiler options (svelte.config.js), styles left to the server's page.
					compilerOptions: { ...svelteConfig.compilerOptions, css: 'external' },
					emitCss: false
				})
			]
		}),
		SvelteKitPWA({
			strategies: 'injectManifest',
			...(kitOutDir ? { kit: { outDir: kitOutDir }, outDir: `${kitOutDir}/output` } : {}),
			srcDir: 'src',
			filename: 'service-worker.ts',
			registerType: 'autoUpdate',
			injectRegister: false,
			manifest: {
				...manifestNames(),
				short_name: 'Garupa',
				lang: 'pt-BR',
				start_url: '/',
				scope: '/',
				display: 'standalone',
				background_color: '#ffffff',
				theme_color: '#0b3d91',
				icons: [
					{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
					{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
					{
						src: '/icons/icon-maskable-512.png',
						sizes: '512x512',
						type: 'image/png',
						purpose: 'maskable'
					}
				]
			},
			// Only what a rider needs offline (riders pay for every kilobyte): scripts/build/precache.js
			// works it out from the build's manifest — no staff code; the QR decoder and Leaflet on first
			// use instead. Only globs that match files: a build logs no workbox warning.
			injectManifest: injectManifestOptions(kitOutDir ?? '.svelte-kit'),
			devOptions: { enabled: false }
		})
	],
	define: { __ZXING_WASM_BYTES__: JSON.stringify(zxingWasmBytes) },
	build: {
		// Images stay files (cached once by the worker) instead of base64 inside JS and CSS: Leaflet's
		// marker and layer icons would otherwise add ~7 KiB to every /pontos visit.
		assetsInlineLimit: 0
	},
	resolve: {
		// Leaflet from its source modules, only the parts the maps use (see src/lib/map/leaflet.js).
		alias: [
			{
				find: /^leaflet$/,
				replacement: fileURLToPath(new URL('./src/lib/map/leaflet.js', import.meta.url))
			}
		]
	},
	test: {
		environment: 'node',
		// Two groups, one after the other. On a 2-core machine Vitest would run every file in one
		// worker (its default is the cores less one): the unit specs take both cores. The
		// integration specs (tests/integration: built servers, floods, kill -9, backups) then run one
		// file at a time, as before, so none shares the cores with another's server. A unit test
		// may take 20 s before it counts as hung, not 5: the exhaustive ones (every amount, every
		// 7 h 13 min over two years, every truncation of a recording) took about 1 s with one worker at
		// load average 10, and 5–6.4 s with both workers busy at load average 27 (other work).
		// The sign-in queue's order specs measure who is answered first among concurrent checks:
		// with another worker on the second core their places shift, so they run with the
		// integration specs, alone.
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['src/**/*.spec.ts', 'scripts/**/*.spec.ts', 'tests/**/*.spec.ts'],
					exclude: ['tests/integration/**', ...ALONE],
					maxWorkers: 2,
					testTimeout: 20_000,
					sequence: { groupOrder: 0 }
				}
			},
			{
				extends: true,
				test: {
					name: 'integration',
					include: ['tests/integration/**/*.spec.ts', ...ALONE],
					maxWorkers: 1,
					sequence: { groupOrder: 1 }
				}
			}
		]
	}
});
