/**
 * The database down, against the BUILT server (tests/integration/server-harness.ts) on PostgreSQL, reached
 * through a small TCP relay that this test cuts as a stopped PostgreSQL would (connections dropped,
 * new ones refused) and then restores:
 *  - a page the rider's phone kept is answered by the service worker from its copy, and says so
 *    (in Chromium, as the rider's phone runs it); a vehicle's page is checked against the registry
 *    kept on the phone;
 *  - a page not kept gets the server's "temporarily unavailable" page in the rider's language
 *    (pt-BR, es, en) with a 503 and Retry-After, never a stack or a word from the database;
 *  - once the database is back, pages are served fresh again.
 * Needs PG_TEST_URL (`npm test` sets it; CI always has PostgreSQL), else it is skipped.
 */
import { createServer, connect, type Server as TcpServer, type Socket } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../scripts/test/chromium.js';
import {
	createPgDatabase,
	ensureBuilt,
	freePort,
	pgAdminUrl,
	startServer,
	stopServer,
	type Server
} from './server-harness';
import { untilWorkerControls } from '../../scripts/bench/worker-bill.js';

/** A TCP relay to `target` on a port of its own; `down()` cuts it like a stopped server, `up()`. */
async function relay(target: URL) {
	const port = await freePort();
	const sockets = new Set<Socket>();
	let listener: TcpServer | null = null;
	const up = () =>
		new Promise<void>((resolve, reject) => {
			listener = createServer((client) => {
				const upstream = connect(Number(target.port || 5432), target.hostname);
				for (const [a, b] of [
					[client, upstream],
					[upstream, client]
				] as const) {
					sockets.add(a);
					a.pipe(b);
					a.on('error', () => b.destroy());
					a.on('close', () => {
						sockets.delete(a);
						b.destroy();
					});
				}
			});
			listener.once('error', reject);
			listener.listen(port, '127.0.0.1', () => resolve());
		});
	const down = () =>
		new Promise<void>((resolve) => {
			for (const socket of sockets) socket.destroy();
			if (!listener) return resolve();
			listener.close(() => resolve());
			listener = null;
		});
	await up();
	return { port, up, down };
}

const UNAVAILABLE = {
	'pt-BR': 'Serviço temporariamente indisponível',
	es: 'Servicio temporalmente no disponible',
	en: 'Service temporarily unavailable'
};

describe.skipIf(!pgAdminUrl)('the database down', { timeout: 180_000 }, () => {
	let database: Awaited<ReturnType<typeof createPgDatabase>>;
	let tcp: Awaited<ReturnType<typeof relay>>;
	let server: Server;
	let browser: Browser;

	beforeAll(async () => {
		ensureBuilt();
		database = await createPgDatabase(pgAdminUrl ?? '', 'garupa_down');
		const url = new URL(database.url);
		tcp = await relay(new URL(database.url));
		url.hostname = '127.0.0.1';
		url.port = String(tcp.port);
		server = await startServer(url.toString());
		browser = await chromium.launch({
			executablePath: chromiumPath,
			args: chromiumArgs
		});
	}, 300_000);

	afterAll(async () => {
		await browser?.close();
		if (server) await stopServer(server);
		await tcp?.up().catch(() => undefined);
		await tcp?.down();
		await database?.drop();
	});

	test('a page the phone kept is served by the worker and says it is the kept copy; a page never kept gets the 503 page', async () => {
		const context = await browser.newContext({ locale: 'pt-BR' });
		const page = await context.newPage();
		try {
			await page.goto(`${server.url}/`);
			await untilWorkerControls(page);
			await page.evaluate(async () => {
				for (let i = 0; i < 100; i++) {
					if ((await caches.match('/tarifa')) && (await caches.match('/api/registry'))) return;
					await new Promise((r) => setTimeout(r, 100));
				}
				throw new Error('/tarifa or the registry not kept');
			});
			await tcp.down();
			// The server itself answers 503 now (once the rules it keeps in memory for a moment need
			// the database again): what the worker is up against.
			let status = 0;
			for (let i = 0; i < 60 && status !== 503; i++) {
				status = (await fetch(`${server.url}/tarifa`)).status;
				if (status !== 503) await new Promise((r) => setTimeout(r, 250));
			}
			expect(status).toBe(503);

			const kept = await page.goto(`${server.url}/tarifa`);
			expect(kept?.status()).toBe(200);
			await page.getByRole('heading', { level: 1, name: 'Planejar uma corrida' }).waitFor();
			await page
				.locator('.offline-banner', {
					hasText: 'O serviço está fora do ar agora: mostrando dados guardados no aparelho.'
				})
				.waitFor();

			// A vehicle's page never opened (the QR code's address): checked, in place, against the
			// registry kept on the phone.
			await page.goto(`${server.url}/v/007`);
			await page.getByRole('heading', { level: 2, name: 'Regular' }).waitFor();
			expect(new URL(page.url()).pathname).toBe('/v/007');
			await page.locator('.offline-banner', { hasText: 'O serviço está fora do ar' }).waitFor();

			const never = await page.goto(`${server.url}/reclamar`);
			expect(never?.status()).toBe(503);
			expect(await page.locator('h1').textContent()).toBe(UNAVAILABLE['pt-BR']);
			const text = (await page.locator('body').textContent()) ?? '';
			expect(text).toContain('Não é a sua conexão');
			expect(text).not.toMatch(/ECONNREFUSED|postgres|stack|Erro interno/i);
		} finally {
			await tcp.up();
			await context.close();
		}
	});

	test('every rider page answers 503 "temporarily unavailable" in its language, never a stack; fresh again once the database is back', async () => {
		await tcp.down();
		try {
			for (const [lang, prefix] of [
				['pt-BR', ''],
				['es', '/es'],
				['en', '/en']
			] as const)
				for (const path of ['/', '/tarifa', '/verificar/007', '/pontos', '/reclamar']) {
					const url = `${server.url}${prefix}${path}`;
					const res = await fetch(url, { headers: { accept: 'text/html' } });
					const html = await res.text();
					expect(res.status, url).toBe(503);
					expect(res.headers.get('retry-after'), url).toBe('30');
					expect(html, url).toContain(`<html lang="${lang}"`);
					expect(html, url).toContain(UNAVAILABLE[lang]);
					expect(html, url).not.toMatch(/ECONNREFUSED|Connection terminated|postgres|\bat \S+:\d+/);
				}
		} finally {
			await tcp.up();
		}
		// Back: the pool reconnects on its own; the rules cache re-reads within a second.
		await expect
			.poll(async () => (await fetch(`${server.url}/tarifa`)).status, { timeout: 15_000 })
			.toBe(200);
	});
});
