#!/usr/bin/env node
/**
 * `npm test`: every check, in order, on SQLite and on PostgreSQL —
 *  1. svelte-check; then, side by side, lint and the builds (this profile's and the other real
 *     profiles', each in its own folders) while a throwaway PostgreSQL cluster starts
 *     (scripts/test/pg-cluster.js), or the one in PG_TEST_URL is used;
 *  2. unit and integration tests (vitest) in the host zone, with PG_TEST_URL so the PostgreSQL
 *     integration tests run (two instances on one database, backup/restore, SQLite → PostgreSQL);
 *     the unit specs on both cores, then the integration specs one file at a time (vite.config.ts);
 *  3. the time-sensitive unit tests (TZ_SPECS: the domain, and the server code that makes local
 *     dates) again under TZ=UTC and TZ=Asia/Tokyo, so a leak of the host's zone cannot hide;
 *  4. the whole end-to-end suite on SQLite; the other profiles' smoke tests; then on PostgreSQL
 *     (a fresh database) every end-to-end spec that touches the database (playwright.config.ts,
 *     BROWSER_ONLY, names the few that only check what the browser draws, downloads and keeps).
 * Without PostgreSQL binaries, a local run says plainly that the PostgreSQL round was skipped and
 * why; with CI=true (or REQUIRE_POSTGRES=1, as .ci/run sets) that is a failure. It goes on after a failure so one run shows everything,
 * prints each phase's time, and ends with the plain total line CI reads: `N passed, M failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { startCluster } from './pg-cluster.js';

// Playwright empties test-results/ when it starts: each report is read as soon as it is written.
const out = 'test-results/totals';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/**
 * The PostgreSQL end-to-end round runs every spec that touches the database (E2E_DATABASE_ROUND,
 * see playwright.config.ts), each at one screen size and without its bare axe scans (tests/helpers.ts
 * `screens`). E2E_PG_SPECS (spec names, e.g. "complaints api") narrows it for a
 * quick local run; CI never sets it.
 */
const E2E_PG_SPECS = (process.env.E2E_PG_SPECS ?? '')
	.split(/[\s,]+/)
	.filter(Boolean)
	.map((name) => `tests/${name}.e2e.ts`);

/**
 * What the TZ=UTC and TZ=Asia/Tokyo rounds run: the pure rules, and the server code that turns an
 * instant into a local date (protocol years, deadlines, overdue, retention, decrees, Open311
 * dates, the registry's dates). Not the sign-in, stands or import specs: instants only, and slow.
 */
const TZ_SPECS = [
	'src/lib/domain/',
	'src/lib/offline/',
	'src/lib/server/complaints/intake.spec.ts',
	'src/lib/server/complaints/lgpd.spec.ts',
	'src/lib/server/complaints/autos.spec.ts',
	'src/lib/server/complaints/triage.spec.ts',
	'src/lib/server/rules/rules-store.spec.ts',
	'src/lib/server/complaints/open311.spec.ts',
	'src/lib/server/registry/registry.spec.ts',
	'src/lib/server/registry/registry-admin.spec.ts',
	'src/lib/server/app/startup.spec.ts',
	'src/lib/components/reasons.spec.ts'
];

/** @type {{ name: string, passed: number, failed: number, skipped: number }[]} */
const suites = [];
/** @type {{ name: string, seconds: number }[]} */
const times = [];
/** @type {string[]} */
const notes = [];

const began = Date.now();

function run(cmd, args, env = {}) {
	const started = Date.now();
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
	return { ok: r.status === 0, seconds: (Date.now() - started) / 1000 };
}

/** `run`, its output kept and handed back when it ends (for commands that run side by side). */
function runKept(cmd, args, env = {}) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(cmd, args, {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, ...env }
		});
		/** @type {Buffer[]} */
		const output = [];
		child.stdout.on('data', (chunk) => output.push(chunk));
		child.stderr.on('data', (chunk) => output.push(chunk));
		child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
		child.on('close', (code) =>
			resolve({
				ok: code === 0,
				seconds: (Date.now() - started) / 1000,
				output: Buffer.concat(output).toString()
			})
		);
	});
}

/**
 * Checks that share nothing, started at once (the cores are not idle while one of them waits);
 * each one's output is printed whole when it ends, then its result. `whileRunning` runs in the
 * meantime. Whether each passed, in order.
 * @param {[string, string, string[], Record<string, string>?][]} list name, command, arguments, env
 * @param {() => Promise<void>} [whileRunning]
 */
