/**
 * The hook cannot be skipped by encoding the path, action names are own properties only,
 * `volta` is a valid same-site path or /admin, and every answer carries the security headers.
 */
import type { RequestEvent } from '@sveltejs/kit';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, roleNeeded } from '$lib/server/auth/access';
import { isAdminRequest, safeReturn } from '$lib/server/auth/hook';
import {
	handleHeaders,
	offersLibras,
	PERMISSIONS_POLICY,
	securityHeaders,
	withoutVLibras
} from './headers';

describe('safeReturn (volta): a same-site /admin path that makes a valid Location, or /admin', () => {
	it.each([
		['/admin/reclamacoes?status=nova', '/admin/reclamacoes?status=nova'],
		['/admin/%E2%80%AE', '/admin/%E2%80%AE'],
		['/admin/\u202e', '/admin/%E2%80%AE'],
		['/admin/equipe?q=jo\u00e3o', '/admin/equipe?q=jo%C3%A3o'],
		['/admin', '/admin'],
		['/admin/login', '/admin'],
		['/admin/login?volta=/admin', '/admin'],
		['//evil.example/admin', '/admin'],
		['/\\evil.example/admin', '/admin'],
		['https://evil.example/admin', '/admin'],
		['/admin/\r\nset-cookie:x=1', '/admin'],
		['/administracao', '/admin'],
		['/admin/../tarifa', '/admin'],
		['/%61dmin/equipe', '/admin'],
		['', '/admin'],
		[null, '/admin']
	])('%j → %s', (value, expected) => {
		const out = safeReturn(value);
		expect(out).toBe(expected);
		// A Location SvelteKit accepts: printable ASCII only.
		expect(out).toMatch(/^\/[\x21-\x7e]*$/);
	});
});

describe('isAdminRequest: by the matched route, not the path as written', () => {
	const event = (id: string | null, path: string) =>
		({ route: { id }, url: new URL(`http://x${path}`) }) as Pick<RequestEvent, 'route' | 'url'>;
	it.each([
		['/admin/equipe', '/%61dmin/equipe', true],
		['/admin', '/%61dmin', true],
		['/admin/reclamacoes/[protocolo]', '/admin/reclamacoes/RM-2026-000001', true],
		[null, '/%61dmin/nada', true],
		[null, '/es/admin/nada', true],
		['/(rider)/tarifa', '/tarifa', false],
		['/(rider)/reclamacoes/[protocolo]', '/reclamacoes/x', false],
		[null, '/%E0%A4%A', false]
	])('%s at %s → %s', (id, path, expected) =>
		expect(isAdminRequest(event(id, path))).toBe(expected)
	);
});

describe('roleNeeded: action names are own properties only', () => {
	const detail = ADMIN_ACCESS['/admin/reclamacoes/[protocolo]']!;
	it.each([
		['?/apagarContato', 'gestor'],
		['?/nota', 'fiscal'],
		['?/constructor', 'fiscal'],
		['?/toString', 'fiscal'],
		['?/__proto__', 'fiscal'],
		['?/hasOwnProperty', 'fiscal']
	])('%s needs %s', (search, role) =>
		expect(roleNeeded(detail, 'POST', new URL(`http://x/admin/reclamacoes/RM${search}`))).toBe(role)
	);
});

