import { error, redirect, type RequestEvent, type ResolveOptions } from '@sveltejs/kit';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { handleLog, log, requestIdFrom } from './log';

/** Whether stdout is a terminal, as the server sees it (journald and files: no). */
function stdoutIsTerminal(value: boolean) {
	Object.defineProperty(process.stdout, 'isTTY', { value, configurable: true });
}
const wasTerminal = process.stdout.isTTY;

const event = (path: string) =>
	({
		request: new Request(`http://garupa.test${path}`),
		route: { id: '/admin/login' }
	}) as unknown as RequestEvent;

/** The request line handleLog wrote, parsed. */
function lineOf(spy: { mock: { calls: unknown[][] } }) {
	const lines = spy.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);
	return lines.find((l) => l.msg === 'request');
}

describe('handleLog: the request line has the status the client gets', () => {
	beforeEach(() => stdoutIsTerminal(false));
	afterEach(() => {
		vi.restoreAllMocks();
		stdoutIsTerminal(wasTerminal);
	});

	const cases: [name: string, resolve: () => never | Promise<Response>, status: number][] = [
		['a response', () => Promise.resolve(new Response('ok', { status: 200 })), 200],
		['a thrown redirect (e.g. /es/admin → /admin, 308)', () => redirect(308, '/admin'), 308],
		['a thrown 4xx error', () => error(403, 'no'), 403],
		['an unexpected throw', () => Promise.reject(new Error('boom')), 500]
	];
	for (const [name, resolve, status] of cases)
		test(`${name} → ${status}`, async () => {
			const out = vi.spyOn(console, 'log').mockImplementation(() => {});
			const err = vi.spyOn(console, 'error').mockImplementation(() => {});
			await Promise.resolve(
				handleLog({
					event: event('/es/admin/login'),
					resolve: resolve as unknown as (e: RequestEvent, o?: ResolveOptions) => Promise<Response>
				})
			).catch(() => null);
			const line = lineOf(status >= 500 ? err : out);
			expect(line?.status).toBe(status);
			expect(line?.level).toBe(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');
		});
});

describe('at a terminal: short text, and only the requests that went wrong', () => {
	beforeEach(() => stdoutIsTerminal(true));
	afterEach(() => {
		vi.restoreAllMocks();
		stdoutIsTerminal(wasTerminal);
	});

	const run = async (resolve: () => never | Promise<Response>) => {
		await Promise.resolve(
			handleLog({
				event: event('/admin/login'),
				resolve: resolve as unknown as (e: RequestEvent, o?: ResolveOptions) => Promise<Response>
			})
		).catch(() => null);
	};

	test('a request answered 200 writes nothing', async () => {
		const out = vi.spyOn(console, 'log').mockImplementation(() => {});
		await run(() => Promise.resolve(new Response('ok')));
		expect(out).not.toHaveBeenCalled();
	});

	test('a 403 is one line of text: time, "aviso", method, route, status', async () => {
		const out = vi.spyOn(console, 'log').mockImplementation(() => {});
		await run(() => error(403, 'no'));
		expect(out).toHaveBeenCalledTimes(1);
		expect(String(out.mock.calls[0]?.[0])).toMatch(
			/^\d{2}:\d{2}:\d{2} aviso GET \/admin\/login → 403 \(\d+ ms\)$/
		);
	});

	test('a message is its text, not JSON', () => {
		const out = vi.spyOn(console, 'log').mockImplementation(() => {});
		log('info', 'Banco de dados: migrações aplicadas: 001_registry');
		expect(String(out.mock.calls[0]?.[0])).toMatch(
			/^\d{2}:\d{2}:\d{2} Banco de dados: migrações aplicadas: 001_registry$/
		);
	});
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id: a well-formed id is logged as sent, anything else gets a new one', () => {
	const kept = [
		'abc',
		'7',
		'req-2026.12.07_0001',
		'0b0e9a64-4c59-4d0a-9f1e-6f0d2c9e1a77',
		'a'.repeat(64)
	];
	for (const id of kept) test(`kept: ${id.slice(0, 40)}`, () => expect(requestIdFrom(id)).toBe(id));

	const replaced = [
		'',
		'maria@example.com',
		'<script>alert(1)</script>',
		'Maria da Silva',
		'Olá',
		'a'.repeat(65),
		'-starts-with-a-dash',
		'.hidden',
		'../../etc/passwd',
		'id:with:colons',
		'a,b',
		'{"level":"info"}'
	];
	for (const sent of replaced)
		test(`replaced: ${JSON.stringify(sent.slice(0, 40))}`, () => {
			const id = requestIdFrom(sent);
			expect(id).not.toBe(sent);
			expect(id).toMatch(UUID);
		});
	test('no header: a new id', () => expect(requestIdFrom(null)).toMatch(UUID));

	test('the request line carries the new id, never the raw header', async () => {
		stdoutIsTerminal(false);
		const out = vi.spyOn(console, 'log').mockImplementation(() => {});
		try {
			for (const [sent, logged] of [
				['maria@example.com', UUID],
				['proxy-id-42', /^proxy-id-42$/]
			] as const) {
				out.mockClear();
				const e = {
					request: new Request('http://garupa.test/', { headers: { 'x-request-id': sent } }),
					route: { id: '/' }
				} as unknown as RequestEvent;
				const response = await handleLog({
					event: e,
					resolve: (() => Promise.resolve(new Response('ok'))) as unknown as (
						e: RequestEvent,
						o?: ResolveOptions
					) => Promise<Response>
				});
				const line = lineOf(out);
				expect(String(line?.requestId)).toMatch(logged);
				expect(response.headers.get('x-request-id')).toBe(line?.requestId);
				if (sent.includes('@'))
					expect(out.mock.calls.map((c) => String(c[0])).join('\n')).not.toContain(sent);
			}
		} finally {
			vi.restoreAllMocks();
			stdoutIsTerminal(wasTerminal);
		}
	});
});
