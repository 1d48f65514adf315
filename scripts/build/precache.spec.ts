import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { FIRST_USE, planPrecache, type ViteManifest } from './precache.js';
import { csrOff, readWorkerManifest } from './precache-build.js';

/**
 * A client build in miniature, shaped as Vite's manifest names things: SvelteKit's two entries,
 * the root layout, the rider layout and three rider pages (one without client-side rendering),
 * the staff layout and two staff pages, and the first-use modules (QR decoder, Leaflet).
 */
const node = (n: number) => `.svelte-kit/generated/client-optimized/nodes/${n}.js`;
const ROUTES: Record<number, string | null> = {
	0: 'src/routes/+layout.svelte',
	1: null, // SvelteKit's own error page
	2: 'src/routes/(rider)/+layout.svelte',
	3: 'src/routes/(rider)/+page.svelte', // csr = false
	4: 'src/routes/(rider)/verificar/+page.svelte',
	5: 'src/routes/(rider)/pontos/+page.svelte',
	6: 'src/routes/admin/+layout.svelte',
	7: 'src/routes/admin/pontos/+page.svelte',
	8: 'src/routes/admin/+page.svelte',
	9: 'src/routes/(rider)/apreensoes/[numero]/+page.svelte' // a driver's copy: online only
};
/** The route of a node's manifest key (`…/nodes/<n>.js`), null for SvelteKit's own. */
const routeOf = (key: string) => ROUTES[Number(/(\d+)\.js$/.exec(key)?.[1])] ?? null;
const entry = (file: string, extra: Partial<ViteManifest[string]> = {}) => ({ file, ...extra });

const manifest: ViteManifest = {
	'node_modules/@sveltejs/kit/src/runtime/client/entry.js': entry('_app/immutable/entry/start.js', {
		isEntry: true,
		imports: ['_runtime.js']
	}),
	'.svelte-kit/generated/client-optimized/app.js': entry('_app/immutable/entry/app.js', {
		isEntry: true,
		imports: ['_runtime.js'],
		dynamicImports: Object.keys(ROUTES).map((n) => node(Number(n)))
	}),
	'_runtime.js': entry('_app/immutable/chunks/runtime.js'),
	'_shared.js': entry('_app/immutable/chunks/shared.js', {
		css: ['_app/immutable/assets/shared.css']
	}),
	'_staff-ui.js': entry('_app/immutable/chunks/staff-ui.js', {
		css: ['_app/immutable/assets/staff-ui.css']
	}),
	'_preload-helper.js': entry('_app/immutable/chunks/preload-helper.js'),
	[node(0)]: entry('_app/immutable/nodes/0.js', { isEntry: true, imports: ['_runtime.js'] }),
	[node(1)]: entry('_app/immutable/nodes/1.js', { isEntry: true }),
	[node(2)]: entry('_app/immutable/nodes/2.js', {
		isEntry: true,
		imports: ['_shared.js'],
		dynamicImports: ['../../@vite-plugin-pwa/virtual:pwa-register']
	}),
	'../../@vite-plugin-pwa/virtual:pwa-register': entry('_app/immutable/chunks/register.js', {
		isDynamicEntry: true
	}),
	[node(3)]: entry('_app/immutable/nodes/3.js', {
		isEntry: true,
		imports: ['_shared.js', '_home-only.js'],
		css: ['_app/immutable/assets/3.css']
	}),
	'_home-only.js': entry('_app/immutable/chunks/home-only.js'),
	[node(4)]: entry('_app/immutable/nodes/4.js', {
		isEntry: true,
		imports: ['_shared.js'],
		dynamicImports: ['src/lib/components/qr-detector.ts']
	}),
	'src/lib/components/qr-detector.ts': entry('_app/immutable/chunks/qr-detector.js', {
		isDynamicEntry: true,
		imports: ['_preload-helper.js'],
		dynamicImports: ['node_modules/barcode-detector/dist/es/ponyfill.js'],
		assets: ['_app/immutable/assets/zxing_reader.wasm']
	}),
	'node_modules/barcode-detector/dist/es/ponyfill.js': entry('_app/immutable/chunks/ponyfill.js', {
		isDynamicEntry: true
	}),
	'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm': entry(
		'_app/immutable/assets/zxing_reader.wasm'
	),
	[node(5)]: entry('_app/immutable/nodes/5.js', {
		isEntry: true,
		imports: ['_shared.js'],
		dynamicImports: ['src/routes/(rider)/pontos/leaflet-map.ts', 'src/lib/map/styles.ts']
	}),
	'src/lib/map/styles.ts': entry('_app/immutable/chunks/styles.js', {
		isDynamicEntry: true,
		assets: ['_app/immutable/assets/leaflet.css']
	}),
	'src/routes/(rider)/pontos/leaflet-map.ts': entry('_app/immutable/chunks/leaflet-map.js', {
		isDynamicEntry: true,
		imports: ['_base.js', '_preload-helper.js']
	}),
	'_base.js': entry('_app/immutable/chunks/base.js', {
		css: ['_app/immutable/assets/base.css'],
		assets: ['_app/immutable/assets/marker-icon.png']
	}),
	'node_modules/leaflet/dist/images/marker-icon.png': entry(
		'_app/immutable/assets/marker-icon.png'
	),
	[node(6)]: entry('_app/immutable/nodes/6.js', { isEntry: true, imports: ['_staff-ui.js'] }),
	[node(7)]: entry('_app/immutable/nodes/7.js', {
		isEntry: true,
		imports: ['_staff-ui.js', '_shared.js'],
		dynamicImports: ['src/routes/admin/pontos/leaflet-picker.ts']
	}),
	'src/routes/admin/pontos/leaflet-picker.ts': entry('_app/immutable/chunks/leaflet-picker.js', {
		isDynamicEntry: true,
		imports: ['_base.js']
	}),
	[node(8)]: entry('_app/immutable/nodes/8.js', { isEntry: true, imports: ['_staff-ui.js'] }),
	[node(9)]: entry('_app/immutable/nodes/9.js', {
		isEntry: true,
		imports: ['_shared.js'],
		css: ['_app/immutable/assets/9.css']
	})
};

