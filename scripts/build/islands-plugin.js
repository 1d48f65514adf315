/**
 * The rider pages' islands, one mechanism (docs/architecture.md, "Rider pages"): a page renders
 * `<Island component={Verify} props={…} />` (src/lib/islands/Island.svelte) and this plugin does
 * the rest.
 *
 * - **An island is named by its import.** Every `<Name>.island.svelte` under src/routes/(rider)/
 *   leaves the compiler with its name on its component (`verificar/Verify`: its path there without
 *   the suffix, the key src/lib/islands/islands.ts gives it), so Island.svelte knows which one it
 *   renders without a string typed by hand.
 * - **The islands' script is built once, in the client build only**: src/lib/islands/entry.ts and
 *   a lazy chunk per island, apart from the framework's client (no chunk shared with it: a rider
 *   page loads none of it) and with no CSS (the styles are the server-rendered page's). Its files
 *   go to `_app/immutable/islands/`, and its Vite manifest to `.vite/islands.json` beside the
 *   client's own (scripts/build/precache-build.js reads both).
 * - **The server reads the script's name from the build**: `virtual:garupa-islands` is, in the
 *   server's build (which SvelteKit runs first), the file `islands.js` of its output, which the
 *   client build writes once it knows the name. A server page and the files shipped can no longer
 *   disagree: one build names the script, once.
 * - **In dev**, the same module answers with the entry's source path, which Vite serves as any
 *   module: islands hydrate there too.
 *
 * Plain JavaScript so that vite.config.ts and the specs import it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** What Island.svelte imports: `{ entry }`, the URL of the islands' script. */
export const ISLANDS_MODULE = 'virtual:garupa-islands';
const RESOLVED = `\0${ISLANDS_MODULE}`;
/** Where islands live (the glob of src/lib/islands/islands.ts), and how they end. */
const ISLANDS_DIR = 'src/routes/(rider)';
const SUFFIX = '.island.svelte';
/** The islands' script, from the project's root. */
const ENTRY = 'src/lib/islands/entry.ts';
/** Where the islands' files go in the client output (hashed names: immutable for a year). */
const OUT = '_app/immutable/islands';
/** The islands' Vite manifest, in the client output (never shipped: SvelteKit keeps `.vite` out). */
export const ISLANDS_MANIFEST = '.vite/islands.json';
/** The module the server reads the script's name from, in the server output. */
const SERVER_FILE = 'islands.js';
/** The property of an island's component that holds its name (read by Island.svelte). */
export const ISLAND_NAME = 'garupaIsland';

/**
 * An island's name: its path under src/routes/(rider)/ without the suffix; null for a module
 * that is not an island.
 * @param {string} root the project folder
 * @param {string} id a module id (an absolute path)
 * @returns {string | null}
 * @example islandName('/app', '/app/src/routes/(rider)/verificar/Verify.island.svelte') //=> 'verificar/Verify'
 */
export function islandName(root, id) {
	if (!id.endsWith(SUFFIX)) return null;
	const path = relative(join(root, ISLANDS_DIR), id).split(sep).join('/');
	if (path.startsWith('../') || path.startsWith('/')) return null;
	return path.slice(0, -SUFFIX.length);
}

/**
 * The compiled component's code with its name set on it. Svelte compiles a component to
 * `export default function Name(…)` (or `export default Name;` once wrapped for hot reload).
 * @param {string} code
 * @param {string} name
 * @returns {string | null} null when the default export is neither
 */
