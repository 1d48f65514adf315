import { error, redirect, type RequestEvent, type ResolveOptions } from '@sveltejs/kit';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { handleLog, log } from './log';

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
