#!/usr/bin/env node
/**
 * `npm run bench`: measures the built app and PRINTS the figures against their targets.
 *
 * Per page (see PAGES below):
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
 * measured by installing it in Chromium, and what the QR decoder and Leaflet add on first use.
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
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgetedBytes, FIRST_VISIT_BUDGETS, measureFirstVisit } from './first-visit.js';
import { startTileStandIn } from './tile-stand-in.js';
import { formatWorkerBill, measureWorkerBill } from './worker-bill.js';

// ─── What to measure ─────────────────────────────────────────────────────────────────────────────

/**
 * One entry per page. To bench a new page, add an entry; to drop a target, leave it out.
 * - `answer`: the element holding the page's answer (its start tag has `attribute`); the bench
 *   checks that its closing tag arrives within the first 14 KiB of gzipped HTML. Optional.
 * - `lighthouse: false` skips Lighthouse for that page.
 * - `targets`: keys of METRICS below.
 */
const budgetOf = (path) => FIRST_VISIT_BUDGETS.find((b) => b.path === path);
const budgetTarget = (path) => {
	const b = budgetOf(path);
	return b ? { [b.kind === 'js' ? 'jsKiB' : 'jsCssKiB']: b.budgetKiB } : {};
};
/** Lighthouse mobile 100 in every category on every rider page. */
const LIGHTHOUSE_100 = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const ALL_PAGES = [
	{
		// No client-side routing: the server's answer plus the islands' script (Home.island.svelte).
		path: '/',
		answer: { tag: 'section', attribute: 'data-bandeira' },
		targets: { ...budgetTarget('/'), answerInFirst14k: true, ...LIGHTHOUSE_100 }
	},
	{
		path: '/tarifa',
		targets: { ...LIGHTHOUSE_100 }
	},
	{
		// The decoder (zxing wasm + ponyfill) loads only when the scanner opens: not in this figure.
		path: '/verificar',
		targets: { ...budgetTarget('/verificar'), ...LIGHTHOUSE_100 }
	},
	{
		// Leaflet and its CSS included; map tiles excluded (they never load here).
		path: '/pontos',
		targets: { ...budgetTarget('/pontos'), ...LIGHTHOUSE_100 }
	},
	{
		path: '/reclamar',
		targets: { ...budgetTarget('/reclamar'), ...LIGHTHOUSE_100 }
	},
	{
		// A vehicle's verdict (a QR card's address), the law, the rider's own complaints.
		path: '/v/007',
		targets: { ...LIGHTHOUSE_100 }
	},
	{
		path: '/lei',
		targets: { ...LIGHTHOUSE_100 }
	},
	{
		path: '/reclamacoes',
		targets: { ...LIGHTHOUSE_100 }
	}
];
/** BENCH_PAGES=/tarifa,/pontos measures only those pages, and nothing else (no process benches). */
const ONLY_PAGES = (process.env.BENCH_PAGES ?? '')
	.split(',')
	.map((p) => p.trim())
	.filter(Boolean);
const PAGES = ONLY_PAGES.length ? ALL_PAGES.filter((p) => ONLY_PAGES.includes(p.path)) : ALL_PAGES;

/**
 * In-process benchmarks run with tsx; each prints one JSON line of figures. `targets` maps a
 * figure to its maximum.
 */