describe('security headers', () => {
	it('nosniff, strict-origin-when-cross-origin, and camera/microphone/geolocation for the app only', () => {
		expect(securityHeaders(new URL('http://x/tarifa'))).toEqual({
			'x-content-type-options': 'nosniff',
			'referrer-policy': 'strict-origin-when-cross-origin',
			'permissions-policy': PERMISSIONS_POLICY
		});
		expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(self\)(,|$)/);
		expect(PERMISSIONS_POLICY).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
		// A complaint told in the rider's voice: the app's own pages may record, nothing embedded.
		expect(PERMISSIONS_POLICY).toMatch(/(^|, )microphone=\(self\)(,|$)/);
		for (const entry of PERMISSIONS_POLICY.split(', '))
			if (!/^(camera|microphone|geolocation)=/.test(entry)) expect(entry).toMatch(/^[a-z-]+=\(\)$/);
	});

	it('no-referrer on a page with a token', () => {
		const url = new URL('http://x/reclamacoes/RM-2026-000001?token=abc');
		expect(securityHeaders(url)['referrer-policy']).toBe('no-referrer');
	});

	const run = async (method: string, path: string, answer: () => Response) => {
		const url = new URL(`http://x${path}`);
		const event = { url, request: new Request(url, { method }) } as unknown as RequestEvent;
		let called = false;
		const response = await handleHeaders({
			event,
			resolve: async () => {
				called = true;
				return answer();
			}
		});
		return { response, called };
	};

	it('sets them on any answer, an immutable redirect too', async () => {
		const { response } = await run('GET', '/x', () => Response.redirect('http://x/y', 303));
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe('http://x/y');
		expect(response.headers.get('x-content-type-options')).toBe('nosniff');
	});

	it('answers 404 to an action named after Object.prototype, without running it', async () => {
		for (const name of ['constructor', 'toString', '__proto__', 'valueOf']) {
			const { response, called } = await run('POST', `/admin/login?/${name}`, () => new Response());
			expect(response.status).toBe(404);
			expect(called).toBe(false);
		}
		expect((await run('POST', '/admin/login?/entrar', () => new Response())).called).toBe(true);
	});

	it('answers 400 to ?/default (a name SvelteKit reserves: it threw, a 500), without running it', async () => {
		for (const path of [
			'/reclamar?/default',
			'/admin/login?/default',
			'/admin/login?/default&x=1'
		]) {
			const { response, called } = await run('POST', path, () => new Response());
			expect(response.status).toBe(400);
			expect(called).toBe(false);
		}
		// The default action itself is posted without a name.
		expect((await run('POST', '/admin/login', () => new Response())).called).toBe(true);
	});

	/** A page CSP as svelte.config.js makes it: VLibras allowed. */
	const PAGE_CSP =
		"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' https://vlibras.gov.br 'sha256-abc='; " +
		"style-src 'self' 'unsafe-inline' https://vlibras.gov.br; img-src 'self' data: https:; " +
		"connect-src 'self' https://vlibras.gov.br https://*.vlibras.gov.br; frame-ancestors 'none'";

	const page = async (path: string, routeId: string | null) => {
		const url = new URL(`http://x${path}`);
		const event = { url, route: { id: routeId }, request: new Request(url) } as RequestEvent;
		const response = await handleHeaders({
			event,
			resolve: async () => new Response('<p>', { headers: { 'content-security-policy': PAGE_CSP } })
		});
		return response.headers.get('content-security-policy') ?? '';
	};

	it.each([
		['/', '/(rider)', true],
		['/tarifa', '/(rider)/tarifa', true],
		['/es/verificar/007', '/(rider)/verificar/[prefixo]', true],
		['/admin/login', '/admin/login', false],
		['/admin/cadastro/publicar', '/admin/cadastro/publicar', false],
		['/api/complaints', '/api/complaints', false],
		['/open311/v2/services.json', '/open311/v2/services.json', false],
		['/nada', null, false],
		['/(rider)x', '/(rider)x', false]
	])('VLibras in the CSP of %s (route %s): %s', async (path, routeId, allowed) => {
		expect(offersLibras(routeId)).toBe(allowed);
		const csp = await page(path, routeId);
		expect(csp.includes('vlibras.gov.br')).toBe(allowed);
		// The rest of the policy stays as it was.
		expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
		expect(csp).toContain("'sha256-abc='");
		expect(csp).toContain("frame-ancestors 'none'");
	});

	it('withoutVLibras takes out only VLibras’s origins, directive by directive', () => {
		expect(withoutVLibras(PAGE_CSP)).toBe(
			"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='; " +
				"style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
				"connect-src 'self'; frame-ancestors 'none'"
		);
	});
});
