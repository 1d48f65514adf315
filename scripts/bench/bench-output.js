/**
 * The bench's tables: each page's figures against its targets, Lighthouse's runs and failing
 * audits, the complaint flow and the worker's bill.
 */
import { CATEGORIES, METRICS, PAGES } from './bench-config.js';
import { formatWorkerBill } from './worker-bill.js';
import { formatFieldMode } from './field-bench.js';

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

export function printTable(title, rows) {
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

/** Prints every page's table and details, the complaint flow's and the worker's bill. */
export function printPages(report) {
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
	if (report.fieldMode) for (const line of formatFieldMode(report.fieldMode)) console.log(line);
}