const PROCESS_BENCHES = [
	{
		name: 'Registry lookup, synthetic 100,000 entries (p99 per lookup)',
		script: 'scripts/bench/bench-lookup.ts',
		targets: { p99us: 50 }
	},
	{
		name: 'POST /api/complaints at 20 connections vs a bare Node "hello" server',
		script: 'scripts/bench/bench-complaints.js',
		// Numbers are maximums; { min } is a minimum.
		targets: { complaintP99Ms: 100, complaintErrors: 0, ratioPct: { min: 3 } }
	},
	{
		name: 'POST /api/complaints on PostgreSQL (one instance) vs a bare Node "hello" server',
		script: 'scripts/bench/bench-complaints.js',
		env: { BENCH_DB: 'postgres' },
		targets: { complaintP99Ms: 100, complaintErrors: 0, ratioPct: { min: 3 } }
	},
	{
		name: 'POST /api/complaints, two instances on one PostgreSQL database, vs "hello"',
		script: 'scripts/bench/bench-complaints.js',
		env: { BENCH_DB: 'postgres-2' },
		targets: { complaintP99Ms: 100, complaintErrors: 0, ratioPct: { min: 3 } }
	},
	{
		name: 'Staff sign-in: scrypt N=2^17 hash, 10 sign-ins at once, a member during a 40-attempt burst and a 16-address flood',
		script: 'scripts/bench/bench-auth.ts',
		// OWASP's cost should take a noticeable fraction of a second; memory stays bounded; a burst
		// against one account reaches at most 5 password checks and the member still gets in fast.
		// Under a flood from 16 addresses the member waits one turn among them (about 16 checks);
		// with a device cookie, only for a running check to end (at most 2 checks before its own).
		targets: {
			hashMs: 2000,
			peakExtraMiB: 300,
			burstPasswordChecks: 5,
			memberSignInDuringBurstMs: 3000,
			floodMemberChecksMeanwhile: 16 + 2 + 1,
			floodMemberDeviceCookieChecksMeanwhile: 2 + 1
		}
	},
	{
		name: 'Fuzzing every endpoint and form action (anonymous, fiscal, gestor): counts by status',
		script: 'scripts/bench/bench-fuzz.ts',
		// Generated bad input, oversized bodies included, gets a 4xx, never a 5xx, always an answer
		// (no reset, even on a keep-alive connection after a refused body), never a stack in the log.
		targets: {
			requests: { min: 5000 },
			serverErrors5xx: 0,
			unanswered: 0,
			resets: 0,
			stackTraces: 0
		}
	}
];

/**
 * Rows of each page's table, in order. `better` decides how a value meets its target; `by` names a
 * measurement that can be switched off (its rows then read "skipped").
 */
const METRICS = [
	{ key: 'jsKiB', label: 'JS on first visit (gzip -9)', better: 'lower', unit: 'KiB', digits: 1 },
	{ key: 'jsFiles', label: 'JS files on first visit', better: 'lower' },
	{
		key: 'jsCssKiB',
		label: 'JS + CSS on first visit (gzip -9)',
		better: 'lower',
		unit: 'KiB',
		digits: 1
	},
	{ key: 'htmlKiB', label: 'HTML (gzip -6)', better: 'lower', unit: 'KiB', digits: 1 },
	{ key: 'wireGzipKiB', label: 'First visit HTML+JS+CSS (gzip -9)', unit: 'KiB', digits: 1 },
	{ key: 'wireBrotliKiB', label: 'First visit HTML+JS+CSS (brotli)', unit: 'KiB', digits: 1 },
	{ key: 'answerEndsAt', label: 'Answer ends at (gzip bytes)', better: 'lower', unit: 'B' },
	{ key: 'answerInFirst14k', label: 'Answer in first 14 KiB', better: 'equal' },
	{ key: 'performance', label: 'Lighthouse Performance', better: 'higher', by: 'lighthouse' },
	{ key: 'accessibility', label: 'Lighthouse Accessibility', better: 'higher', by: 'lighthouse' },
	{ key: 'best-practices', label: 'Lighthouse Best Practices', better: 'higher', by: 'lighthouse' },
	{ key: 'seo', label: 'Lighthouse SEO', better: 'higher', by: 'lighthouse' }
];

const FIRST_ROUND_TRIPS_BYTES = 14 * 1024;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse metrics printed next to the scores (median run). */
const LH_METRICS = [
	['first-contentful-paint', 'FCP'],
	['largest-contentful-paint', 'LCP'],
	['total-blocking-time', 'TBT'],
	['cumulative-layout-shift', 'CLS'],
	['speed-index', 'SI']
];

const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];
const RESULTS_FILE = 'bench-results/bench.json';

const env = process.env;
const SKIP_LIGHTHOUSE = env.BENCH_SKIP_LIGHTHOUSE === '1';
const RUNS = Math.max(1, Number.parseInt(env.BENCH_RUNS ?? '3', 10) || 3);
const FIRST_PORT = Number.parseInt(env.BENCH_PORT ?? '4310', 10) || 4310;

// ─── Small helpers ───────────────────────────────────────────────────────────────────────────────

