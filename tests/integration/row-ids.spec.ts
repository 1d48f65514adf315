/**
 * Ids a form posts to the gestor's actions are range-checked before they reach a query: an id of
 * 2^31 or more in an `integer` column is an error on PostgreSQL (a 500), so each action answers
 * it with its own 400 and pt-BR message — the same on SQLite and (with PG_TEST_URL) on
 * PostgreSQL. Against the built server, as a gestor signed in by the form.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../src/lib/server/auth/staff';
import { createDb, migrate } from '../../src/lib/server/db';
import { signInCookie } from './fuzz';
import {
	createPgDatabase,
	ensureBuilt,
	pgAdminUrl,
	startServer,
	stopServer,
	type Server
} from './server-harness';

const GESTOR = { email: 'ids-gestor@garupa.test', password: 'gestor de ids senha longa' };
const BAD_FORM = 'Não foi possível ler o formulário. Recarregue a página e tente de novo.';

/** The five actions of the issue, and the device revocation that came after; the id field. */
const ACTIONS = [
	{ path: '/admin/equipe?/ativar', field: 'id', extra: { ativa: '0' }, message: 'Conta inválida.' },
	{
		path: '/admin/equipe?/papel',
		field: 'id',
		extra: { papel: 'fiscal' },
		message: 'Conta inválida.'
	},
	{
		path: '/admin/equipe?/senha',
		field: 'id',
		extra: { senha: 'uma senha nova bem longa' },
		message: 'Conta inválida.'
	},
	{ path: '/admin/regras?/removerDecreto', field: 'id', extra: {}, message: BAD_FORM },
	{ path: '/admin/regras?/removerDia', field: 'id', extra: {}, message: BAD_FORM },
	{
		path: '/admin/equipe?/revogarAparelho',
		field: 'aparelho',
		extra: {},
		message: 'Aparelho inválido.'
	}
] as const;

const TOO_BIG = ['2147483648', '4294967296', '9007199254740993', '99999999999999999999'];

const databases: [string, () => Promise<{ url: string; drop: () => Promise<void> }>][] = [
	[
		'SQLite',
		async () => {
			const dir = mkdtempSync(join(tmpdir(), 'garupa-ids-'));
			return {
				url: `file:${join(dir, 'ids.db')}`,
				drop: async () => rmSync(dir, { recursive: true, force: true })
			};
		}
	]
];
if (pgAdminUrl) databases.push(['PostgreSQL', () => createPgDatabase(pgAdminUrl!, 'garupa_ids')]);

describe.each(databases)('ids past a 32-bit integer, on %s', (_, open) => {
	let server: Server;
	let database: { url: string; drop: () => Promise<void> };
	let cookie: string;
	beforeAll(async () => {
		ensureBuilt();
		database = await open();
		const url = database.url;
		const db = url.startsWith('file:')
			? createDb({ kind: 'sqlite', path: url.slice(5) })
			: createDb({ kind: 'postgres', url });
		await migrate(db);
		await createStaff(db, { ...GESTOR, name: 'Gestor Ids', role: 'gestor' });
		await db.destroy();
		server = await startServer(url);
		cookie = await signInCookie(server.url, GESTOR.email, GESTOR.password);
	}, 300_000);
	afterAll(async () => {
		if (server) await stopServer(server);
		await database?.drop();
	}, 60_000);

	const post = (path: string, form: Record<string, string>) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			headers: {
				origin: server.url,
				accept: 'text/html',
				'content-type': 'application/x-www-form-urlencoded',
				cookie
			},
			body: new URLSearchParams(form),
			redirect: 'manual'
		});

	test.each(ACTIONS)('$path: 2^31 and beyond → 400 with the page’s message', async (action) => {
		for (const id of TOO_BIG) {
			const response = await post(action.path, { [action.field]: id, ...action.extra });
			const html = await response.text();
			expect(response.status, `${action.path} ${id}`).toBe(400);
			expect(html).toContain(action.message);
		}
	});

	test.each(ACTIONS)(
		'$path: the largest id a row can have → not found, never a 500',
		async (action) => {
			const response = await post(action.path, { [action.field]: '2147483647', ...action.extra });
			await response.arrayBuffer();
			expect(response.status).toBe(404);
		}
	);

	test('the audit log’s page link ignores an id past 2^31 instead of failing', async () => {
		const response = await fetch(`${server.url}/admin/auditoria?antes=2147483648`, {
			headers: { cookie, accept: 'text/html' }
		});
		await response.arrayBuffer();
		expect(response.status).toBe(200);
	});
});
