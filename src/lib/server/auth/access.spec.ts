/**
 * Every `/admin` route and action refuses an anonymous request, and a fiscal where a gestor is
 * needed — twice: in the hook (`guardAdmin`) and in the load/action itself (`requireStaff`).
 * The routes are read from the filesystem, so a new page cannot be forgotten.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHttpError, type RequestEvent } from '@sveltejs/kit';
import { describe, expect, test, vi } from 'vitest';
import type { StaffMember } from '$lib/domain/staff';
import { adminRoutesOnDisk, paramsOf, samplePath } from '../../../../tests/admin-routes';
import { accessOf, ADMIN_ACCESS, roleNeeded } from './access';
import { guardAdmin } from './hook';

let current: RequestEvent | undefined;
vi.mock('$app/server', () => ({
	getRequestEvent: () => {
		if (!current) throw new Error('no request event');
		return current;
	}
}));

const root = fileURLToPath(new URL('../../../routes/admin', import.meta.url));
const routes = adminRoutesOnDisk().map((r) => r.id);
const fileOf = (id: string, name: string) => join(root, ...id.split('/').slice(2), name);

const FISCAL: StaffMember = { id: 1, email: 'f@garupa.test', name: 'F', role: 'fiscal' };

function fakeEvent(
	id: string,
	staff: StaffMember | null,
	method = 'GET',
	search = ''
): RequestEvent {
	const url = new URL(`http://localhost${samplePath(id)}${search}`);
	const noop = () => undefined;
	return {
		url,
		params: paramsOf(id),
		route: { id },
		locals: { staff },
		request: new Request(url, {
			method,
			...(method === 'POST' ? { body: new FormData() } : {})
		}),
		cookies: { get: noop, getAll: () => [], set: noop, delete: noop, serialize: () => '' },
		setHeaders: noop,
		getClientAddress: () => '127.0.0.1',
		isDataRequest: false,
		isSubRequest: false,
		isRemoteRequest: false,
		platform: undefined,
		fetch,
		parent: async () => ({}),
		depends: noop,
		untrack: <T>(fn: () => T) => fn(),
		tracing: { enabled: false, root: undefined, current: undefined }
	} as unknown as RequestEvent;
}

/** Runs `fn` as the request `event` and returns the HTTP status it refused with (or 'ran'). */
async function statusOf(
	event: RequestEvent,
	fn: (event: RequestEvent) => unknown
): Promise<number | 'ran'> {
	current = event;
	try {
		await fn(event);
		return 'ran';
	} catch (error) {
		if (isHttpError(error)) return error.status;
		throw error;
	} finally {
		current = undefined;
	}
}

type Handler = (event: RequestEvent) => unknown;
const pageModules = import.meta.glob<{ load?: Handler; actions?: Record<string, Handler> }>(
	'/src/routes/admin/**/+page.server.ts'
);
const endpointModules = import.meta.glob<Record<string, Handler>>(
	'/src/routes/admin/**/+server.ts'
);
const moduleKey = (id: string, name: string) => `/src/routes${id}/${name}`;

test('the routes were found on disk', () => {
	expect(routes).toContain('/admin/login');
	expect(routes.length).toBeGreaterThan(3);
});

describe.each(routes)('%s', (id) => {
	const access = ADMIN_ACCESS[id];

	test('is listed in ADMIN_ACCESS', () =>
		expect(access, `add ${id} to auth/access.ts`).toBeDefined());
	if (!access || access.role === 'public') return;
	const routeRole = access.role;

	test('the hook sends anonymous visitors to the login (pages) or answers 401', () => {
		const get = guardAdmin(fakeEvent(id, null));
		if (access.endpoint) expect(get?.status).toBe(401);
		else {
			expect(get?.status).toBe(303);
			expect(get?.headers.get('location')).toBe(
				`/admin/login?volta=${encodeURIComponent(samplePath(id))}`
			);
		}
		expect(guardAdmin(fakeEvent(id, null, 'POST'))?.status).toBe(401);
	});

	const pageKey = moduleKey(id, '+page.server.ts');
	const endpointKey = moduleKey(id, '+server.ts');
	const hasPage = statSafe(fileOf(id, '+page.svelte'));

	if (hasPage)
		test('a page has a server load, so the check runs on the server', () =>
			expect(pageModules[pageKey], `${id}/+page.server.ts with a load`).toBeDefined());

	if (pageModules[pageKey])
		test('its load and every action check the session themselves', async () => {
			const module = await pageModules[pageKey]!();
			if (hasPage)
				expect(module.load, `${id}: export a load that calls requireStaff()`).toBeTypeOf(
					'function'
				);
			if (module.load) {
				expect(await statusOf(fakeEvent(id, null), module.load)).toBe(401);
				if (routeRole === 'gestor')
					expect(await statusOf(fakeEvent(id, FISCAL), module.load)).toBe(403);
			}
			for (const [name, action] of Object.entries(module.actions ?? {})) {
				const search = name === 'default' ? '' : `?/${name}`;
				const need = roleNeeded(accessOf(id), 'POST', new URL(`http://localhost/${search}`));
				expect(await statusOf(fakeEvent(id, null, 'POST', search), action), `${id} ${name}`).toBe(
					401
				);
				if (need === 'gestor') {
					expect(
						await statusOf(fakeEvent(id, FISCAL, 'POST', search), action),
						`${id} ${name}`
					).toBe(403);
					expect(guardAdmin(fakeEvent(id, FISCAL, 'POST', search))?.status).toBe(403);
				}
			}
		});

	if (endpointModules[endpointKey])
		test('every endpoint method checks the session itself', async () => {
			const module = await endpointModules[endpointKey]!();
			const methods = Object.entries(module).filter(([name]) => /^[A-Z]+$/.test(name));
			expect(methods.length).toBeGreaterThan(0);
			for (const [method, handler] of methods) {
				expect(await statusOf(fakeEvent(id, null, method), handler), `${id} ${method}`).toBe(401);
				if (routeRole === 'gestor')
					expect(await statusOf(fakeEvent(id, FISCAL, method), handler), `${id} ${method}`).toBe(
						403
					);
			}
		});

	if (routeRole === 'gestor')
		test('the hook answers 403 to a fiscal', () => {
			expect(guardAdmin(fakeEvent(id, FISCAL))?.status).toBe(403);
			expect(guardAdmin(fakeEvent(id, FISCAL, 'POST'))?.status).toBe(403);
		});
});

function statSafe(path: string): boolean {
	try {
		return statSync(path).isFile();
	} catch {
		return false;
	}
}

describe('access rules', () => {
	test('an unlisted /admin route is gestor-only (fail closed)', () =>
		expect(accessOf('/admin/nova-pagina-esquecida').role).toBe('gestor'));
	test('a gestor-only action on a fiscal page needs a gestor', () => {
		const url = new URL('http://localhost/admin/reclamacoes/RM-2026-000001?/apagarContato');
		expect(roleNeeded(accessOf('/admin/reclamacoes/[protocolo]'), 'POST', url)).toBe('gestor');
		expect(roleNeeded(accessOf('/admin/reclamacoes/[protocolo]'), 'GET', url)).toBe('fiscal');
	});
});