const log = (line) => console.log(`… ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipSize = (buf, level) => gzipSync(buf, { level }).length;

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

function git(...args) {
	const r = spawnSync('git', args, { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() : null;
}

// ─── Build and server ────────────────────────────────────────────────────────────────────────────

async function ensureBuild() {
	if (existsSync('build/index.js') && env.BENCH_BUILD !== '1') {
		const age = Math.round((Date.now() - statSync('build/index.js').mtimeMs) / 60000);
		log(`using the existing build (build/index.js, ${age} min old; BENCH_BUILD=1 rebuilds)`);
		return;
	}
	for (let attempt = 1; attempt <= 10; attempt++) {
		log('building (npm run build)…');
		const r = spawnSync('npm', ['run', 'build'], { encoding: 'utf8' });
		if (r.status === 0) return;
		const output = `${r.stdout}\n${r.stderr}`;
		// Another build of this project is running (vite's lock): wait for it and use its output.
		if (/Found another Vite build process/.test(output)) {
			log('another build is running; waiting 30 s');
			await sleep(30_000);
			if (existsSync('build/index.js') && env.BENCH_BUILD !== '1') return;
			continue;
		}
		process.stderr.write(output.slice(-4000));
		throw new Error(`npm run build failed (exit ${r.status})`);
	}
	throw new Error('could not build: another build kept running');
}

function portIsFree(port) {
	return new Promise((resolve) => {
		const server = createServer()
			.once('error', () => resolve(false))
			.once('listening', () => server.close(() => resolve(true)))
			.listen(port, '127.0.0.1');
	});
}

async function freePort() {
	for (let port = FIRST_PORT; port < FIRST_PORT + 50; port++) {
		if (await portIsFree(port)) return port;
	}
	throw new Error(`no free port in ${FIRST_PORT}–${FIRST_PORT + 49}`);
}

let server = null;
/** Synchronous clean-ups (the Chromium of a Lighthouse run) for an exit or Ctrl-C mid-run. */
const cleanups = new Set();

function stopServer() {
	if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
}

function cleanUp() {
	for (const fn of cleanups) {
		try {
			fn();
		} catch {
			// best effort
		}
	}
	cleanups.clear();
	stopServer();
}

async function startServer() {
	const port = await freePort();
	const origin = `http://localhost:${port}`;
	server = spawn(process.execPath, ['build'], {
		env: { ...env, PORT: String(port), HOST: '127.0.0.1', ORIGIN: origin },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	server.stdout.on('data', (d) => (output += d));
	server.stderr.on('data', (d) => (output += d));
	const local = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		if (server.exitCode !== null || server.signalCode !== null) break;
		try {
			await fetch(`${local}/`, { signal: AbortSignal.timeout(2000) });
			log(`server up: node build on ${origin}`);
			// Browsers use `origin` (it is ORIGIN, and a secure context); Node's fetch uses `local`.
			return { origin, local };
		} catch {
			await sleep(250);
		}
	}
	stopServer();
	process.stderr.write(output.slice(-4000));
	const exited = server.exitCode ?? server.signalCode;
	throw new Error(
		exited === null
			? `node build did not answer on port ${port} within 30 s`
			: `node build exited (${exited}) before answering on port ${port}`
	);
}

// ─── Measurements ────────────────────────────────────────────────────────────────────────────────

/**
 * The scripted overcharge complaint as a rider at 360×740 does it: from the QR
 * verdict /v/007, "Reclamar deste veículo", the "Cobrou a mais" tile, the amount typed, "Enviar".
 * Counts the rider's actions (taps, and typing the amount as one) and the pixels they scroll (only
 * when the next target is not fully on screen), and times it until the protocol is on screen. Runs
 * on its own server over a throwaway database, so no complaint lands in a real one.
 */
async function measureComplaintFlow(browser) {
	const dir = mkdtempSync(join(tmpdir(), 'garupa-bench-flow-'));
	const port = await freePort();
	const origin = `http://localhost:${port}`;
	const flowServer = spawn(process.execPath, ['build'], {
		env: {
			...env,
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: origin,
			DATABASE_URL: `file:${join(dir, 'flow.db')}`
		},
		stdio: 'ignore'
	});
	const stop = () => {
		if (flowServer.exitCode === null && flowServer.signalCode === null) flowServer.kill('SIGTERM');
		rmSync(dir, { recursive: true, force: true });
	};
	cleanups.add(stop);
	try {
		const deadline = Date.now() + 30_000;
		for (;;) {
			try {
				await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
				break;
			} catch {
				if (Date.now() > deadline) throw new Error('the flow server did not answer in 30 s');
				await sleep(250);
			}
		}
		const context = await browser.newContext({
			viewport: { width: 360, height: 740 },
			isMobile: true,
			hasTouch: true,
			deviceScaleFactor: 2,
			locale: 'pt-BR'
		});
		await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
		const page = await context.newPage();
		let actions = 0;
		let scrolled = 0;
		const tap = async (locator) => {
			const before = await page.evaluate(() => scrollY);
			const inView = await locator.evaluate((el) => {
				const r = el.getBoundingClientRect();
				return r.top >= 0 && r.bottom <= innerHeight;
			});
			if (!inView) await locator.evaluate((el) => el.scrollIntoView({ block: 'end' }));
			scrolled += Math.abs((await page.evaluate(() => scrollY)) - before);
			await locator.tap();
			actions++;
		};
		const started = performance.now();
		await page.goto(`${origin}/v/007`);
		await tap(page.getByRole('link', { name: 'Reclamar deste veículo' }));
		await page.waitForURL(/\/reclamar\?veiculo=007$/);
		await tap(page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }));
		await page.getByLabel('Quanto você pagou?').waitFor({ state: 'visible' });
		await page.keyboard.type('12,50');
		actions++;
		await tap(page.getByRole('button', { name: 'Enviar reclamação' }));
		const protocol = page.getByTestId('protocol');
		await protocol.waitFor({ state: 'visible' });
		const ms = Math.round(performance.now() - started);
		const text = (await protocol.textContent()) ?? '';
		if (!/^RM-\d{4}-\d{6}$/.test(text)) throw new Error(`no protocol on the receipt: ${text}`);
		await context.close();
		return { actions, scrolledPx: scrolled, ms };
	} finally {
		cleanups.delete(stop);
		stop();
	}
}

