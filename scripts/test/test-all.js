#!/usr/bin/env node
/**
 * `npm test`: every check, in order, on SQLite and on PostgreSQL —
 *  1. lint, svelte-check, build;
 *  2. a throwaway PostgreSQL cluster (scripts/test/pg-cluster.js), or the one in PG_TEST_URL;
 *  3. unit and integration tests (vitest) in the host zone, with PG_TEST_URL so the PostgreSQL
 *     integration tests run (two instances on one database, backup/restore, SQLite → PostgreSQL);
 *  4. the time-sensitive unit tests (TZ_SPECS: the domain, and the server code that makes local
 *     dates) again under TZ=UTC and TZ=Asia/Tokyo, so a leak of the host's zone cannot hide;
 *  5. the whole end-to-end suite on SQLite, then again on PostgreSQL (a fresh database).
 * Without PostgreSQL binaries, a local run says plainly that the PostgreSQL round was skipped and
 * why; with CI=true (or REQUIRE_POSTGRES=1, as .ci/run sets) that is a failure. It goes on after a failure so one run shows everything,
 * prints each phase's time, and ends with the plain total line CI reads: `N passed, M failed`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { startCluster } from './pg-cluster.js';

// Playwright empties test-results/ when it starts: each report is read as soon as it is written.
const out = 'test-results/totals';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** The end-to-end specs of the PostgreSQL round (see 5. above), all in the `chromium` project. */
/**
 * The PostgreSQL end-to-end round runs the whole suite, like the SQLite one. E2E_PG_SPECS (spec
 * names, e.g. "complaints api") narrows it for a quick local run; CI never sets it.
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

function run(cmd, args, env = {}) {
	const started = Date.now();
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
	return { ok: r.status === 0, seconds: (Date.now() - started) / 1000 };
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
	timed(name, r.seconds);
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
check('lint (prettier + eslint)', 'npm', ['run', '--silent', 'lint']);
check('svelte-check', 'npm', ['run', '--silent', 'check']);
const built = check('build', 'npm', ['run', '--silent', 'build']);

// PostgreSQL: the one .ci/run (or the developer) started, else a throwaway cluster of our own.
/** @type {{ url: string, stop: () => void } | null} */
let cluster = null;
let pgUrl = process.env.PG_TEST_URL || null;
if (!pgUrl) {
	const started = Date.now();
	try {
		cluster = await startCluster();
		pgUrl = cluster.url;
		console.log(
			`\nPostgreSQL de teste em ${pgUrl} (${timed('PostgreSQL cluster', (Date.now() - started) / 1000)} s)`
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
			TZ_SPECS,
			{ TZ: tz }
		);

	if (built) {
		playwright('end-to-end tests (SQLite)', `${out}/playwright-sqlite.json`, [], {});
		// The other real profiles, each built apart (its own GARUPA_MUNICIPIO, .svelte-kit and
		// build folders) and served on its own port; only its smoke test (tests/<municipio>.e2e.ts)
		// runs against it (playwright.config.ts). Feira de Santana: a law with its own text in
		// another zone (America/Bahia).
		for (const [municipio, short, port] of [
			['porto-velho', 'pv', '4183'],
			['feira-de-santana', 'fs', '4184']
		]) {
			const profile = {
				GARUPA_MUNICIPIO: municipio,
				KIT_OUT_DIR: `.svelte-kit-${short}`,
				BUILD_DIR: `build-${short}`
			};
			if (
				check(`build (GARUPA_MUNICIPIO=${municipio})`, 'npm', ['run', '--silent', 'build'], profile)
			)
				playwright(
					`end-to-end smoke (GARUPA_MUNICIPIO=${municipio})`,
					`${out}/playwright-${municipio}.json`,
					[],
					{ ...profile, E2E_PORT: port }
				);
		}
		if (pgUrl) {
			const url = await pgDatabase(pgUrl, 'garupa_e2e');
			playwright(
				E2E_PG_SPECS.length
					? `end-to-end tests (PostgreSQL: ${E2E_PG_SPECS.length} specs, E2E_PG_SPECS)`
					: 'end-to-end tests (PostgreSQL)',
				`${out}/playwright-postgres.json`,
				// Only the named files (a project's dependencies would otherwise run the whole suite).
				E2E_PG_SPECS.length ? ['--project=chromium', ...E2E_PG_SPECS] : [],
				{ E2E_DATABASE_URL: url }
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
console.log(`  total: ${(times.reduce((a, t) => a + t.seconds, 0) / 60).toFixed(1)} min`);
console.log('\nSummary');
for (const s of suites) {
	console.log(
		`  ${s.failed ? '✘' : '✔'} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`
	);
}
for (const n of notes) console.log(`  ⚠ ${n}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed ? 1 : 0);
