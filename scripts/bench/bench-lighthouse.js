/**
 * Lighthouse (mobile) on one page, several runs in fresh Chromiums: the median scores, the median
 * run's metrics and its failing audits.
 */
import { chromiumArgs, chromiumPath } from '../test/chromium.js';
import { CATEGORIES, LH_METRICS } from './bench-config.js';
import { cleanups, log, median } from './bench-server.js';

/** Lighthouse (default = mobile config), `runs` times, each in a fresh Chromium. */
export async function measureLighthouse(url, runs, extraFlags = []) {
	const { default: lighthouse } = await import('lighthouse');
	const chromeLauncher = await import('chrome-launcher');
	const results = [];
	for (let i = 1; i <= runs; i++) {
		const started = Date.now();
		const chrome = await chromeLauncher.launch({
			chromePath: chromiumPath,
			chromeFlags: ['--headless=new', ...chromiumArgs, ...extraFlags]
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