/** Finds `<tag … attribute…>` and the end of its matching `</tag>` (nesting-aware), as indices. */
function findElement(html, { tag, attribute }) {
	const open = new RegExp(`<${tag}\\b[^>]*?\\s${attribute}(?=[\\s=/>])`, 'i').exec(html);
	if (!open) return null;
	const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
	tags.lastIndex = open.index;
	let depth = 0;
	for (let t; (t = tags.exec(html));) {
		depth += t[1] ? -1 : 1;
		if (depth === 0) return { start: open.index, end: t.index + t[0].length };
	}
	return null;
}

/**
 * The SSR HTML, fetched uncompressed (adapter-node does not compress SSR responses) and gzipped
 * here at level 6, a typical reverse-proxy setting. With `spec.answer`: the gzip size of the
 * prefix that ends with the answer's closing tag.
 */
async function measureHtml(local, spec) {
	const res = await fetch(`${local}${spec.path}`, { headers: { 'accept-encoding': 'identity' } });
	if (!res.ok) throw new Error(`GET ${spec.path}: HTTP ${res.status}`);
	const text = await res.text();
	const html = Buffer.from(text);
	const result = {
		method: 'fetched uncompressed, gzip level 6 here',
		serverContentEncoding: res.headers.get('content-encoding'),
		rawBytes: html.length,
		gzipBytes: gzipSize(html, 6)
	};
	if (spec.answer) {
		const found = findElement(text, spec.answer);
		if (found) {
			const endByte = Buffer.byteLength(text.slice(0, found.end));
			const endsAt = gzipSize(html.subarray(0, endByte), 6);
			Object.assign(result, {
				answerEndRawByte: endByte,
				answerEndsAtGzipBytes: endsAt,
				answerInFirst14k: endsAt <= FIRST_ROUND_TRIPS_BYTES
			});
		} else {
			result.answerMissing = `no <${spec.answer.tag} ${spec.answer.attribute}> element found`;
			result.answerInFirst14k = false;
		}
	}
	return result;
}

