/**
 * What the service worker precaches, worked out from the build's own manifest (Vite's
 * `.vite/manifest.json` of the client build) — never a hand list of chunks, which would rot.
 *
 * The rider pays for every kilobyte: the worker's install download is only what a rider needs offline.
 * - **precache**: every rider route node (not under `src/routes/admin/`, nor the driver's copies:
 *   `ONLINE_ONLY_ROUTES`) and what it reaches —
 *   static imports, CSS, assets and dynamic imports (the photo shrinker, the overcharge check: a
 *   rider offline may need any of them). A page with `export const csr = false` loads no JS of its
 *   own: only its CSS and assets are kept; its script is the islands' (built apart by
 *   scripts/build/islands-plugin.js, with its own manifest), whose whole graph is kept, lazy
 *   chunks included. SvelteKit's client entries (`start`, `app`) only while some rider page still
 *   renders on the client.
 * - **first use**: what is reachable only through FIRST_USE — the QR decoder (barcode-detector's
 *   ponyfill and zxing's 1.1 MB wasm) and Leaflet (its JS, CSS and images). Fetched the first time
 *   the scanner opens or /pontos draws its map; the worker keeps them from then on.
 * - **staff only**: what only `src/routes/admin/` reaches (its nodes, components, the stand
 *   picker): neither precached nor runtime-cached. Staff pages work online only, but for the field
 *   mode, whose page keeps its own shell on an enrolled phone (src/lib/field/shell.ts).
 *
 * Plain JavaScript so that vite.config.ts, the bench and the specs all import it.
 */

/**
 * Modules (as Vite's manifest names their sources) loaded only when the rider uses them; what is
 * reachable only through them is fetched on first use, not at install.
 */
export const FIRST_USE = [
	// The QR decoder's JS wrapper (imported by src/lib/components/qr-detector.ts)…
	'node_modules/barcode-detector/dist/es/ponyfill.js',
	// …and its WebAssembly (~1.1 MB, ~400 KB brotli).
	'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm',
	// Leaflet for the /pontos map: leaflet-map.ts → $lib/map/core.ts → leaflet, with the marker
	// icons, and $lib/map/styles.ts (its stylesheet as a <link>, our own map styles inline), which
	// /pontos's map.ts loads beside it.
	'src/routes/(rider)/pontos/leaflet-map.ts',
	'src/lib/map/styles.ts',
	// Libras on request: what loads VLibras, which needs a connection anyway.
	'src/lib/islands/libras.ts',
	// The complaint's recorder ("Gravar o que aconteceu"): loaded on the first tap, kept from then on.
	'src/routes/(rider)/reclamar/Recorder.svelte'
];

/**
 * Files outside `_app/` that a rider's pages use offline: the tab's icon `app.html` links and the
 * web manifest. The home-screen icons (`icons/`) are not precached: a phone reads them only while it
 * adds the app to its home screen, online, and keeps its own copy from then on — 3.5 KiB a rider
 * would otherwise pay at every install.
 */
export const ROOT_FILES = ['favicon.svg', 'manifest.webmanifest'];

/** A route node belongs to the staff area when its generated module imports from here. */
const STAFF_ROUTES = /(?:^|\/)src\/routes\/admin\//;

/**
 * Public pages a rider never needs offline: the driver's copies of an auto and of an impound, opened
 * from their token link (never kept by the worker, as every token URL). Nothing of theirs is
 * precached; they load from the network.
 */
const ONLINE_ONLY_ROUTES = /(?:^|\/)src\/routes\/\(rider\)\/(?:autos|apreensoes)\//;

/**
 * @typedef {{
 *   file: string;
 *   src?: string;
 *   isEntry?: boolean;
 *   isDynamicEntry?: boolean;
 *   imports?: string[];
 *   dynamicImports?: string[];
 *   css?: string[];
 *   assets?: string[];
 * }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} ViteManifest
 * @typedef {{
 *   precache: Set<string>;
 *   firstUse: Set<string>;
 *   staffOnly: Set<string>;
 *   riderNodes: string[];
 *   staffNodes: string[];
 *   csrOffNodes: string[];
 * }} PrecachePlan
 * @typedef {{ route: string | null; csr: boolean }} NodeInfo
 *   route: the route file the node renders (`src/routes/(rider)/lei/+page.svelte`), null for
 *   SvelteKit's own error page; csr: false when the page turns client-side rendering off
 */