/** The islands' script (scripts/build/islands-plugin.js: its own manifest), and what it loads on demand. */
const islandsManifest: ViteManifest = {
	'src/lib/islands/entry.ts': entry('_app/immutable/islands/entry.js', {
		src: 'src/lib/islands/entry.ts',
		isEntry: true,
		dynamicImports: [
			'src/lib/offline/pages.ts',
			'src/lib/islands/libras.ts',
			'src/routes/(rider)/reclamar/Recorder.svelte'
		]
	}),
	'src/routes/(rider)/reclamar/Recorder.svelte': entry('_app/immutable/islands/chunks/Recorder.js', {
		src: 'src/routes/(rider)/reclamar/Recorder.svelte',
		isDynamicEntry: true,
		imports: ['src/lib/islands/entry.ts']
	}),
	'src/lib/offline/pages.ts': entry('_app/immutable/islands/chunks/pages.js', {
		src: 'src/lib/offline/pages.ts',
		isDynamicEntry: true
	}),
	'src/lib/islands/libras.ts': entry('_app/immutable/islands/chunks/libras.js', {
		src: 'src/lib/islands/libras.ts',
		isDynamicEntry: true,
		imports: ['src/lib/islands/entry.ts']
	})
};

const plan = planPrecache(
	manifest,
	(key) => ({ route: routeOf(key), csr: key !== node(3) }),
	islandsManifest
);

type Placement = [file: string, where: 'precache' | 'firstUse' | 'staffOnly' | 'none', why: string];
/** One test a row: `file` is in the plan's set `where` and no other of `sets` ('none': in none). */
function placementTests(
	planned: ReturnType<typeof planPrecache>,
	sets: readonly ('precache' | 'firstUse' | 'staffOnly')[],
	cases: readonly Placement[]
) {
	for (const [file, where, why] of cases)
		test(`${file.split('/').pop()} → ${where}: ${why}`, () => {
			const holders = sets.filter((k) => planned[k].has(file));
			expect(holders).toEqual(where === 'none' ? [] : [where]);
		});
}

