#!/usr/bin/env node
/**
 * The main thread's work of a rider page's script, measured in Chromium with the CPU slowed 4×
 * (as Lighthouse's mobile run does): `node scripts/bench/hydration-bench.js [/tarifa …]`, against a build
 * served here (BUILD_DIR, default `build`; HYDRATION_PORT, default 4481). Per page, the median of
 * HYDRATION_RUNS fresh loads (default 5) of:
 *   - script: CDP's ScriptDuration once the page has settled (the islands' script, its hydration,
 *     and the page's other scripts; the service worker is blocked, so its install is not counted);
 *   - blocking: the sum over long tasks of their time beyond 50 ms (what Lighthouse calls TBT,
 *     without its window), from a buffered `longtask` observer;
 *   - longest: the longest task.
 * and, once, the first visit's JS in KiB gzip -9 (scripts/bench/first-visit.js, as tests/first-visit-download.e2e.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../test/chromium.js';
import { budgetedBytes, measureFirstVisit } from './first-visit.js';

const port = Number(process.env.HYDRATION_PORT ?? 4481);
const runs = Math.max(1, Number(process.env.HYDRATION_RUNS ?? 5) || 5);
const pages = process.argv.slice(2).length
	? process.argv.slice(2)
	: ['/', '/tarifa', '/verificar', '/lei', '/v/007'];
const origin = `http://localhost:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'hydration-'));

const server = spawn(process.execPath, [process.env.BUILD_DIR ?? 'build'], {
	env: {
		...process.env,
		PORT: String(port),
		HOST: '127.0.0.1',
		ORIGIN: origin,
		DATABASE_URL: `file:${join(dir, 'bench.db')}`
	},
	stdio: ['ignore', 'ignore', 'inherit']
});

async function until() {
	for (let i = 0; i < 200; i++) {
		try {
			if ((await fetch(`${origin}/healthz`)).ok) return;
		} catch {
			// not yet listening
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error('the server did not start');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
	await until();
	const browser = await chromium.launch({
		executablePath: chromiumPath,
		args: ['--no-sandbox', '--disable-gpu']
	});
	for (const path of pages) {
		const figures = [];
		for (let i = 0; i < runs; i++) {
			const context = await browser.newContext({
				serviceWorkers: 'block',
				viewport: { width: 360, height: 740 },
				locale: 'pt-BR'
			});
			const page = await context.newPage();
			await page.addInitScript(() => {
				const w = /** @type {any} */ (window);
				w.__long = [];
				new PerformanceObserver((list) => {
					for (const e of list.getEntries()) w.__long.push(e.duration);
				}).observe({ type: 'longtask', buffered: true });
			});
			const cdp = await context.newCDPSession(page);
			await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
			await cdp.send('Performance.enable');
			await page.goto(`${origin}${path}`, { waitUntil: 'load' });
			await page.waitForLoadState('networkidle');
			const hydrated = await page
				.waitForFunction(() => performance.getEntriesByName('garupa:hydrate')[0]?.duration, null, {
					timeout: 10_000
				})
				.then((h) => h.jsonValue())
				.catch(() => NaN);
			await page.waitForTimeout(1000);
			const { metrics } = await cdp.send('Performance.getMetrics');
			const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
			const long = await page.evaluate(() => /** @type {any} */ (window).__long);
			figures.push({
				hydrate: Number(hydrated),
				script: metric('ScriptDuration'),
				task: metric('TaskDuration'),
				blocking: long.reduce((s, d) => s + Math.max(0, d - 50), 0),
				longest: Math.max(0, ...long)
			});
			await context.close();
		}
		const pick = (k) => median(figures.map((f) => f[k])).toFixed(0);
		const js = budgetedBytes(await measureFirstVisit(browser, `${origin}${path}`), 'js') / 1024;
		console.log(
			`${path}\thydrate ${pick('hydrate')} ms\tscript ${pick('script')} ms\ttask ${pick('task')} ms\tblocking ${pick('blocking')} ms\tlongest ${pick('longest')} ms\tJS ${js.toFixed(1)} KiB`
		);
	}
	await browser.close();
} finally {
	server.kill();
	rmSync(dir, { recursive: true, force: true });
}
