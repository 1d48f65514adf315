#!/usr/bin/env node
/**
 * `npm test`: every check, in order — lint, svelte-check, unit tests (in the host zone, then under
 * TZ=UTC and TZ=Asia/Tokyo, so a leak of the host's zone cannot hide), build, end-to-end tests.
 * It goes on after a failure so one run shows everything, and ends with the plain total line
 * that CI reads: `N passed, M failed`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = 'test-results/totals';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** @type {{ name: string, passed: number, failed: number, skipped: number }[]} */
const suites = [];

function run(cmd, args, env = {}) {
	const started = Date.now();
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
	return { ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, cmd, args) {
	console.log(`\n▶ ${name}`);
	const r = run(cmd, args);
	suites.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0 });
	console.log(`${r.ok ? '✔' : '✘'} ${name} (${r.seconds} s)`);
	return r.ok;
}

function vitest(tz) {
	const name = `unit tests${tz ? ` (TZ=${tz})` : ''}`;
	const file = `${out}/vitest-${tz ? tz.replace('/', '-') : 'host'}.json`;
	console.log(`\n▶ ${name}`);
	const r = run(
		'npx',
		['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
		tz ? { TZ: tz } : {}
	);
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

function playwright() {
	const name = 'end-to-end tests';
	const file = `${out}/playwright.json`;
	console.log(`\n▶ ${name}`);
	const r = run('npx', ['playwright', 'test', '--reporter=list,json'], {
		PLAYWRIGHT_JSON_OUTPUT_NAME: file
	});
	try {
		const s = JSON.parse(readFileSync(file, 'utf8')).stats;
		// A flaky test passed on retry: count it as passed, but it is listed in the output above.
		const failed = s.unexpected + (r.ok || s.unexpected ? 0 : 1);
		suites.push({ name, passed: s.expected + s.flaky, failed, skipped: s.skipped });
	} catch {
		suites.push({ name, passed: 0, failed: 1, skipped: 0 });
	}
}

check('lint (prettier + eslint)', 'npm', ['run', '--silent', 'lint']);
check('svelte-check', 'npm', ['run', '--silent', 'check']);
vitest('');
vitest('UTC');
vitest('Asia/Tokyo');
if (check('build', 'npm', ['run', '--silent', 'build'])) playwright();
else
	suites.push({
		name: 'end-to-end tests (not run: build failed)',
		passed: 0,
		failed: 1,
		skipped: 0
	});

const total = suites.reduce(
	(t, s) => ({
		passed: t.passed + s.passed,
		failed: t.failed + s.failed,
		skipped: t.skipped + s.skipped
	}),
	{ passed: 0, failed: 0, skipped: 0 }
);
console.log('\nSummary');
for (const s of suites) {
	console.log(
		`  ${s.failed ? '✘' : '✔'} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`
	);
}
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed ? 1 : 0);
