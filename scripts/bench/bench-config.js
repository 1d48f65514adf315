/**
 * What `npm run bench` measures and against which targets: the pages, the in-process benches, the
 * rows of each table, and the environment's settings.
 */
import { FIRST_VISIT_BUDGETS } from './first-visit.js';

// ─── What to measure ─────────────────────────────────────────────────────────────────────────────

/**
 * One entry per page. To bench a new page, add an entry; to drop a target, leave it out.
 * - `answer`: the element holding the page's answer (its start tag has `attribute`); the bench
 *   checks that its closing tag arrives within the first 14 KiB of gzipped HTML. Optional.
 * - `lighthouse: false` skips Lighthouse for that page.
 * - `targets`: keys of METRICS below.
 */
export const budgetOf = (path) => FIRST_VISIT_BUDGETS.find((b) => b.path === path);
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
export const ONLY_PAGES = (process.env.BENCH_PAGES ?? '')
	.split(',')
	.map((p) => p.trim())
	.filter(Boolean);
export const PAGES = ONLY_PAGES.length
	? ALL_PAGES.filter((p) => ONLY_PAGES.includes(p.path))
	: ALL_PAGES;

/**
 * In-process benchmarks run with tsx; each prints one JSON line of figures. `targets` maps a
 * figure to its maximum.
 */
export const PROCESS_BENCHES = [
	{
		name: 'Registry lookup, synthetic 100,000 entries (p99 per lookup)',
		script: 'scripts/bench/bench-lookup.ts',
		targets: { p99us: 50 }
	},
	{
		name: 'POST /api/complaints at 20 connections: SQLite, PostgreSQL one instance, two instances (one run), vs a bare Node "hello" server',
		script: 'scripts/bench/bench-complaints.js',
		env: { BENCH_DB: 'all' },
		// Numbers are maximums; { min } is a minimum. PostgreSQL is how a city outgrows one machine:
		// one instance keeps most of SQLite's rate, a second instance adds (never subtracts), and no
		// counter makes the complaints queue (issue 35).
		targets: {
			sqliteP99Ms: 100,
			sqliteRatioPct: { min: 3 },
			postgresP99Ms: 150,
			postgres2P99Ms: 150,
			postgresPctOfSqlite: { min: 70 },
			postgres2PctOfPostgres: { min: 100 },
			postgresCounterLockWaitPct: 10,
			postgres2CounterLockWaitPct: 10,
			errors: 0
		}
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
		name: 'Three hostile 5 MB photos (RST markers) in one /reclamar post: /healthz and memory meanwhile',
		script: 'scripts/bench/bench-media.ts',
		// The photo checks run in the media worker: /healthz keeps answering within a second and
		// the server grows by less than 200 MB (issue 32; it took 10–48 s and 1.55 GB before).
		targets: { healthzMaxMs: 1000, rssIncreaseMiB: 200 }
	},
	{
		name: 'Signed card from a camera frame at 640×480 and 1920×1080: zxing decode + ES256 verify (median)',
		script: 'scripts/bench/bench-card.ts',
		// The scanner's frame interval is 250 ms: checking a card's signature must not be what a
		// rider waits for (issue 36). Decoding is reported, not budgeted: it is the same decoder as before.
		targets: { qrVersion: 9, verify640Ms: 50, verify1920Ms: 50 }
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
export const METRICS = [
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

export const FIRST_ROUND_TRIPS_BYTES = 14 * 1024;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse metrics printed next to the scores (median run). */
export const LH_METRICS = [
	['first-contentful-paint', 'FCP'],
	['largest-contentful-paint', 'LCP'],
	['total-blocking-time', 'TBT'],
	['cumulative-layout-shift', 'CLS'],
	['speed-index', 'SI']
];

export const RESULTS_FILE = 'bench-results/bench.json';

export const env = process.env;
export const SKIP_LIGHTHOUSE = env.BENCH_SKIP_LIGHTHOUSE === '1';
export const RUNS = Math.max(1, Number.parseInt(env.BENCH_RUNS ?? '3', 10) || 3);
export const FIRST_PORT = Number.parseInt(env.BENCH_PORT ?? '4310', 10) || 4310;
