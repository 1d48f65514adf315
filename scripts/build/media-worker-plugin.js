/**
 * `virtual:garupa-media-worker`: the photo and recording checks' worker
 * (src/lib/server/complaints/media-worker.ts) bundled into one CommonJS script, as a string the
 * server starts with `new Worker(code, { eval: true })`. A string travels inside the server's
 * chunks, through adapter-node's own bundling, to build/server — a separate worker file would be
 * left behind by it (it follows imports only). The same module answers in dev and under vitest.
 *
 * Bundled with Rolldown, Vite 8's bundler. Plain JavaScript so that vite.config.ts imports it.
 */
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

export const MEDIA_WORKER_MODULE = 'virtual:garupa-media-worker';
const RESOLVED = `\0${MEDIA_WORKER_MODULE}`;
const ENTRY = fileURLToPath(
	new URL('../../src/lib/server/complaints/media-worker.ts', import.meta.url)
);

/** @returns {import('vite').Plugin} */
export function garupaMediaWorker() {
	return {
		name: 'garupa-media-worker',
		resolveId(id) {
			return id === MEDIA_WORKER_MODULE ? RESOLVED : undefined;
		},
		async load(id) {
			if (id !== RESOLVED) return undefined;
			const bundle = await rolldown({ input: ENTRY, platform: 'node', logLevel: 'silent' });
			try {
				const { output } = await bundle.generate({ format: 'cjs' });
				const [chunk] = output;
				for (const module of chunk.moduleIds) if (!module.startsWith('\0')) this.addWatchFile(module);
				return `export default ${JSON.stringify(chunk.code)};`;
			} finally {
				await bundle.close();
			}
		}
	};
}
