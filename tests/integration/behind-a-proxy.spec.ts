/**
 * Behind a proxy (ADDRESS_HEADER set), a request without that header or with a
 * malformed one is still answered — counted by its socket address — and the server warns once at
 * start-up. Against the built server, as `npm start` runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
	complaintBody,
	ensureBuilt,
	postComplaint,
	startServer,
	stopServer,
	type Server
} from './server-harness';

let dir: string;
let server: Server;
beforeAll(async () => {
	ensureBuilt();
	dir = mkdtempSync(join(tmpdir(), 'garupa-proxy-'));
	server = await startServer(`file:${join(dir, 'proxy.db')}`, {
		ADDRESS_HEADER: 'x-forwarded-for',
		XFF_DEPTH: '2'
	});
}, 120_000);
afterAll(async () => {
	if (server) await stopServer(server);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

test(
	'no header, a malformed one, or fewer entries than XFF_DEPTH: answered, not a 500',
	{ timeout: 60_000 },
	async () => {
		const cases: Record<string, string>[] = [
			{},
			{ 'x-forwarded-for': 'não é um endereço, nem este' },
			{ 'x-forwarded-for': '203.0.113.9' }
		];
		for (const headers of cases) {
			const complaint = await postComplaint(server, complaintBody(), headers);
			expect(complaint.status).toBe(201);
			const login = await fetch(`${server.url}/admin/login`, {
				method: 'POST',
				headers: {
					origin: server.url,
					accept: 'text/html',
					'content-type': 'application/x-www-form-urlencoded',
					...headers
				},
				body: new URLSearchParams({
					email: 'ninguem@garupa.test',
					senha: 'uma senha qualquer longa'
				}),
				redirect: 'manual'
			});
			expect(login.status).toBe(400);
		}
		const warnings = server
			.output()
			.split('\n')
			.filter((line) => line.includes('ADDRESS_HEADER=x-forwarded-for'));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain('HOST=127.0.0.1');
	}
);