/** Lighthouse (default = mobile config), `runs` times, each in a fresh Chromium. */
async function measureLighthouse(url, runs, extraFlags = []) {
	const { default: lighthouse } = await import('lighthouse');
	const chromeLauncher = await import('chrome-launcher');
	const results = [];
	for (let i = 1; i <= runs; i++) {
		const started = Date.now();
		const chrome = await chromeLauncher.launch({
			chromePath: CHROMIUM,
			chromeFlags: ['--headless=new', ...CHROME_FLAGS, ...extraFlags]
		});
		cleanups.add(chrome.kill); // chrome-launcher's kill is synchronous
		let lhr;
		try {
			const result = await lighthouse(url, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
				onlyCategories: CATEGORIES
			});
			lhr = result?.lhr;
		} finally {
			cleanups.delete(chrome.kill);
			chrome.kill();
		}
		if (!lhr) throw new Error('Lighthouse returned no result');
		const scores = Object.fromEntries(
			CATEGORIES.map((c) => [
				c,
				lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)
			])
		);
		log(
			`lighthouse ${url} run ${i}/${runs}: ${CATEGORIES.map((c) => `${c} ${scores[c] ?? '—'}`).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`
		);
		if (lhr.runtimeError)
			log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
		results.push({ scores, lhr });
	}
	const medians = Object.fromEntries(
		CATEGORIES.map((c) => {
			const values = results.map((r) => r.scores[c]).filter((v) => v !== null);
			return [c, values.length ? median(values) : null];
		})
	);
	// The "median-ish" run: closest to the median Performance score, then to the other medians.
	const distance = (r) =>
		CATEGORIES.reduce(
			(d, c, i) => d + Math.abs((r.scores[c] ?? 0) - (medians[c] ?? 0)) * (i ? 1 : 100),
			0
		);
	const chosen = results.reduce((best, r) => (distance(r) < distance(best) ? r : best));
	const { lhr } = chosen;
	return {
		runs: results.map((r) => r.scores),
		median: medians,
		medianRun: results.indexOf(chosen) + 1,
		lighthouseVersion: lhr.lighthouseVersion,
		benchmarkIndex: lhr.environment?.benchmarkIndex,
		metrics: Object.fromEntries(
			LH_METRICS.map(([id, short]) => [short, lhr.audits[id]?.displayValue ?? null])
		),
		failing: failingAudits(lhr),
		report: lhr,
		warnings: lhr.runWarnings ?? []
	};
}

/** Audits below a full score that count (binary, numeric or with metric savings), per category. */
function failingAudits(lhr) {
	const seen = new Set();
	const failing = [];
	for (const category of CATEGORIES) {
		for (const ref of lhr.categories[category]?.auditRefs ?? []) {
			const audit = lhr.audits[ref.id];
			if (!audit || seen.has(ref.id) || ref.group === 'hidden') continue;
			const mode = audit.scoreDisplayMode;
			const failed =
				mode === 'error' ||
				(['binary', 'numeric', 'metricSavings'].includes(mode) &&
					audit.score !== null &&
					audit.score < 1);
			if (!failed) continue;
			seen.add(ref.id);
			const items = detailItems(audit.details);
			failing.push({
				category,
				id: ref.id,
				score: audit.score,
				weight: ref.weight,
				title: audit.title,
				displayValue: audit.displayValue ?? null,
				error: audit.errorMessage ?? null,
				items: items.length,
				examples: items.slice(0, 3).map(describeItem).filter(Boolean)
			});
		}
	}
	return failing;
}

/** A one-line hint for an audit's detail row: the element, URL or phase, and why. */
function describeItem(item) {
	const node = [item.node, item.source].find((n) => n?.type === 'node');
	const sub = item.subItems?.items?.[0] ?? {};
	const what =
		node?.snippet ??
		[
			item.url,
			item.source?.url,
			item.sourceLocation?.url,
			sub.url,
			item.groupLabel,
			item.phase,
			item.label
		].find((v) => typeof v === 'string');
	const why = [item.reason, item.description, sub.reason, item.failureType, node?.nodeLabel].find(
		(v) => typeof v === 'string'
	);
	const amount = [item.duration, item.timing, item.wastedMs].find((v) => typeof v === 'number');
	const text = [what, why, amount === undefined ? null : `${Math.round(amount)} ms`]
		.filter(Boolean)
		.join(' — ');
	return text ? text.slice(0, 160) : null;
}

/** Detail rows of an audit; `list` details (e.g. the LCP element) nest tables. */
function detailItems(details) {
	if (details?.type === 'list') return (details.items ?? []).flatMap((d) => detailItems(d));
	return Array.isArray(details?.items) ? details.items : [];
}

// ─── Output ──────────────────────────────────────────────────────────────────────────────────────

function formatValue(metric, value) {
	if (value === undefined || value === null) return '—';
	if (typeof value === 'boolean') return value ? 'yes' : 'no';
	if (metric.unit === 'KiB') return `${value.toFixed(metric.digits ?? 1)} KiB`;
	if (metric.unit) return `${value} ${metric.unit}`;
	return String(value);
}

