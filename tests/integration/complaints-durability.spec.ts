/**
 * POST /api/complaints and GET /api/complaints/{protocol} against the BUILT server (`node build`,
 * as `npm start` runs it), each server on its own temporary SQLite file:
 *  - durability: a complaint acknowledged with 201 survives SIGKILL right after the answer;
 *  - every class of bad input gets its 4xx, and stores nothing.
 * Builds first (`vite build`, ~40 s) when the build is missing (./server-harness.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../src/lib/server/db';
import {
	complaintBody,
	ensureBuilt,
	postComplaint,
	PROXY,
	startServer,
	stopServer,
	type Server
} from './server-harness';

/** `node build` on `dbPath`; resolves once it listens. */
const start = (dbPath: string, env: Record<string, string> = {}) =>
	startServer(`file:${dbPath}`, env);

const json = 'application/json';

/** With a contact, which GET must never show. */
const complaint = (extra: Record<string, unknown> = {}) =>
	complaintBody({ contact: { name: 'Maria', email: 'maria@example.com' }, ...extra });

beforeAll(ensureBuilt, 300_000);

describe(
	'durability: a complaint acknowledged with 201 survives SIGKILL',
	{ timeout: 90_000 },
	() => {
		let dir: string;
		beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'garupa-durability-'))));
		afterAll(() => rmSync(dir, { recursive: true, force: true }));

		test('POST → 201 → kill -9 → restart → GET finds it; the same key replays the same receipt', async () => {
			const dbPath = join(dir, 'garupa.db');
			const first = await start(dbPath);
			const key = crypto.randomUUID();
			const body = complaint();
			let receipt: { protocol: string; token: string; statusUrl: string };
			try {
				const res = await postComplaint(first, body, { 'idempotency-key': key });
				expect(res.status).toBe(201);
				receipt = await res.json();
			} finally {
				// No graceful shutdown, no chance to flush anything after the answer.
				await stopServer(first, 'SIGKILL');
			}
			expect(first.child.signalCode).toBe('SIGKILL');

			const second = await start(dbPath);
			try {
				const res = await fetch(
					`${second.url}/api/complaints/${receipt.protocol}?token=${receipt.token}`
				);
				expect(res.status).toBe(200);
				expect(await res.json()).toMatchObject({
					protocol: receipt.protocol,
					status: 'recebida',
					vehicle: '007',
					situations: ['cobrou-mais'],
					paidCentavos: 1500,
					description: body.description,
					history: [{ status: 'recebida' }]
				});
				const replay = await postComplaint(second, body, { 'idempotency-key': key });
				expect(replay.status).toBe(201);
				expect(await replay.json()).toEqual(receipt);
			} finally {
				await stopServer(second);
			}
		});
	}
);

