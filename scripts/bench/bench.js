#!/usr/bin/env node
/**
 * `npm run bench`: measures the built app and PRINTS the figures against their targets.
 *
 * Per page (see PAGES in scripts/bench/bench-config.js):
 *   - what a first visit downloads (scripts/bench/first-visit.js: Playwright, fresh context, until the
 *     network is idle): JS (or JS + CSS) gzip -9 against its first-visit budget, and HTML + JS + CSS
 *     on the wire in gzip -9 and brotli;
 *   - HTML size (gzip -6 of the uncompressed SSR HTML) and whether the page's answer element ends
 *     within the first 14 KiB of gzip output (the first round trips of a new connection);
 *   - Lighthouse mobile (default config), median of BENCH_RUNS runs, each in a fresh Chromium.
 *     /pontos's map loads its tiles as in production: this machine has no internet, so Chromium
 *     reaches the tile server's name (TILE_URL's host, OpenStreetMap's by default) at a local
 *     stand-in serving map-like tiles (scripts/bench/tile-stand-in.js). Without `openssl` (for its
 *     certificate) the tiles fail, as offline, and the bench says so.
 * Plus, once: the service worker's bill (scripts/bench/worker-bill.js) — its install download by group,
 * measured by installing it in Chromium, and what the QR decoder and Leaflet add on first use; and
 * the fiscal's field mode (scripts/bench/field-bench.js) — a scripted auto's actions, the mode's first
 * load and its offline shell on the wire, each against its budget.
 *
 * Builds first when build/index.js is missing (or BENCH_BUILD=1), serves `node build` on a free
 * port, and stops it at the end. Figures also go to bench-results/bench.json.
 *
 * Exit code: 0 even when a target is missed; 1 when it cannot run (build or server fails) or a
 * measurement crashed.
 *
 * Environment: BENCH_SKIP_LIGHTHOUSE=1 skips Lighthouse; BENCH_RUNS=n sets the Lighthouse run count
 * (default 3); BENCH_PORT=n sets the first port tried (default 4310); BENCH_BUILD=1 rebuilds first;
 * BENCH_PAGES=/tarifa,/pontos measures only those pages (no complaint flow, worker bill or process
 * benches).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import {
	budgetOf,
	ONLY_PAGES,
	PAGES,
	PROCESS_BENCHES,
	RESULTS_FILE,
	env,
	SKIP_LIGHTHOUSE,
	RUNS
} from './bench-config.js';
import { chromiumArgs, chromiumPath } from '../test/chromium.js';
import { measureLighthouse } from './bench-lighthouse.js';
import { printPages, printTable } from './bench-output.js';
import { measureComplaintFlow, measureHtml } from './bench-pages.js';
import { cleanUp, cleanups, ensureBuild, git, kib, log, startServer } from './bench-server.js';
import { budgetedBytes, measureFirstVisit } from './first-visit.js';
import { startTileStandIn } from './tile-stand-in.js';
import { measureWorkerBill } from './worker-bill.js';
import { ensureBenchFiscal, measureFieldMode } from './field-bench.js';

// ─── Main ────────────────────────────────────────────────────────────────────────────────────────

async function main() {
	await ensureBuild();
	// The field mode's agent, in the database the server opens (before it starts: no lock held).
	const fiscal = ONLY_PAGES.length ? null : ensureBenchFiscal();
	const { origin, local } = await startServer();
	const report = {
		date: new Date().toISOString(),
		commit: git('rev-parse', '--short', 'HEAD'),
		dirty: Boolean(git('status', '--porcelain', '--untracked-files=no')),
		node: process.version,
		origin,
		lighthouseRuns: SKIP_LIGHTHOUSE ? 0 : RUNS,
		workerBill: null,
		pages: {},
		errors: []
	};
	const attempt = async (what, fn) => {
		try {
			return await fn();
		} catch (error) {
			console.error(`✗ ${what} failed: ${error?.stack ?? error}`);
			report.errors.push({ what, message: String(error?.message ?? error) });
			return null;
		}
	};

	for (const spec of PAGES) {
		const skipped = SKIP_LIGHTHOUSE || spec.lighthouse === false ? ['lighthouse'] : [];
		report.pages[spec.path] = { targets: spec.targets ?? {}, values: {}, skipped };
	}

	const { chromium } = await import('@playwright/test');
	const browser = await attempt('launching Chromium (Playwright)', () =>
		chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
	);
	for (const spec of PAGES) {
		const page = report.pages[spec.path];
		if (browser) {
			log(`first visit: ${spec.path}`);
			const visit = await attempt(`first visit ${spec.path}`, () =>
				measureFirstVisit(browser, `${origin}${spec.path}`)
			);
			if (visit) {
				const files = visit.files.filter((f) => f.type !== 'document');
				page.js = {
					...visit,
					files,
					gzipBytes: budgetedBytes(visit, budgetOf(spec.path)?.kind ?? 'js')
				};
				page.values[budgetOf(spec.path)?.kind === 'js+css' ? 'jsCssKiB' : 'jsKiB'] = kib(
					page.js.gzipBytes
				);
				page.values.jsFiles = files.filter((f) => f.type === 'script').length;
				page.values.wireGzipKiB = kib(visit.total.gzip);
				page.values.wireBrotliKiB = kib(visit.total.brotli);
			}
		}
		log(`HTML: ${spec.path}`);
		page.html = await attempt(`HTML ${spec.path}`, () => measureHtml(local, spec));
		if (page.html) {
			page.values.htmlKiB = kib(page.html.gzipBytes);
			if (spec.answer) {
				page.values.answerEndsAt = page.html.answerEndsAtGzipBytes;
				page.values.answerInFirst14k = page.html.answerInFirst14k;
			}
		}
	}
	if (browser && !ONLY_PAGES.length) {
		log('scripted overcharge complaint from /v/007 at 360×740');
		report.complaintFlow = await attempt('complaint flow', () => measureComplaintFlow(browser));
	}
	if (browser && !ONLY_PAGES.length) {
		log('service worker bill: install, then the QR decoder and Leaflet on first use');
		report.workerBill = await attempt('service worker bill', () =>
			measureWorkerBill(browser, origin, local)
		);
	}
	if (browser && fiscal) {
		log('field mode: a scripted auto at 360×740, its first load and its offline shell');
		report.fieldMode = await attempt('field mode', () =>
			measureFieldMode(browser, origin, local, fiscal)
		);
	}
	await browser?.close();

	if (!SKIP_LIGHTHOUSE) {
		const tileHost = new URL(
			(env.TILE_URL?.trim() || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png').replace('{s}', 'a')
		).hostname;
		const tiles = await attempt('tile stand-in', () => startTileStandIn(tileHost));
		report.tiles = tiles ? { standInFor: tileHost } : { standInFor: null };
		log(
			tiles
				? `map tiles: a local stand-in answers for ${tileHost} (scripts/bench/tile-stand-in.js)`
				: `map tiles: no stand-in (openssl missing?): /pontos's tiles fail as offline`
		);
		if (tiles) cleanups.add(() => void tiles.close());
		for (const spec of PAGES.filter((p) => p.lighthouse !== false)) {
			const page = report.pages[spec.path];
			log(`Lighthouse mobile, ${RUNS} run(s), ~15 s each: ${spec.path}`);
			page.lighthouse = await attempt(`Lighthouse ${spec.path}`, () =>
				measureLighthouse(`${origin}${spec.path}`, RUNS, tiles?.chromeFlags ?? [])
			);
			if (page.lighthouse) {
				Object.assign(page.values, page.lighthouse.median);
				// The full report of the median run, for the Lighthouse viewer; not in bench.json.
				const { report: lhr, ...summary } = page.lighthouse;
				const file = `bench-results/lighthouse${spec.path.replace(/[^\w]+/g, '-').replace(/-$/, '') || '-root'}.json`;
				mkdirSync('bench-results', { recursive: true });
				writeFileSync(file, JSON.stringify(lhr));
				page.lighthouse = { ...summary, reportFile: file };
			}
		}
		await tiles?.close();
	}

	printPages(report);

	report.process = {};
	for (const bench of ONLY_PAGES.length ? [] : PROCESS_BENCHES) {
		log(bench.name);
		const figures = await attempt(bench.name, () => {
			const r = spawnSync('npx', ['tsx', bench.script], {
				encoding: 'utf8',
				env: { ...process.env, ...bench.env }
			});
			if (r.status !== 0) throw new Error(r.stderr || `exit ${r.status}`);
			return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}');
		});
		if (!figures) continue;
		report.process[bench.name] = figures;
		printTable(
			bench.name,
			Object.entries(figures).map(([key, value]) => {
				const target = bench.targets[key];
				if (target === undefined) return [key, String(value), '', ''];
				if (typeof target === 'object')
					return [key, String(value), `≥ ${target.min}`, value >= target.min ? '✓' : '✗'];
				return [key, String(value), `≤ ${target}`, value <= target ? '✓' : '✗'];
			})
		);
	}

	mkdirSync('bench-results', { recursive: true });
	writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, '\t')}\n`);
	console.log(`\nFigures written to ${RESULTS_FILE}`);
	if (report.errors.length) {
		console.log(
			`${report.errors.length} measurement(s) could not run: ${report.errors.map((e) => e.what).join(', ')}`
		);
		return 1;
	}
	return 0;
}

process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		cleanUp();
		process.exit(130);
	});
}

main().then(
	(code) => {
		cleanUp();
		process.exit(code);
	},
	(error) => {
		console.error(`bench: ${error?.stack ?? error}`);
		cleanUp();
		process.exit(1);
	}
);