/**
 * Whether a manifest source is `source`. A dependency may sit behind a symlink (a linked
 * node_modules): its path then climbs out of the project (`../../x/node_modules/leaflet/…`).
 * @param {string} src
 * @param {string} source
 */
const sameSource = (src, source) =>
	src === source || (source.startsWith('node_modules/') && src.endsWith(`/${source}`));

const NODE_KEY = /(?:^|\/)generated\/client-optimized\/nodes\/\d+\.js$/;
const KIT_ENTRIES = [
	/(?:^|\/)generated\/client-optimized\/app\.js$/,
	/@sveltejs\/kit\/src\/runtime\/client\/entry\.js$/
];

/** The islands' manifest's keys, apart from the client's (the same source may be in both). */
const ISLANDS_KEY = 'islands:';

/**
 * The two manifests as one, the islands' keys (and the keys they name) prefixed.
 * @param {ViteManifest} client
 * @param {ViteManifest} islands
 * @returns {{ manifest: ViteManifest; islandsEntry: string | null }}
 */
function withIslands(client, islands) {
	/** @param {string[] | undefined} list */
	const prefixed = (list) => list?.map((k) => ISLANDS_KEY + k);
	/** @type {ViteManifest} */
	const manifest = { ...client };
	let islandsEntry = null;
	for (const [key, chunk] of Object.entries(islands)) {
		manifest[ISLANDS_KEY + key] = {
			...chunk,
			src: chunk.src ?? key,
			imports: prefixed(chunk.imports),
			dynamicImports: prefixed(chunk.dynamicImports)
		};
		if (chunk.isEntry) islandsEntry = ISLANDS_KEY + key;
	}
	return { manifest, islandsEntry };
}

/**
 * Splits the client build's files into precache / first use / staff only.
 * @param {ViteManifest} clientManifest Vite's client manifest
 * @param {(nodeKey: string) => NodeInfo} nodeInfo what a route node renders
 * @param {ViteManifest} [islands] the islands' script's manifest (scripts/build/islands-plugin.js),
 *   which every rider page without client-side rendering loads
 * @returns {PrecachePlan}
 * @example planPrecache(manifest, info, islands).precache.has('_app/immutable/entry/start.B1.js') //=> true
 */
