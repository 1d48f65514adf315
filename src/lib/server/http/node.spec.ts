/**
 * The HTTP layer under SvelteKit (./node.ts), on a real Node server that reads bodies the way
 * adapter-node does (`getRequest` of @sveltejs/kit/node: a stream paused when nobody reads) and
 * answers without reading them, as a CSRF 403, a 429 or a 413 do.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { getRequest, setResponse } from '@sveltejs/kit/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBytes } from './body';
import { NOT_A_PAGE_CSP, PERMISSIONS_POLICY } from './headers';
import { bodyPlan, DRAIN_BYTES, installNodeLayer } from './node';

describe('bodyPlan: what becomes of a body still unread when the answer starts', () => {
	const req = (complete: boolean, headers: Record<string, string>) => ({ complete, headers });
	it.each([
		['read to its end', req(true, { 'content-length': '5000000' }), 'none'],
		['no body', req(false, {}), 'none'],
		['an empty body', req(false, { 'content-length': '0' }), 'none'],
		['a small body: drained', req(false, { 'content-length': '300000' }), 'drain'],
		['exactly DRAIN_BYTES', req(false, { 'content-length': String(DRAIN_BYTES) }), 'drain'],
		['a large body: closed', req(false, { 'content-length': String(DRAIN_BYTES + 1) }), 'close'],
		['chunked, length unknown', req(false, { 'transfer-encoding': 'chunked' }), 'close'],
		['a length that is no number', req(false, { 'content-length': 'x' }), 'close']
	] as const)('%s → %s', (_, r, plan) => expect(bodyPlan(r)).toBe(plan));
});

let server: Server;
let port: number;

beforeAll(async () => {
	installNodeLayer();
	server = createServer((req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://x');
			if (url.pathname === '/static.js' || url.pathname === '/manifest.webmanifest') {
				// As sirv answers: headers given to writeHead.
				const type = url.pathname.endsWith('.js') ? 'text/javascript' : 'application/manifest+json';
				res.writeHead(200, { 'Content-Type': type, 'Content-Length': 2 });
				res.end('{}');
				return;
			}
			if (url.pathname === '/kept') {
				// A page the browser kept, still fresh: SvelteKit answers 304 with no type.
				res.writeHead(304, { ETag: '"1"' });
				res.end();
				return;
			}
			const request = await getRequest({
				request: req,
				base: 'http://x',
				bodySizeLimit: 16 * 1024 * 1024
			});
			let response: Response;
			if (url.pathname === '/refuse') response = new Response('recusado', { status: 403 });
			else if (url.pathname === '/limit') {
				const body = await readBytes(request, 64 * 1024);
				response = new Response(body.ok ? 'ok' : 'grande', { status: body.ok ? 200 : body.status });
			} else response = new Response('ok', { headers: { 'content-type': 'text/plain' } });
			await setResponse(res, response);
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `first` on a new connection, then a GET on the same one; the two status lines. */
function twoOnOneConnection(first: string): Promise<string[]> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		let text = '';
		const answers = () => [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1] ?? '');
		const timer = setTimeout(() => done('timeout'), 8000);
		const done = (end: string) => {
			clearTimeout(timer);
			socket.destroy();
			resolve([...answers(), end]);
		};
		socket.on('data', (chunk) => {
			text += chunk.toString('latin1');
			if (answers().length === 2) done('ok');
		});
		socket.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? 'error'));
		socket.on('close', () => done('closed'));
		socket.write(first);
		socket.write(`GET /seguinte HTTP/1.1\r\nhost: x\r\n\r\n`);
	});
}

const post = (path: string, size: number) =>
	`POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n` +
	`content-length: ${size}\r\n\r\n${'x'.repeat(size)}`;

describe('an early answer leaves the keep-alive connection usable', { timeout: 20_000 }, () => {
	it.each([1_000, 200_000, 900_000])(
		'a %i-byte body refused unread: the next request is answered',
		async (size) =>
			expect(await twoOnOneConnection(post('/refuse', size))).toEqual(['403', '200', 'ok'])
	);
	it('a body refused half-read (413 past the route limit): the next request is answered', async () =>
		expect(await twoOnOneConnection(post('/limit', 300_000))).toEqual(['413', '200', 'ok']));
	it('a body over DRAIN_BYTES: the answer says Connection: close and the socket closes cleanly', async () => {
		// The second request is not answered on it: the client sends it again on a new one.
		expect(await twoOnOneConnection(post('/limit', 2_000_000))).toEqual(['413', 'closed']);
	});
	it('a body declared past the body size limit (never read at all): a clean close too', async () =>
		expect(await twoOnOneConnection(post('/refuse', 17_000_000))).toEqual(['403', 'closed']));
});

describe('an oversized body always gets its answer, never a reset', { timeout: 60_000 }, () => {
	for (const size of [1_050_000, 2_000_000, 10_000_000, 20_000_000])
		it(`${size} bytes: 413, then the next request on a new connection`, async () => {
			for (let i = 0; i < 3; i++) {
				const response = await fetch(`http://127.0.0.1:${port}/limit`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: 'x'.repeat(size)
				});
				expect(response.status).toBe(413);
				expect(response.headers.get('connection')).toBe('close');
				await response.text();
				expect((await fetch(`http://127.0.0.1:${port}/seguinte`)).status).toBe(200);
			}
		});

	it('a chunked body (no length) past the limit: 413', async () => {
		const chunk = new Uint8Array(64 * 1024).fill(120);
		let sent = 0;
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (sent++ < 40) controller.enqueue(chunk);
				else controller.close();
			}
		});
		const response = await fetch(`http://127.0.0.1:${port}/limit`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
			duplex: 'half'
		} as RequestInit);
		expect(response.status).toBe(413);
		await response.text();
	});
});

describe('security headers on every answer, static files included', () => {
	it('a script (the service worker): nosniff, referrer and permissions policies, no CSP', async () => {
		const response = await fetch(`http://127.0.0.1:${port}/static.js`);
		expect(response.headers.get('x-content-type-options')).toBe('nosniff');
		expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
		expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
		// A CSP on the worker's script would govern the worker (its fetches of map tiles).
		expect(response.headers.get('content-security-policy')).toBeNull();
	});
	it('the manifest (not a page, not a script): the same, and a CSP that runs nothing', async () => {
		const response = await fetch(`http://127.0.0.1:${port}/manifest.webmanifest`);
		expect(response.headers.get('x-content-type-options')).toBe('nosniff');
		expect(response.headers.get('content-security-policy')).toBe(NOT_A_PAGE_CSP);
	});
	it('a 304 carries no CSP: the browser would lay it over the page it kept', async () => {
		const response = await fetch(`http://127.0.0.1:${port}/kept`);
		expect(response.status).toBe(304);
		expect(response.headers.get('x-content-type-options')).toBe('nosniff');
		expect(response.headers.get('content-security-policy')).toBeNull();
	});
	it('a token in the URL: no referrer', async () => {
		const response = await fetch(`http://127.0.0.1:${port}/x?token=abc`);
		expect(response.headers.get('referrer-policy')).toBe('no-referrer');
	});
});
