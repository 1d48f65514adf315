import { error, redirect, type RequestEvent, type ResolveOptions } from '@sveltejs/kit';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { handleLog } from './log';

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
	afterEach(() => vi.restoreAllMocks());

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