async function checksSideBySide(list, whileRunning = async () => {}) {
	console.log(`\n▶ side by side: ${list.map(([name]) => name).join(' | ')}`);
	const done = list.map(([name, cmd, args, env]) =>
		runKept(cmd, args, env).then((r) => {
			if (r.output.trim()) console.log(`\n── ${name}\n${r.output.trimEnd()}`);
			suites.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0 });
			console.log(`${r.ok ? '✔' : '✘'} ${name} (${timed(`${name} (side by side)`, r.seconds)} s)`);
			return r.ok;
		})
	);
	await whileRunning();
	return Promise.all(done);
}

function timed(name, seconds) {
	times.push({ name, seconds });
	return seconds.toFixed(1);
}

function check(name, cmd, args, env = {}) {
	console.log(`\n▶ ${name}`);
	const r = run(cmd, args, env);
	suites.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0 });
	console.log(`${r.ok ? '✔' : '✘'} ${name} (${timed(name, r.seconds)} s)`);
	return r.ok;
}

function vitest(name, file, files, env) {
	console.log(`\n▶ ${name}`);
	const r = run(
		'npx',
		[
			'vitest',
			'run',
			'--reporter=default',
			'--reporter=json',
			`--outputFile.json=${file}`,
			...files
		],
		env
	);
	timed(name, r.seconds);
	try {
		const j = JSON.parse(readFileSync(file, 'utf8'));
		const failed = j.numFailedTests + (r.ok || j.numFailedTests ? 0 : 1);
		suites.push({
			name,
			passed: j.numPassedTests,
			failed,
			skipped: j.numPendingTests + j.numTodoTests
		});
	} catch {
		suites.push({ name, passed: 0, failed: 1, skipped: 0 });
	}
}

function playwright(name, file, args, env) {
	console.log(`\n▶ ${name}`);
	const r = run('npx', ['playwright', 'test', '--reporter=list,json', ...args], {
		PLAYWRIGHT_JSON_OUTPUT_NAME: file,
		...env
	});
	playwrightCounted(name, file, r);
}

/**
 * `playwright`, side by side with others: its output shown when it ends, its own output folder
 * (Playwright empties its output folder when it starts; test-results/ holds the other reports).
 */
async function playwrightKept(name, file, args, env, outputDir) {
	const r = await runKept(
		'npx',
		['playwright', 'test', '--reporter=list,json', `--output=${outputDir}`, ...args],
		{ PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...env }
	);
	console.log(`\n── ${name}\n${r.output.trimEnd()}`);
	playwrightCounted(name, file, r, ' (side by side)');
}

function playwrightCounted(name, file, r, how = '') {
	console.log(`${r.ok ? '✔' : '✘'} ${name} (${timed(`${name}${how}`, r.seconds)} s)`);
	try {
		const s = JSON.parse(readFileSync(file, 'utf8')).stats;
		// A flaky test passed on retry: count it as passed, but it is listed in the output above.
		const failed = s.unexpected + (r.ok || s.unexpected ? 0 : 1);
		suites.push({ name, passed: s.expected + s.flaky, failed, skipped: s.skipped });
	} catch {
		suites.push({ name, passed: 0, failed: 1, skipped: 0 });
	}
}

/** A new, empty database in the cluster for one round; its URL. */
async function pgDatabase(adminUrl, name) {
	const c = new pg.Client({ connectionString: adminUrl });
	await c.connect();
	await c.query(`drop database if exists ${name} with (force)`);
	await c.query(`create database ${name}`);
	await c.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return url.toString();
}

/** CI (and .ci/run) never skip the PostgreSQL round. */
const ci =
	process.env.CI === 'true' || process.env.CI === '1' || process.env.REQUIRE_POSTGRES === '1';
// svelte-check first: it compiles the messages afresh (emptying src/lib/paraglide) and syncs
// .svelte-kit, which the others read. Then lint and the builds side by side: they only read the
// sources (a build writes its own folders, and the messages only when they change). The other
// real profiles are each built apart (their own GARUPA_MUNICIPIO, .svelte-kit and build folders);
// only their smoke tests (tests/<municipio>.e2e.ts) run against them (playwright.config.ts).
// Vite refuses a second build of one project while another runs (its command lock); these builds
// share no output folder, so each passes `--bypass-lock`.
// Feira de Santana: a law with its own text in another zone (America/Bahia).
const PROFILES = [
	['porto-velho', 'pv', '4183'],
	['feira-de-santana', 'fs', '4184']
].map(([municipio, short, port]) => ({
	municipio,
	port,
	env: {
		GARUPA_MUNICIPIO: municipio,
		KIT_OUT_DIR: `.svelte-kit-${short}`,
		BUILD_DIR: `build-${short}`
	}
}));
check('svelte-check', 'npm', ['run', '--silent', 'check']);