describe('planPrecache: what the worker downloads at install (the rider pays for every kilobyte)', () => {
	placementTests(plan, ['precache', 'firstUse', 'staffOnly'], [
		['_app/immutable/entry/start.js', 'precache', 'SvelteKit’s client entry'],
		[
			'_app/immutable/entry/app.js',
			'precache',
			'SvelteKit’s app entry (its node imports are not followed)'
		],
		['_app/immutable/chunks/runtime.js', 'precache', 'imported by the entries'],
		['_app/immutable/nodes/0.js', 'precache', 'the root layout'],
		['_app/immutable/nodes/1.js', 'precache', 'SvelteKit’s error page (no route file)'],
		['_app/immutable/nodes/2.js', 'precache', 'the rider layout'],
		[
			'_app/immutable/chunks/register.js',
			'precache',
			'a rider dynamic import (worker registration)'
		],
		['_app/immutable/nodes/4.js', 'precache', 'a rider page'],
		['_app/immutable/chunks/shared.js', 'precache', 'shared by rider and staff pages'],
		['_app/immutable/assets/shared.css', 'precache', 'CSS of a rider chunk'],
		[
			'_app/immutable/chunks/qr-detector.js',
			'precache',
			'the small loader, which says when offline'
		],
		['_app/immutable/chunks/preload-helper.js', 'precache', 'reached from the loader too'],
		[
			'_app/immutable/assets/3.css',
			'precache',
			'a page without client-side rendering keeps its CSS'
		],
		['_app/immutable/islands/entry.js', 'precache', '…and the islands’ script it loads'],
		['_app/immutable/islands/chunks/pages.js', 'precache', 'that script’s lazy chunk, kept whole'],
		[
			'_app/immutable/islands/chunks/libras.js',
			'firstUse',
			'what loads VLibras (Libras needs a connection anyway)'
		],
		[
			'_app/immutable/islands/chunks/Recorder.js',
			'firstUse',
			'the complaint’s recorder, loaded on the first tap'
		],
		['_app/immutable/assets/zxing_reader.wasm', 'firstUse', 'the QR decoder’s wasm'],
		['_app/immutable/chunks/ponyfill.js', 'firstUse', 'the QR decoder’s JS wrapper'],
		['_app/immutable/chunks/leaflet-map.js', 'firstUse', 'Leaflet, on the first visit to /pontos'],
		['_app/immutable/chunks/base.js', 'firstUse', 'Leaflet, shared with the staff picker'],
		['_app/immutable/assets/base.css', 'firstUse', 'Leaflet’s CSS'],
		['_app/immutable/assets/marker-icon.png', 'firstUse', 'Leaflet’s marker'],
		[
			'_app/immutable/assets/leaflet.css',
			'firstUse',
			'Leaflet’s stylesheet, loaded beside its script by /pontos'
		],
		['_app/immutable/nodes/6.js', 'staffOnly', 'the staff layout'],
		['_app/immutable/nodes/7.js', 'staffOnly', 'a staff page'],
		['_app/immutable/chunks/staff-ui.js', 'staffOnly', 'a chunk only staff pages import'],
		['_app/immutable/assets/staff-ui.css', 'staffOnly', 'its CSS'],
		['_app/immutable/chunks/leaflet-picker.js', 'staffOnly', 'the staff stand picker']
	]);

	test('a page without client-side rendering: none of its own JS is precached', () => {
		expect(plan.precache.has('_app/immutable/nodes/3.js')).toBe(false);
		expect(plan.precache.has('_app/immutable/chunks/home-only.js')).toBe(false);
		expect(plan.csrOffNodes).toEqual([node(3)]);
	});

	test('nodes are told apart by their route: /admin is staff, the driver’s copies online only, everything else rider', () => {
		expect(plan.staffNodes.sort()).toEqual([node(6), node(7), node(8)].sort());
		expect(plan.riderNodes).toHaveLength(6);
		expect(plan.riderNodes).not.toContain(node(9));
	});

	test('a driver’s copy (opened from its token link, online) costs a rider’s install nothing', () => {
		expect(plan.precache.has('_app/immutable/nodes/9.js')).toBe(false);
		expect(plan.precache.has('_app/immutable/assets/9.css')).toBe(false);
		expect(plan.precache.has('_app/immutable/chunks/shared.js')).toBe(true);
	});

	test('a build without a first-use module is an error, not a silent precache of it', () => {
		const without = { ...manifest };
		delete without['node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'];
		expect(() => planPrecache(without, () => ({ route: null, csr: true }), islandsManifest)).toThrow(
			/zxing_reader\.wasm/
		);
	});

	test('rider pages without client-side rendering and no islands’ script: an error', () => {
		expect(() =>
			planPrecache(manifest, (key) => ({ route: routeOf(key), csr: false }))
		).toThrow(/islands/);
	});

	test('a dependency behind a symlinked node_modules is still recognised', () => {
		const linked: ViteManifest = {};
		for (const [key, value] of Object.entries(manifest))
			linked[key.startsWith('node_modules/') ? `../../elsewhere/${key}` : key] = value;
		const again = planPrecache(
			linked,
			(key) => ({ route: routeOf(key), csr: true }),
			islandsManifest
		);
		expect(again.firstUse.has('_app/immutable/assets/zxing_reader.wasm')).toBe(true);
		expect(again.precache.has('_app/immutable/entry/start.js')).toBe(true);
	});

	test('FIRST_USE names the QR decoder and Leaflet', () => {
		expect(FIRST_USE).toEqual(
			expect.arrayContaining([
				'node_modules/barcode-detector/dist/es/ponyfill.js',
				'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm',
				'src/routes/(rider)/pontos/leaflet-map.ts',
				'src/lib/map/styles.ts'
			])
		);
	});
});