export function planPrecache(clientManifest, nodeInfo, islands = {}) {
	const { manifest, islandsEntry } = withIslands(clientManifest, islands);
	const keys = Object.keys(manifest);
	/** @type {Map<string, string>} output file → manifest key, to stop at first-use assets */
	const keyOfFile = new Map(keys.map((k) => [manifest[k]?.file ?? '', k]));
	/**
	 * A copy of a first-use file in another bundle (the islands' `zxing_reader-<hash>.wasm`) is
	 * known by its content hash and extension, should its manifest not name it.
	 * @param {string} file
	 */
	const contentOf = (file) => /[.-]([\w-]{8})\.(\w+)$/.exec(file)?.slice(1).join('.') ?? file;
	const nodes = keys.filter((k) => NODE_KEY.test(k));
	const info = new Map(nodes.map((k) => [k, nodeInfo(k)]));
	const staffNodes = nodes.filter((k) => STAFF_ROUTES.test(info.get(k)?.route ?? ''));
	const riderNodes = nodes.filter(
		(k) => !staffNodes.includes(k) && !ONLINE_ONLY_ROUTES.test(info.get(k)?.route ?? '')
	);
	const csrOffNodes = riderNodes.filter((k) => info.get(k)?.csr === false);
	if (csrOffNodes.length && !islandsEntry)
		throw new Error('precache: rider pages without client-side rendering, and no islands’ script');
	const firstUseKeys = new Set(
		keys.filter((k) => FIRST_USE.some((source) => sameSource(manifest[k]?.src ?? k, source)))
	);
	const missing = FIRST_USE.filter(
		(source) => ![...firstUseKeys].some((k) => sameSource(manifest[k]?.src ?? k, source))
	);
	if (missing.length)
		throw new Error(`precache: not in the build manifest (first use): ${missing.join(', ')}`);
	const firstUseContent = new Set(
		[...firstUseKeys]
			.map((k) => contentOf(manifest[k]?.file ?? ''))
			.filter((c) => !c.endsWith('.js'))
	);
	/** @param {string} file */
	const isFirstUseCopy = (file) => !file.endsWith('.js') && firstUseContent.has(contentOf(file));
	if (riderNodes.length === 0 || staffNodes.length === 0)
		throw new Error('precache: no rider or no staff route nodes in the build manifest');
	const kitEntries = keys.filter((k) => KIT_ENTRIES.some((re) => re.test(k)));
	if (kitEntries.length !== KIT_ENTRIES.length)
		throw new Error('precache: SvelteKit’s client entries are not in the build manifest');

	/**
	 * Files reached from `roots`. SvelteKit's app entry imports every node dynamically: those edges
	 * are not followed (each node is a root or not on its own account), nor edges into `stop`.
	 * @param {string[]} roots
	 * @param {Set<string>} stop
	 * @param {boolean} js false: only the CSS and assets (a page without client-side rendering)
	 */
	const reach = (roots, stop, js = true) => {
		/** @type {Set<string>} */
		const files = new Set();
		/** @type {Set<string>} */
		const seen = new Set();
		/** @param {string} key */
		const visit = (key) => {
			if (seen.has(key) || stop.has(key)) return;
			seen.add(key);
			const chunk = manifest[key];
			if (!chunk) return;
			if (js || !chunk.file.endsWith('.js')) files.add(chunk.file);
			for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
				const key = keyOfFile.get(file);
				// A first-use file met in code that runs is kept on first use; met only through the
				// client code of a page that never runs it, it is nobody's.
				if (stop.has(key ?? '') || isFirstUseCopy(file)) {
					if (js) stopped.add(file);
				} else files.add(file);
			}
			for (const k of chunk.imports ?? []) visit(k);
			for (const k of chunk.dynamicImports ?? []) if (!NODE_KEY.test(k)) visit(k);
		};
		roots.forEach(visit);
		return files;
	};
	/** First-use files met (and not kept) on the way: the islands' own copy of the decoder's wasm. */
	/** @type {Set<string>} */
	const stopped = new Set();

	const csrNodes = riderNodes.filter((k) => !csrOffNodes.includes(k));
	// SvelteKit's runtime (its entries, the root layout and error nodes) serves only rider pages that
	// render on the client: once none does, no rider needs it offline.
	const clientPages = csrNodes.filter((k) => /\/\+page\.svelte$/.test(info.get(k)?.route ?? ''));
	const precache = new Set([
		...(clientPages.length ? reach([...kitEntries, ...csrNodes], firstUseKeys) : []),
		...reach(csrOffNodes, firstUseKeys, false),
		// Their script, whole (lazy chunks included): a rider offline may open any page.
		...(csrOffNodes.length && islandsEntry ? reach([islandsEntry], firstUseKeys) : [])
	]);
	// First use in the bundles riders load: the islands' (while a rider page has them) and the
	// framework's client (while a rider page renders there). The client's copy of an islands'
	// first-use module reaches no rider, and listing it would only lengthen the worker's script.
	const riderFirstUse = [...firstUseKeys].filter((k) =>
		k.startsWith(ISLANDS_KEY) ? csrOffNodes.length > 0 : clientPages.length > 0
	);
	const firstUse = new Set(
		[...reach(riderFirstUse, new Set()), ...stopped].filter((f) => !precache.has(f))
	);
	const staffOnly = new Set(
		[...reach(staffNodes, new Set())].filter((f) => !precache.has(f) && !firstUse.has(f))
	);
	return { precache, firstUse, staffOnly, riderNodes, staffNodes, csrOffNodes };
}