export function tagIsland(code, name) {
	const local =
		/^export default function ([\w$]+)\s*\(/m.exec(code)?.[1] ??
		/^export default ([\w$]+);\s*$/m.exec(code)?.[1];
	if (!local) return null;
	return `${code}\n${local}.${ISLAND_NAME} = ${JSON.stringify(name)};\n`;
}

/**
 * The islands' Vite plugins (use the array once, in `plugins`).
 * @param {{ plugins: () => import('vite').PluginOption[] }} options `plugins`: what builds the
 *   islands' script besides Vite's own (Svelte, with no CSS emitted; the profile's modules)
 * @returns {import('vite').Plugin[]}
 */
export function garupaIslands({ plugins }) {
	/** @type {import('vite').ResolvedConfig} */
	let config;
	const isBuild = () => config.command === 'build';
	const isServer = () => Boolean(config.build.ssr);

	/** @type {import('vite').Plugin} */
	const script = {
		name: 'garupa-islands',
		enforce: 'pre',
		configResolved(resolved) {
			config = resolved;
		},
		resolveId(id) {
			if (id !== ISLANDS_MODULE) return undefined;
			// The server's build imports a file of its output, which the client build writes (below).
			if (isBuild() && isServer()) return { id: ISLANDS_MODULE, external: true };
			return RESOLVED;
		},
		load(id) {
			if (id !== RESOLVED) return undefined;
			if (!isBuild()) return `export default ${JSON.stringify({ entry: `/${ENTRY}` })};`;
			// The framework's client: rider pages (`csr = false`) never render there.
			return 'export default {};';
		},
		renderChunk(code, chunk) {
			if (!isBuild() || !isServer() || !code.includes(ISLANDS_MODULE)) return undefined;
			// That file's path from this chunk (`../islands.js` from `chunks/`).
			const depth = chunk.fileName.split('/').length - 1;
			const path = depth ? '../'.repeat(depth) + SERVER_FILE : `./${SERVER_FILE}`;
			const quoted = new RegExp(`(["'])${ISLANDS_MODULE}\\1`, 'g');
			return { code: code.replace(quoted, JSON.stringify(path)), map: null };
		},
		generateBundle() {
			// Until the client build writes it: SvelteKit loads the server's modules in between, to
			// analyse the routes (and a page rendered with it says that the script is missing).
			if (isBuild() && isServer())
				this.emitFile({ type: 'asset', fileName: SERVER_FILE, source: 'export default {};\n' });
		},
		writeBundle: {
			sequential: true,
			async handler() {
				if (!isBuild() || isServer()) return;
				const serverFile = join(config.build.outDir, '..', 'server', SERVER_FILE);
				if (!existsSync(serverFile))
					throw new Error(
						`islands: ${serverFile} not found (the server build runs first and writes it)`
					);
				const entry = await buildIslands(config, plugins());
				writeFileSync(serverFile, `export default ${JSON.stringify({ entry: `/${entry}` })};\n`);
			}
		}
	};

	/** @type {import('vite').Plugin} */
	const name = {
		name: 'garupa-islands-name',
		enforce: 'post',
		transform(code, id) {
			if (!id.endsWith(SUFFIX)) return undefined;
			const island = islandName(config.root, id);
			if (island === null)
				this.error(`${id}: an island lives under ${ISLANDS_DIR}/ (src/lib/islands/islands.ts)`);
			const tagged = tagIsland(code, island);
			if (tagged === null) this.error(`${id}: no default export to name as an island`);
			return { code: tagged, map: null };
		}
	};

	return [script, name];
}

/**
 * Vite wraps a dynamic import in a browser build with its preload helper (~0.4 KiB gzip on every
 * first visit), which links what the imported chunk needs first. An island's chunk needs no CSS,
 * and its imports follow as it loads (as in Vite's builds of web workers): the plain import.
 * @type {import('vite').Plugin}
 */
const noPreload = {
	name: 'garupa-islands-no-preload',
	enforce: 'pre',
	load(id) {
		if (id === '\0vite/preload-helper.js') return 'export const __vitePreload = (load) => load();';
		return undefined;
	}
};

/**
 * Builds the islands' script into the client output, after the client build wrote its own files.
 * @param {import('vite').ResolvedConfig} config the client build's
 * @param {import('vite').PluginOption[]} plugins
 * @returns {Promise<string>} the entry's file, from the output's root
 */
export async function buildIslands(config, plugins) {
	// Loaded here: precache.js, the bench and the specs import this file for its names alone.
	const { build } = await import('vite');
	const output = await build({
		configFile: false,
		root: config.root,
		mode: config.mode,
		base: '/',
		logLevel: 'warn',
		publicDir: false,
		// As the client's: `$lib`, Leaflet's sources, the build-time constants.
		resolve: { alias: config.resolve.alias },
		define: config.define,
		plugins: [...plugins, noPreload],
		build: {
			outDir: config.build.outDir,
			emptyOutDir: false,
			copyPublicDir: false,
			assetsInlineLimit: config.build.assetsInlineLimit,
			manifest: ISLANDS_MANIFEST,
			// Each island's chunk is imported by the entry when its page has it; nothing to preload.
			modulePreload: false,
			reportCompressedSize: false,
			rolldownOptions: {
				input: { entry: join(config.root, ENTRY) },
				output: {
					format: 'es',
					// Module-level `const`s stay constants, which the minifier inlines across modules (Svelte's
					// flags): Vite's default (`var`) costs a first visit ~0.5 KiB gzip.
					topLevelVar: false,
					entryFileNames: `${OUT}/[name]-[hash].js`,
					chunkFileNames: `${OUT}/chunks/[hash].js`,
					assetFileNames: `${OUT}/assets/[name]-[hash][extname]`
				}
			}
		}
	});
	const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) =>
		'output' in o ? o.output : []
	);
	const styled = outputs.filter(
		(o) => o.type === 'chunk' && (o.viteMetadata?.importedCss.size ?? 0) > 0
	);
	if (styled.length)
		throw new Error(
			`islands: the script must emit no CSS (styles come with the server's page): ${styled.map((o) => o.fileName).join(', ')}`
		);
	const entry = outputs.find((o) => o.type === 'chunk' && o.isEntry);
	if (!entry) throw new Error('islands: the build has no entry');
	return entry.fileName;
}