describe('csrOff: `export const csr = false` in the page or a layout above it', () => {
	const root = mkdtempSync(join(tmpdir(), 'garupa-precache-'));
	afterAll(() => rmSync(root, { recursive: true, force: true }));
	const write = (file: string, text: string) => {
		mkdirSync(join(root, dirname(file)), { recursive: true });
		writeFileSync(join(root, file), text);
	};
	write('src/routes/(rider)/+page.server.ts', 'export const csr = false;\n');
	write(
		'src/routes/(rider)/lei/+page.ts',
		"export const csr: boolean = false; // server's answer\n"
	);
	write('src/routes/(rider)/tarifa/+page.server.ts', 'export const ssr = false;\n');
	write('src/routes/static/+layout.ts', 'export const csr = false;\n');
	write('src/routes/(rider)/reclamar/+page.server.ts', '// export const csrf = false\n');

	const cases: [route: string, off: boolean, why: string][] = [
		['src/routes/(rider)/+page.svelte', true, 'in +page.server.ts'],
		['src/routes/(rider)/lei/+page.svelte', true, 'in +page.ts, typed'],
		['src/routes/(rider)/tarifa/+page.svelte', false, 'ssr, not csr'],
		['src/routes/static/deep/+page.svelte', true, 'in a layout above'],
		['src/routes/(rider)/reclamar/+page.svelte', false, 'nothing set'],
		['src/routes/static/+layout.svelte', false, 'a layout node is not a page']
	];
	for (const [route, off, why] of cases)
		test(`${route} → ${off}: ${why}`, () => expect(csrOff(root, route)).toBe(off));
});

test('readWorkerManifest reads the injected entries, first-use ones included', () => {
	const worker =
		'const a=[{"revision":"1f2e","url":"favicon.svg"},{"revision":null,"url":"_app/immutable/entry/start.js"},' +
		'{"revision":"garupa:first-use","url":"_app/immutable/assets/zxing_reader.wasm"}];x({url:e.url,status:1})';
	expect(readWorkerManifest(worker)).toEqual([
		{ url: 'favicon.svg', revision: '1f2e' },
		{ url: '_app/immutable/entry/start.js', revision: null },
		{ url: '_app/immutable/assets/zxing_reader.wasm', revision: 'garupa:first-use' }
	]);
});

