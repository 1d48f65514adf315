import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import {
	budgetedBytes,
	FIRST_VISIT_BUDGETS,
	measureFirstVisit
} from '../scripts/bench/first-visit.js';

/**
 * What a rider's phone downloads on a first visit stays within its budget.
 * Sizes are deterministic for a build, so this gates (timings stay in `npm run bench`). The
 * measurement is the bench's own (scripts/bench/first-visit.js): a fresh context, the page loaded until
 * the network is idle, gzip -9 of every script (and stylesheet, for /pontos) it fetched.
 */
test.describe('first-visit budgets', () => {
	for (const { path, kind, budgetKiB } of FIRST_VISIT_BUDGETS) {
		test(`${path}: ${kind.toUpperCase()} on a first visit ≤ ${budgetKiB} KiB gzip`, async ({
			browser,
			baseURL
		}) => {
			const visit = await measureFirstVisit(browser, `${baseURL}${path}`);
			const bytes = budgetedBytes(visit, kind);
			const listing = visit.files
				.filter((f) => f.type !== 'document')
				.map((f) => `${f.url} ${(f.gzip / 1024).toFixed(1)}`)
				.join(', ');
			expect(visit.html.raw, 'the page itself was fetched').toBeGreaterThan(0);
			expect(visit.failed, 'every file the page asked for was served').toEqual([]);
			expect(
				bytes / 1024,
				`${path}: ${(bytes / 1024).toFixed(1)} KiB gzip (${listing})`
			).toBeLessThanOrEqual(budgetKiB);
		});
	}

	test('a rider page’s scripts carry no line for developer tools (Svelte’s version on `window`)', async ({
		browser,
		baseURL,
		request
	}) => {
		const visit = await measureFirstVisit(browser, `${baseURL}/verificar`);
		const scripts = visit.files.filter((f) => f.type === 'script');
		expect(scripts.length).toBeGreaterThan(1);
		for (const { url } of scripts) {
			const source = await (await request.get(url)).text();
			expect(source, url).not.toMatch(/__svelte\W+\)\.v\b/);
		}
	});

	test('/: the answer ends within the first 14 KiB of gzipped HTML', async ({ request }) => {
		const html = await (
			await request.get('/', { headers: { 'accept-encoding': 'identity' } })
		).text();
		const start = html.search(/<section\b[^>]*\sdata-bandeira=/);
		expect(start, 'the answer is in the HTML').toBeGreaterThan(0);
		const end = html.indexOf('</section>', start) + '</section>'.length;
		const prefix = Buffer.from(html.slice(0, end));
		expect(gzipSync(prefix, { level: 6 }).length).toBeLessThanOrEqual(14 * 1024);
	});
});
