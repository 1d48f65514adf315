/**
 * `npm start` on a developer's machine answers at http://localhost:<port> and at
 * http://127.0.0.1:<port> alike: a form posted from either is taken, one from another site is
 * refused (403). Elsewhere ORIGIN is set and only that address is trusted. Against the built
 * server, with the environment scripts/cli/start.js gives it (scripts/cli/start-env.js).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverEnv } from '../../scripts/cli/start-env.js';
import { ensureBuilt, startServer, stopServer, type Server } from './server-harness';

describe("npm start's environment", () => {
	test('ORIGIN unset: localhost, and 127.0.0.1 trusted beside it', () => {
		expect(serverEnv({ PORT: '3001' })).toMatchObject({
			PORT: '3001',
			ORIGIN: 'http://localhost:3001',
			TRUSTED_ORIGINS: 'http://127.0.0.1:3001',
			BODY_SIZE_LIMIT: '17M'
		});
		expect(serverEnv({}).ORIGIN).toBe('http://localhost:3000');
	});
	test('ORIGIN set (a real deployment): that address only', () => {
		const env = serverEnv({ ORIGIN: 'https://garupa.example.gov.br' });
		expect(env.ORIGIN).toBe('https://garupa.example.gov.br');
		expect(env.TRUSTED_ORIGINS).toBeUndefined();
	});
	test("the operator's own TRUSTED_ORIGINS are kept", () => {
		expect(serverEnv({ TRUSTED_ORIGINS: 'http://10.0.0.5:3000' }).TRUSTED_ORIGINS).toBe(
			'http://10.0.0.5:3000,http://127.0.0.1:3000'
		);
	});
});

let dir: string;
let server: Server;
let port = 0;
beforeAll(async () => {
	ensureBuilt();
	dir = mkdtempSync(join(tmpdir(), 'garupa-origins-'));
	server = await startServer(`file:${join(dir, 'origins.db')}`, (p) => {
		port = p;
		// As start.js builds it from a developer's shell: no ORIGIN, no TRUSTED_ORIGINS.
		const shell: Record<string, string | undefined> = { ...process.env, PORT: String(p) };
		delete shell.ORIGIN;
		delete shell.TRUSTED_ORIGINS;
		return { ...serverEnv(shell), HOST: '127.0.0.1' };
	});
}, 120_000);
afterAll(async () => {
	if (server) await stopServer(server);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The complaint form, posted empty from a page of `origin` (the form's errors, or a refusal). */
const postFrom = (origin: string) =>
	fetch(`http://127.0.0.1:${port}/reclamar`, {
		method: 'POST',
		headers: {
			origin,
			accept: 'text/html',
			'content-type': 'application/x-www-form-urlencoded'
		},
		body: new URLSearchParams({ chave: crypto.randomUUID() }),
		redirect: 'manual'
	});

test(
	'a form from localhost or 127.0.0.1 is taken; from another site, refused',
	{ timeout: 60_000 },
	async () => {
		expect((await postFrom(`http://localhost:${port}`)).status).toBe(400);
		expect((await postFrom(`http://127.0.0.1:${port}`)).status).toBe(400);
		const evil = await postFrom('https://evil.example');
		expect(evil.status).toBe(403);
		expect(await evil.text()).toBe('Cross-site POST form submissions are forbidden');
		expect((await postFrom(`http://127.0.0.1:${port + 1}`)).status).toBe(403);
	}
);