describe(
	'POST /api/complaints: bad input gets its 4xx and stores nothing',
	{ timeout: 60_000 },
	() => {
		let dir: string;
		let server: Server;
		let db: Db;
		/** Each test posts from its own address (X-Forwarded-For, as behind a proxy). */
		let address = 0;
		const from = () => ({ 'x-forwarded-for': `10.0.0.${++address}` });

		beforeAll(async () => {
			dir = mkdtempSync(join(tmpdir(), 'garupa-complaints-api-'));
			const dbPath = join(dir, 'garupa.db');
			server = await start(dbPath, { COMPLAINTS_RATE_LIMIT: '3/600', ...PROXY });
			db = createDb({ kind: 'sqlite', path: dbPath });
		}, 60_000);
		afterAll(async () => {
			await db?.destroy();
			if (server) await stopServer(server);
			rmSync(dir, { recursive: true, force: true });
		});

		async function stored(): Promise<number> {
			const [complaints, keys] = await Promise.all([
				db
					.selectFrom('complaint')
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirst(),
				db
					.selectFrom('idempotency')
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirst()
			]);
			return Number(complaints?.n) + Number(keys?.n);
		}

		/** Sends, checks status and error code, and that no row appeared. */
		async function refused(send: () => Promise<Response>, status: number, code: string) {
			const before = await stored();
			const res = await send();
			const body = await res.json();
			expect([res.status, body.error?.code]).toEqual([status, code]);
			expect(typeof body.error.message).toBe('string');
			expect(res.headers.get('access-control-allow-origin')).toBeNull();
			expect(await stored()).toBe(before);
			return { res, body };
		}

		const cases: [name: string, send: () => Promise<Response>, status: number, code: string][] = [
			[
				'no Idempotency-Key',
				() =>
					fetch(`${server.url}/api/complaints`, {
						method: 'POST',
						headers: { 'content-type': json, ...from() },
						body: JSON.stringify(complaint())
					}),
				400,
				'invalid_idempotency_key'
			],
			[
				'an Idempotency-Key with a space',
				() => postComplaint(server, complaint(), { 'idempotency-key': 'a b', ...from() }),
				400,
				'invalid_idempotency_key'
			],
			[
				'an Idempotency-Key of 101 characters',
				() => postComplaint(server, complaint(), { 'idempotency-key': 'k'.repeat(101), ...from() }),
				400,
				'invalid_idempotency_key'
			],
			[
				'text/plain (from the same origin, past SvelteKit’s CSRF check)',
				() =>
					postComplaint(server, complaint(), {
						'content-type': 'text/plain',
						origin: server.url,
						...from()
					}),
				415,
				'unsupported_media_type'
			],
			[
				'application/xml',
				() =>
					postComplaint(server, '<complaint/>', { 'content-type': 'application/xml', ...from() }),
				415,
				'unsupported_media_type'
			],
			[
				'a body over 64 KB, declared by Content-Length',
				() => postComplaint(server, complaint({ description: 'x'.repeat(70_000) }), from()),
				413,
				'too_large'
			],
			[
				'a body over 64 KB, chunked (no Content-Length): counted while read',
				() =>
					fetch(`${server.url}/api/complaints`, {
						method: 'POST',
						headers: { 'content-type': json, 'idempotency-key': 'chunked', ...from() },
						body: new ReadableStream<Uint8Array>({
							start(controller) {
								const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
								for (let i = 0; i < 5; i++) controller.enqueue(chunk);
								controller.close();
							}
						}),
						duplex: 'half'
					} as RequestInit),
				413,
				'too_large'
			],
			[
				'malformed JSON',
				() => postComplaint(server, '{"vehicle": "007",', from()),
				400,
				'malformed_json'
			],
			[
				'a body that is not UTF-8',
				() =>
					fetch(`${server.url}/api/complaints`, {
						method: 'POST',
						headers: { 'content-type': json, 'idempotency-key': 'latin1', ...from() },
						body: Uint8Array.of(0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d) // {"é":1} in Latin-1
					}),
				400,
				'malformed_json'
			],
			['an empty body', () => postComplaint(server, '', from()), 400, 'malformed_json'],
			['a JSON array', () => postComplaint(server, '[]', from()), 422, 'invalid'],
			[
				'the honeypot filled in',
				() => postComplaint(server, complaint({ website: 'http://spam.example' }), from()),
				422,
				'invalid'
			]
		];
		for (const [name, send, status, code] of cases)
			test(`${name} → ${status} ${code}`, async () => {
				await refused(send, status, code);
			});

		test('invalid fields → 422 with a message per field, in the caller’s language', async () => {
			const { body } = await refused(
				() =>
					postComplaint(server, complaint({ situations: [], occurredAt: '2026-12-02T10:00:00' }), {
						'accept-language': 'en',
						...from()
					}),
				422,
				'invalid'
			);
			expect(Object.keys(body.error.fields).sort()).toEqual(['occurredAt', 'situations']);
			expect(body.error.message).toMatch(/not accepted/);
			for (const message of Object.values(body.error.fields))
				expect(message).toMatch(/^[A-Z].*[a-z]/); // a sentence, not a message key
		});

		test('an empty honeypot is fine (the form always sends the field)', async () => {
			const res = await postComplaint(server, complaint({ website: '' }), from());
			expect(res.status).toBe(201);
		});

		test('the 4th complaint from one address in 10 minutes → 429 with Retry-After; others still pass', async () => {
			const me = from();
			for (let i = 0; i < 3; i++)
				expect((await postComplaint(server, complaint(), me)).status).toBe(201);
			const { res } = await refused(
				() => postComplaint(server, complaint(), me),
				429,
				'rate_limited'
			);
			expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60); // minutes, not a second
			expect((await postComplaint(server, complaint(), from())).status).toBe(201);
		});

		test('same key and body → 201 with the same receipt; same key, other body → 422', async () => {
			const key = { 'idempotency-key': crypto.randomUUID(), ...from() };
			const body = complaint();
			const first = await postComplaint(server, body, key);
			expect(first.status).toBe(201);
			const receipt = await first.json();
			const again = await postComplaint(server, body, key);
			expect([again.status, await again.json()]).toEqual([201, receipt]);
			await refused(
				() => postComplaint(server, { ...body, description: 'Outra coisa.' }, key),
				422,
				'idempotency_conflict'
			);
		});

		test('GET: a wrong token and an unknown protocol get the same 404', async () => {
			const res = await postComplaint(server, complaint(), from());
			const { protocol, token } = await res.json();
			const wrong = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
			const answers = await Promise.all(
				[
					`${protocol}?token=${wrong}`,
					`${protocol}`,
					`RM-2026-999999?token=${token}`,
					`nada?token=${token}`
				].map(async (path) => {
					const r = await fetch(`${server.url}/api/complaints/${path}`);
					return [r.status, await r.text()];
				})
			);
			expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
			expect(answers[0]?.[0]).toBe(404);
			const right = await fetch(`${server.url}/api/complaints/${protocol}?token=${token}`);
			expect(right.status).toBe(200);
			expect(JSON.stringify(await right.json())).not.toMatch(/Maria|maria@example/);
		});
	}
);
