/**
 * What the bench measures with a browser and a fetch: the scripted complaint from /v/007, and the
 * SSR HTML with where the answer ends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env, FIRST_ROUND_TRIPS_BYTES } from './bench-config.js';
import { cleanups, freePort, gzipSize, sleep } from './bench-server.js';

/**
 * The scripted overcharge complaint as a rider at 360×740 does it: from the QR
 * verdict /v/007, "Reclamar deste veículo", the "Cobrou a mais" tile, the amount typed, "Enviar".
 * Counts the rider's actions (taps, and typing the amount as one) and the pixels they scroll (only
 * when the next target is not fully on screen), and times it until the protocol is on screen. Runs
 * on its own server over a throwaway database, so no complaint lands in a real one.
 */
export async function measureComplaintFlow(browser) {
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
export async function measureHtml(local, spec) {
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