// PostgreSQL: the one .ci/run (or the developer) started, else a throwaway cluster of our own,
// started while the builds run.
/** @type {{ url: string, stop: () => void } | null} */
let cluster = null;
let pgUrl = process.env.PG_TEST_URL || null;
const [, built, ...profilesBuilt] = await checksSideBySide(
	[
		['lint (prettier + eslint)', 'npm', ['run', '--silent', 'lint']],
		['build', 'npm', ['run', '--silent', 'build', '--', '--bypass-lock']],
		...PROFILES.map(
			({ municipio, env }) =>
				/** @type {[string, string, string[], Record<string, string>]} */ ([
					`build (GARUPA_MUNICIPIO=${municipio})`,
					'npm',
					['run', '--silent', 'build', '--', '--bypass-lock'],
					env
				])
		)
	],
	async () => {
		if (pgUrl) return;
		const started = Date.now();
		try {
			cluster = await startCluster();
			pgUrl = cluster.url;
			console.log(
				`\nPostgreSQL de teste em ${pgUrl} (${timed('PostgreSQL cluster (side by side)', (Date.now() - started) / 1000)} s)`
			);
		} catch (error) {
			const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
			if (ci) {
				suites.push({
					name: `PostgreSQL (CI never skips it): ${why}`,
					passed: 0,
					failed: 1,
					skipped: 0
				});
			} else {
				notes.push(`PostgreSQL round SKIPPED: ${why}. SQLite only; CI runs both.`);
				console.log(`\n⚠ ${notes.at(-1)}`);
			}
		}
	}
);
const stop = () => cluster?.stop();
for (const signal of ['SIGINT', 'SIGTERM'])
	process.on(signal, () => {
		stop();
		process.exit(130);
	});

try {
	const pgEnv = pgUrl ? { PG_TEST_URL: pgUrl } : { PG_TEST_URL: '' };
	vitest(
		`unit + integration tests${pgUrl ? ' (SQLite and PostgreSQL)' : ' (SQLite only)'}`,
		`${out}/vitest-host.json`,
		[],
		pgEnv
	);
	for (const tz of ['UTC', 'Asia/Tokyo'])
		vitest(
			`time-sensitive unit tests (TZ=${tz})`,
			`${out}/vitest-${tz.replace('/', '-')}.json`,
			['--project=unit', ...TZ_SPECS],
			{ TZ: tz }
		);

	if (built) {
		playwright('end-to-end tests (SQLite)', `${out}/playwright-sqlite.json`, [], {});
		// The other profiles' smoke tests side by side: a few tests each, on their own ports.
		await Promise.all(
			PROFILES.map(({ municipio, port, env }, i) =>
				profilesBuilt[i]
					? playwrightKept(
							`end-to-end smoke (GARUPA_MUNICIPIO=${municipio})`,
							`${out}/playwright-${municipio}.json`,
							[],
							{ ...env, E2E_PORT: port },
							`test-results/${municipio}`
						)
					: Promise.resolve()
			)
		);
		if (pgUrl) {
			const url = await pgDatabase(pgUrl, 'garupa_e2e');
			playwright(
				E2E_PG_SPECS.length
					? `end-to-end tests (PostgreSQL: ${E2E_PG_SPECS.length} specs, E2E_PG_SPECS)`
					: 'end-to-end tests (PostgreSQL: the specs that touch the database)',
				`${out}/playwright-postgres.json`,
				// Only the named files (a project's dependencies would otherwise run the whole suite).
				E2E_PG_SPECS.length ? ['--project=chromium', ...E2E_PG_SPECS] : [],
				{ E2E_DATABASE_URL: url, E2E_DATABASE_ROUND: '1' }
			);
		}
	} else
		suites.push({
			name: 'end-to-end tests (not run: build failed)',
			passed: 0,
			failed: 1,
			skipped: 0
		});
} finally {
	stop();
}

const total = suites.reduce(
	(t, s) => ({
		passed: t.passed + s.passed,
		failed: t.failed + s.failed,
		skipped: t.skipped + s.skipped
	}),
	{ passed: 0, failed: 0, skipped: 0 }
);
console.log('\nTimes');
for (const t of times) console.log(`  ${t.name}: ${t.seconds.toFixed(1)} s`);
// Phases side by side overlap: the total is the clock's, from start to end.
console.log(`  total: ${((Date.now() - began) / 60_000).toFixed(1)} min`);
console.log('\nSummary');
for (const s of suites) {
	console.log(
		`  ${s.failed ? '✘' : '✔'} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`
	);
}
for (const n of notes) console.log(`  ⚠ ${n}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed ? 1 : 0);
