import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { createHash } from 'node:crypto';
import { VLIBRAS_ORIGIN, VLIBRAS_SOURCES } from './src/lib/vlibras.js';
import { ZONE_NOTE_SCRIPT } from './src/lib/zone-note.js';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	// discloseVersion: without it every component imports a line that writes Svelte's major version
	// on `window` for tooling to read, which the islands' script shipped as a chunk of its own: one
	// request more and 80 bytes on every rider page, for no rider. (The islands build reads these too.)
	compilerOptions: { runes: true, discloseVersion: false },
	kit: {
		// BUILD_DIR lets two builds (say, two end-to-end runs on different ports) coexist.
		// precompress (adapter-node's default, stated): .br and .gz beside every static file, served
		// by Accept-Encoding; hashed files under /_app/immutable get a year's immutable caching.
		adapter: adapter({ out: process.env.BUILD_DIR ?? 'build', precompress: true }),
		...(process.env.KIT_OUT_DIR ? { outDir: process.env.KIT_OUT_DIR } : {}),
		// Absolute asset and service-worker paths: a page kept offline at /verificar/007 must load
		// the same /_app files, and the worker must register at /service-worker.js (scope /).
		paths: { relative: false },
		// Registered by the layout through virtual:pwa-register (see src/service-worker.ts).
		serviceWorker: { register: false },
		// The cross-site check on form posts is src/lib/server/http/origin.ts (a hook): the origins it
		// trusts (ORIGIN, TRUSTED_ORIGINS) are set when the server starts, where this list would be
		// fixed at build time. `'*'` turns only SvelteKit's copy of the check off.
		csrf: { trustedOrigins: ['*'] },
		csp: {
			mode: 'hash',
			directives: {
				// VLibras (the federal sign-language widget), loaded only when the rider taps "Libras"
				// (src/lib/islands/rider-page.ts): its origin, and nothing else beyond ours — on the
				// rider pages only: every other answer (/admin, /api…) has it taken out (headers.ts).
				'default-src': ['self'],
				// …and the one inline line that shows the zone note with the first paint (src/lib/zone-note.js).
				'script-src': [
					'self',
					'wasm-unsafe-eval',
					VLIBRAS_ORIGIN,
					`sha256-${createHash('sha256').update(ZONE_NOTE_SCRIPT).digest('base64')}`
				],
				'style-src': ['self', 'unsafe-inline', VLIBRAS_ORIGIN],
				'img-src': ['self', 'data:', 'https:'],
				'font-src': ['self', VLIBRAS_ORIGIN],
				// blob: the rider listens to their own recording before sending it (never uploaded there).
				'media-src': ['self', 'blob:', VLIBRAS_ORIGIN],
				'connect-src': ['self', ...VLIBRAS_SOURCES],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self'],
				'frame-ancestors': ['none']
			}
		}
	}
};

export default config;