function verdict(metric, value, target) {
	if (target === undefined) return '';
	if (value === undefined || value === null) return '✗';
	const ok =
		metric.better === 'lower'
			? value <= target
			: metric.better === 'higher'
				? value >= target
				: value === target;
	return ok ? '✓' : '✗';
}

function formatTarget(metric, target) {
	if (target === undefined) return '';
	if (typeof target === 'boolean') return target ? 'yes' : 'no';
	const op =
		metric.better === 'lower'
			? '≤'
			: metric.better === 'higher'
				? target === 100
					? '='
					: '≥'
				: '=';
	return `${op} ${formatValue(metric, target)}`;
}

function printTable(title, rows) {
	const header = ['metric', 'value', 'target', ''];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
	const line = (cells) =>
		cells
			.map((c, i) => c.padEnd(widths[i]))
			.join('  ')
			.trimEnd();
	console.log(`\n${title}`);
	console.log(line(header));
	console.log(line(widths.map((w) => '─'.repeat(w))));
	for (const row of rows) console.log(line(row));
}

// ─── Main ────────────────────────────────────────────────────────────────────────────────────────

async function main() {
	await ensureBuild();
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
		chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS })
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

	// Tables and details.
	if (report.tiles)
		console.log(
			report.tiles.standInFor
				? `\nLighthouse with map tiles from a local stand-in for ${report.tiles.standInFor} (no internet here)`
				: '\nLighthouse without map tiles (no stand-in): /pontos measured as offline'
		);
	for (const spec of PAGES) {
		const page = report.pages[spec.path];
		const rows = METRICS.filter((m) => m.key in page.values || m.key in page.targets).map((m) =>
			page.skipped.includes(m.by)
				? [m.label, 'skipped', formatTarget(m, page.targets[m.key]), '']
				: [
						m.label,
						formatValue(m, page.values[m.key]),
						formatTarget(m, page.targets[m.key]),
						verdict(m, page.values[m.key], page.targets[m.key])
					]
		);
		const lh = page.lighthouse;
		printTable(`${spec.path}${lh ? `  (Lighthouse: median of ${lh.runs.length})` : ''}`, rows);
		if (page.js?.files.length) {
			const files = page.js.files.map(
				(f) => `${f.url.split('/').pop()} ${(f.gzip / 1024).toFixed(1)}`
			);
			console.log(`  JS and CSS files (KiB gzip): ${files.join(', ')}`);
		}
		if (page.js?.excludedServiceWorker.length) {
			console.log(`  excluded (service worker): ${page.js.excludedServiceWorker.length} script(s)`);
		}
		if (page.html?.answerMissing) console.log(`  ${page.html.answerMissing}`);
		if (lh) {
			console.log(
				`  runs: ${lh.runs.map((s) => CATEGORIES.map((c) => s[c] ?? '—').join('/')).join('  ')}  (perf/a11y/bp/seo)`
			);
			console.log(
				`  run ${lh.medianRun} metrics: ${Object.entries(lh.metrics)
					.map(([k, v]) => `${k} ${v ?? '—'}`)
					.join(', ')}`
			);
			if (lh.failing.length) {
				console.log(`  failing audits (run ${lh.medianRun}):`);
				for (const a of lh.failing) {
					const score = a.score === null ? 'error' : a.score.toFixed(2);
					const detail = [a.displayValue, a.error, a.items ? `${a.items} item(s)` : null]
						.filter(Boolean)
						.join('; ');
					console.log(
						`    [${a.category}] ${a.id} (${score}${a.weight ? `, weight ${a.weight}` : ''}) ${a.title}${detail ? ` — ${detail}` : ''}`
					);
					for (const example of a.examples) console.log(`        ${example}`);
				}
			} else {
				console.log('  failing audits: none');
			}
			for (const warning of lh.warnings) console.log(`  warning: ${warning}`);
		}
	}
	const flow = report.complaintFlow;
	if (flow) {
		printTable('Overcharge complaint from /v/007 at 360×740', [
			['actions (taps + typing)', String(flow.actions), '≤ 6', flow.actions <= 6 ? '✓' : '✗'],
			['scrolled', `${flow.scrolledPx} px`, '≤ 740 px', flow.scrolledPx <= 740 ? '✓' : '✗'],
			['duration, page load to protocol', `${flow.ms} ms`, '', '']
		]);
	}
	if (report.workerBill) for (const line of formatWorkerBill(report.workerBill)) console.log(line);

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