describe('planPrecache with islands: every rider page without client-side rendering', () => {
	/**
	 * The same build once every rider page renders on the server (`csr = false`) and loads the
	 * islands' script, with its own manifest (scripts/build/islands-plugin.js) and its own copy of
	 * the decoder's wasm (known by its source, or else by its content hash).
	 */
	const islands: ViteManifest = {
		...manifest,
		'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm': entry(
			'_app/immutable/assets/zxing_reader.BxB2YfIY.wasm'
		),
		[node(4)]: entry('_app/immutable/nodes/4.js', {
			isEntry: true,
			imports: ['_shared.js'],
			css: ['_app/immutable/assets/4.css']
		})
	};
	const script: ViteManifest = {
		'src/lib/islands/entry.ts': entry('_app/immutable/islands/entry-Ab12Cd34.js', {
			src: 'src/lib/islands/entry.ts',
			isEntry: true,
			dynamicImports: ['src/routes/(rider)/verificar/Verify.island.svelte']
		}),
		'src/routes/(rider)/verificar/Verify.island.svelte': entry('_app/immutable/islands/chunks/V.js', {
			src: 'src/routes/(rider)/verificar/Verify.island.svelte',
			isDynamicEntry: true,
			imports: ['src/lib/islands/entry.ts'],
			dynamicImports: ['src/lib/components/qr-detector.ts']
		}),
		'src/lib/components/qr-detector.ts': entry('_app/immutable/islands/chunks/Q.js', {
			src: 'src/lib/components/qr-detector.ts',
			isDynamicEntry: true,
			assets: ['_app/immutable/islands/assets/zxing_reader-BxB2YfIY.wasm'],
			dynamicImports: ['../../elsewhere/node_modules/barcode-detector/dist/es/ponyfill.js']
		}),
		'../../elsewhere/node_modules/barcode-detector/dist/es/ponyfill.js': entry(
			'_app/immutable/islands/chunks/P.js',
			{ src: '../../elsewhere/node_modules/barcode-detector/dist/es/ponyfill.js', isDynamicEntry: true }
		),
		'src/lib/islands/libras.ts': entry('_app/immutable/islands/chunks/libras.js', {
			src: 'src/lib/islands/libras.ts',
			isDynamicEntry: true
		}),
		'src/routes/(rider)/reclamar/Recorder.svelte': entry('_app/immutable/islands/chunks/Recorder.js', {
			src: 'src/routes/(rider)/reclamar/Recorder.svelte',
			isDynamicEntry: true
		})
	};
	const served = planPrecache(
		islands,
		(key) => {
			const route = routeOf(key);
			const riderPage = !route?.startsWith('src/routes/admin/') && route?.endsWith('/+page.svelte');
			return { route, csr: !riderPage };
		},
		script
	);
	placementTests(served, ['precache', 'firstUse'], [
		['_app/immutable/islands/entry-Ab12Cd34.js', 'precache', 'the islands’ script'],
		['_app/immutable/islands/chunks/V.js', 'precache', 'an island, loaded lazily by the script'],
		['_app/immutable/islands/chunks/Q.js', 'precache', 'the decoder’s small loader, in the bundle'],
		['_app/immutable/islands/chunks/P.js', 'firstUse', 'the bundle’s copy of the decoder’s JS'],
		[
			'_app/immutable/islands/assets/zxing_reader-BxB2YfIY.wasm',
			'firstUse',
			'the bundle’s copy of the wasm, known by its content hash'
		],
		['_app/immutable/assets/4.css', 'precache', 'the page’s CSS'],
		['_app/immutable/nodes/4.js', 'none', 'the page renders on the server'],
		['_app/immutable/entry/start.js', 'none', 'no rider page needs SvelteKit’s runtime'],
		['_app/immutable/entry/app.js', 'none', 'nor its app entry'],
		['_app/immutable/nodes/2.js', 'none', 'nor the rider layout’s client code'],
		[
			'_app/immutable/chunks/ponyfill.js',
			'none',
			'the framework client’s copy of the decoder: no rider page loads it'
		],
		[
			'_app/immutable/assets/zxing_reader.BxB2YfIY.wasm',
			'none',
			'nor the client’s copy of the wasm'
		],
		['_app/immutable/chunks/leaflet-map.js', 'none', 'nor the client’s copy of the map']
	]);
});
