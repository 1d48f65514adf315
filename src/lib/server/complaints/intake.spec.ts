import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseComplaint, type ComplaintInput } from '$lib/domain/complaint';
import { offensesOf } from '$lib/domain/offenses';
import {
	lei2059Offenses,
	lei2059Offenses as offenseCatalog,
	rolimDeMouraFiles
} from '$lib/profile/rolim-de-moura';
import { profile } from '$lib/profile';
import { canonicalJson } from './idempotency';
import { submit, type SubmitInput, type SubmittedBody } from './intake';
import { createComplaint } from './intake-write';
import type { ComplaintReceipt, CreateResult } from './receipt';
import { getComplaintForRider } from './rider-view';
import { createDb, migrate, type Db, keyId } from '$lib/server/db';
import { preparePhotos, type Photo } from './photos';
import { RateLimiter } from '$lib/server/http/rate-limit';
import { ensureSampleRegistry } from '$lib/server/registry';
const sample = rolimDeMouraFiles.registrySample;

const NOW = new Date('2026-12-02T15:00:00Z');
const situations = new Set(offenseCatalog.situations.map((s) => s.code));

const FIXTURE = {
	vehicle: 'MT-007',
	occurredAt: '2026-12-02T10:40:00-04:00',
	situations: ['fumando'],
	location: { text: 'Av. 25 de Agosto, perto da praça' },
	description: 'Fumou a corrida inteira.',
	contact: { name: 'Maria', phone: '(69) 99988-7766' }
};

function complaint(fields: Record<string, unknown> = {}, now = NOW): ComplaintInput {
	const parsed = parseComplaint(
		{ ...FIXTURE, ...fields },
		{ now, timeZone: profile.timeZone, situations }
	);
	if (!parsed.ok) throw new Error(`invalid fixture: ${JSON.stringify(parsed.errors)}`);
	return parsed.value;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function receipt(result: CreateResult): ComplaintReceipt {
	if (result.kind !== 'created' && result.kind !== 'replayed')
		throw new Error(`expected a receipt, got ${result.kind}`);
	return result.response;
}

const count = async (db: Db, table: 'complaint' | 'idempotency' | 'complaint_event') =>
	Number(
		(
			await db
				.selectFrom(table)
				.select((eb) => eb.fn.countAll().as('n'))
				.executeTakeFirst()
		)?.n
	);

let dir: string;
let dbPath: string;
let db: Db;

beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'garupa-complaints-'));
	dbPath = join(dir, 'garupa.db');
	db = createDb({ kind: 'sqlite', path: dbPath });
	await migrate(db);
});
afterEach(async () => {
	await db.destroy();
	rmSync(dir, { recursive: true, force: true });
});

describe('createComplaint: protocol and token', () => {
	test('the first complaint of the year is RM-2026-000001, then …000002', async () => {
		const first = receipt(
			await createComplaint(db, { idempotencyKey: 'a', body: complaint(), now: NOW })
		);
		const second = receipt(
			await createComplaint(db, { idempotencyKey: 'b', body: complaint(), now: NOW })
		);
		expect([first.protocol, second.protocol]).toEqual(['RM-2026-000001', 'RM-2026-000002']);
		expect(first).toEqual({
			protocol: 'RM-2026-000001',
			token: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
			status: 'recebida',
			offenses: offensesOf(['fumando'], lei2059Offenses).map(({ article, cite, penalty }) => ({
				article,
				cite,
				penalty
			})),
			statusUrl: `/reclamacoes/RM-2026-000001?token=${first.token}`
		});
		expect(first.token).not.toBe(second.token);
	});

	test('the year is Rolim de Moura’s: 31 Dec 23:30 there is still 2026; a new year restarts at 1', async () => {
		const lastNight = new Date('2027-01-01T03:30:00Z'); // 23:30 on 31 Dec in UTC−4
		const newYear = new Date('2027-01-01T04:00:00Z'); // 00:00 on 1 Jan
		const body = (now: Date) =>
			complaint({ occurredAt: new Date(now.getTime() - 3_600_000).toISOString() }, now);
		const protocols = [];
		for (const [key, now] of [
			['a', NOW],
			['b', lastNight],
			['c', newYear],
			['d', newYear]
		] as const)
			protocols.push(
				receipt(await createComplaint(db, { idempotencyKey: key, body: body(now), now })).protocol
			);
		expect(protocols).toEqual([
			'RM-2026-000001',
			'RM-2026-000002',
			'RM-2027-000001',
			'RM-2027-000002'
		]);
	});

	test('only the token’s sha256 is stored, in no column the token itself', async () => {
		const { protocol, token } = receipt(
			await createComplaint(db, { idempotencyKey: 'a', body: complaint(), now: NOW })
		);
		const row = await db.selectFrom('complaint').selectAll().executeTakeFirstOrThrow();
		expect(row.protocol).toBe(protocol);
		expect(row.token_hash).toBe(sha256(token));
		expect(JSON.stringify(row)).not.toContain(token);
	});

	test('what was reported is stored as normalized; the vehicle found in the registry', async () => {
		await ensureSampleRegistry(db, sample, '2026-12-02');
		await createComplaint(db, {
			idempotencyKey: 'a',
			body: complaint({
				vehicle: 'nef-4275', // prefixo 001 in the sample
				situations: ['cobrou-mais', 'fumando'],
				paidCentavos: 1500,
				location: { lat: -11.7271, lng: -61.7797 }
			}),
			now: NOW
		});
		const row = await db.selectFrom('complaint').selectAll().executeTakeFirstOrThrow();
		expect(row).toMatchObject({
			status: 'recebida',
			created_at: '2026-12-02T15:00:00.000Z',
			occurred_at: '2026-12-02T14:40:00.000Z',
			vehicle: 'NEF4275',
			vehicle_prefixo: '1',
			paid_centavos: 1500,
			location_lat: -11.7271,
			location_lng: -61.7797,
			location_text: null,
			contact_name: 'Maria',
			contact_phone: '+5569999887766',
			contact_email: null
		});
		expect(JSON.parse(row.situations)).toEqual(['cobrou-mais', 'fumando']);
		expect(JSON.parse(row.offenses).map((o: { cite: string }) => o.cite)).toContain(
			'Art. 21, XVII'
		);
		expect(await db.selectFrom('complaint_event').selectAll().execute()).toEqual([
			{
				complaint_id: row.id,
				idx: 0,
				at: row.created_at,
				status: 'recebida',
				note: null,
				public: 1
			}
		]);
	});

	test('a vehicle missing from the registry is kept as reported, without a prefixo', async () => {
		await ensureSampleRegistry(db, sample, '2026-12-02');
		await createComplaint(db, {
			idempotencyKey: 'a',
			body: complaint({ vehicle: '999' }),
			now: NOW
		});
		const row = await db.selectFrom('complaint').selectAll().executeTakeFirstOrThrow();
		expect([row.vehicle, row.vehicle_prefixo]).toEqual(['999', null]);
	});
});

describe('createComplaint: idempotency', () => {
	test('same key and body twice → one complaint; the replay is the original response, token included', async () => {
		const first = await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW });
		const again = await createComplaint(db, {
			idempotencyKey: 'k',
			body: complaint(),
			now: new Date(NOW.getTime() + 60_000)
		});
		expect(first.kind).toBe('created');
		expect(again).toEqual({ kind: 'replayed', response: receipt(first) });
		expect(await count(db, 'complaint')).toBe(1);
		expect(await count(db, 'complaint_event')).toBe(1);
	});

	test('the same complaint written differently (spacing, key order, prefix form) is the same body', async () => {
		await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW });
		const again = await createComplaint(db, {
			idempotencyKey: 'k',
			body: complaint({ vehicle: ' 007 ', description: '  Fumou a corrida inteira. ' }),
			now: NOW
		});
		expect(again.kind).toBe('replayed');
	});

	test('same key, different body → conflict, nothing new stored', async () => {
		await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW });
		const other = await createComplaint(db, {
			idempotencyKey: 'k',
			body: complaint({ situations: ['sem-capacete'] }),
			now: NOW
		});
		expect(other).toEqual({ kind: 'conflict' });
		expect(await count(db, 'complaint')).toBe(1);
	});

	test('same key, same text but other photos → conflict', async () => {
		const photos = preparePhotos([
			new Uint8Array(Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAdQmAIXpP+BiOh/AAA=', 'base64'))
		]);
		if (!photos.ok) throw new Error('fixture');
		await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW });
		const withPhoto = await createComplaint(db, {
			idempotencyKey: 'k',
			body: complaint(),
			photos: photos.photos,
			now: NOW
		});
		expect(withPhoto).toEqual({ kind: 'conflict' });
	});

	test('two concurrent requests with one key → exactly one complaint; the other waits its turn', async () => {
		const results = await Promise.all([
			createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW }),
			createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW })
		]);
		expect(results.map((r) => r.kind).sort()).toEqual(['created', 'in_progress']);
		expect(await count(db, 'complaint')).toBe(1);
		// Once the first has answered, a retry gets its receipt.
		const retry = await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW });
		expect(retry.kind).toBe('replayed');
	});

	test('a concurrent request with the same key and another body is a conflict at once', async () => {
		const [, other] = await Promise.all([
			createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW }),
			createComplaint(db, {
				idempotencyKey: 'k',
				body: complaint({ situations: ['sem-capacete'] }),
				now: NOW
			})
		]);
		expect(other).toEqual({ kind: 'conflict' });
	});

	test('a failure inside the transaction leaves no trace: no number used, the key free', async () => {
		const broken = [{ mime: 'image/jpeg', bytes: null } as unknown as Photo];
		await expect(
			createComplaint(db, { idempotencyKey: 'k', body: complaint(), photos: broken, now: NOW })
		).rejects.toThrow();
		expect(await count(db, 'complaint')).toBe(0);
		expect(await count(db, 'idempotency')).toBe(0);
		const retry = receipt(
			await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW })
		);
		expect(retry.protocol).toBe('RM-2026-000001');
	});

	test('the key row keeps the response for replays, marked done — neither the key nor the token readable', async () => {
		const key = 'b3c1f0d2-6a7e-4c55-9d0e-2f1a8b7c6d5e';
		const first = receipt(
			await createComplaint(db, { idempotencyKey: key, body: complaint(), now: NOW })
		);
		const row = await db.selectFrom('idempotency').selectAll().executeTakeFirstOrThrow();
		expect(row).toMatchObject({ key: keyId(key), status: 'done', created_at: NOW.toISOString() });
		expect(row.request_hash).toMatch(/^[0-9a-f]{64}$/);
		// What a copy of the database shows: the protocol, never the token nor the key.
		const text = JSON.stringify(row);
		expect(text).not.toContain(first.token);
		expect(text).not.toContain(key);
		expect(JSON.parse(row.response ?? 'null')).toMatchObject({ protocol: first.protocol });
		// The same key and body get the very same receipt back.
		const again = await createComplaint(db, { idempotencyKey: key, body: complaint(), now: NOW });
		expect(again).toEqual({ kind: 'replayed', response: first });
	});
});

describe('createComplaint: several processes on one SQLite file', { timeout: 60_000 }, () => {
	/**
	 * Child processes (tsx), released together once all are ready: better-sqlite3 blocks its
	 * thread while it waits for a lock, so racing connections must live in separate processes.
	 */
	async function race(
		jobs: string[][]
	): Promise<{ key: string; kind: string; protocol?: string }[]> {
		const script = join(dir, 'race.mts');
		const src = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));
		writeFileSync(
			script,
			`import { createInterface } from 'node:readline';
			import { createDb } from ${src('../db')};
			import { createComplaint } from ${src('./intake-write')};
			import { parseComplaint } from ${src('../../domain/complaint')};
			import { lei2059Offenses as offenseCatalog } from ${src('../../profile/rolim-de-moura')};
			const [path, keys] = process.argv.slice(2);
			const now = new Date(${JSON.stringify(NOW.toISOString())});
			const situations = new Set(offenseCatalog.situations.map((s) => s.code));
			const ctx = { now, timeZone: 'America/Porto_Velho', situations };
			const parsed = parseComplaint(${JSON.stringify(FIXTURE)}, ctx);
			if (!parsed.ok) throw new Error('fixture');
			const db = createDb({ kind: 'sqlite', path });
			await db.selectFrom('complaint').select('id').limit(1).execute();
			console.log('ready');
			for await (const line of createInterface({ input: process.stdin })) if (line === 'go') break;
			const out = await Promise.all(keys.split(',').map(async (key) => {
				const r = await createComplaint(db, { idempotencyKey: key, body: parsed.value, now });
				return { key, kind: r.kind, protocol: 'response' in r ? r.response.protocol : undefined };
			}));
			console.log(JSON.stringify(out));
			await db.destroy();`
		);
		const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
		const children = jobs.map((keys) => spawn(tsx, [script, dbPath, keys.join(',')]));
		const outputs = children.map(
			(child) =>
				new Promise<string>((resolve, reject) => {
					let stdout = '';
					let stderr = '';
					child.stdout.on('data', (chunk) => (stdout += chunk));
					child.stderr.on('data', (chunk) => (stderr += chunk));
					child.on('error', reject);
					child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(stderr))));
				})
		);
		const ready = children.map(
			(child) =>
				new Promise<void>((resolve) =>
					child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve())
				)
		);
		await Promise.race([Promise.all(ready), Promise.all(outputs)]);
		for (const child of children) child.stdin.end('go\n');
		return (await Promise.all(outputs)).flatMap((out) => JSON.parse(out.split('\n')[1] ?? '[]'));
	}

	test('three processes at once, one shared key and 20 own keys each → 61 complaints, protocols 1…61', async () => {
		const keys = (p: number) => ['shared', ...Array.from({ length: 20 }, (_, i) => `p${p}-${i}`)];
		const results = await race([keys(1), keys(2), keys(3)]);
		const shared = results.filter((r) => r.key === 'shared');
		expect(shared.map((r) => r.kind).sort()).toEqual(['created', 'replayed', 'replayed']);
		expect(new Set(shared.map((r) => r.protocol)).size).toBe(1);
		const created = results.filter((r) => r.kind === 'created');
		const seqs = created.map((r) => Number(r.protocol?.slice(-6))).sort((a, b) => a - b);
		expect(seqs).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
		expect(await count(db, 'complaint')).toBe(61);
	});
});

describe('getComplaintForRider', () => {
	test('with the token: what was reported, status and public history — never the contact', async () => {
		const { protocol, token } = receipt(
			await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW })
		);
		const view = await getComplaintForRider(db, protocol, token);
		expect(view).toEqual({
			protocol,
			status: 'recebida',
			createdAt: '2026-12-02T15:00:00.000Z',
			occurredAt: '2026-12-02T14:40:00.000Z',
			vehicle: '007',
			vehiclePrefixo: null,
			vehicleDescription: null,
			situations: ['fumando'],
			offenses: offensesOf(['fumando'], lei2059Offenses),
			paidCentavos: null,
			distanceKm: null,
			location: { text: 'Av. 25 de Agosto, perto da praça' },
			description: 'Fumou a corrida inteira.',
			photoCount: 0,
			recording: null,
			history: [{ at: '2026-12-02T15:00:00.000Z', status: 'recebida', note: null }]
		});
		expect(JSON.stringify(view)).not.toMatch(/Maria|99988|contact/);
	});

	test('the distance given for a per-km table is kept as its exact text', async () => {
		const { protocol, token } = receipt(
			await createComplaint(db, {
				idempotencyKey: 'km',
				body: complaint({ situations: ['cobrou-mais'], paidCentavos: 1000, distanceKm: '2,345' }),
				now: NOW
			})
		);
		expect(await getComplaintForRider(db, protocol, token)).toMatchObject({
			paidCentavos: 1000,
			distanceKm: '2.345'
		});
	});

	test('internal events stay internal', async () => {
		const { protocol, token } = receipt(
			await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW })
		);
		const { id } = await db.selectFrom('complaint').select('id').executeTakeFirstOrThrow();
		await db
			.insertInto('complaint_event')
			.values([
				{
					complaint_id: id,
					idx: 1,
					at: '2026-12-03T12:00:00.000Z',
					status: 'em_analise',
					note: 'Motorista reincidente?',
					public: 0
				},
				{
					complaint_id: id,
					idx: 2,
					at: '2026-12-03T12:00:00.000Z',
					status: 'em_analise',
					note: 'Em análise pela SEMAM.',
					public: 1
				}
			])
			.execute();
		const view = await getComplaintForRider(db, protocol, token);
		expect(view?.history.map((h) => h.note)).toEqual([null, 'Em análise pela SEMAM.']);
	});

	test('a wrong token and an unknown protocol look the same: null', async () => {
		const { protocol, token } = receipt(
			await createComplaint(db, { idempotencyKey: 'k', body: complaint(), now: NOW })
		);
		const other = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
		expect(await getComplaintForRider(db, protocol, other)).toBeNull();
		expect(await getComplaintForRider(db, 'RM-2026-000002', token)).toBeNull();
		expect(await getComplaintForRider(db, protocol, '')).toBeNull();
		expect(await getComplaintForRider(db, `${protocol}' or 1=1 --`, token)).toBeNull();
	});

	test('photos are counted, stored stripped', async () => {
		const photos = preparePhotos([
			new Uint8Array(Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAdQmAIXpP+BiOh/AAA=', 'base64'))
		]);
		if (!photos.ok) throw new Error('fixture');
		const { protocol, token } = receipt(
			await createComplaint(db, {
				idempotencyKey: 'k',
				body: complaint(),
				photos: photos.photos,
				now: NOW
			})
		);
		expect((await getComplaintForRider(db, protocol, token))?.photoCount).toBe(1);
		const stored = await db.selectFrom('complaint_photo').selectAll().executeTakeFirstOrThrow();
		expect(stored.mime).toBe('image/webp');
		expect(new Uint8Array(stored.bytes)).toEqual(photos.photos[0]?.bytes);
	});
});

describe('canonicalJson', () => {
	test('keys sorted at every level, undefined dropped, dates as ISO', () => {
		expect(canonicalJson({ b: 1, a: [{ d: new Date(0), c: undefined }] })).toBe(
			'{"a":[{"d":"1970-01-01T00:00:00.000Z"}],"b":1}'
		);
	});
});

describe('submit: the one intake of POST /api/complaints and the /reclamar form', () => {
	const limiter = () => new RateLimiter({ limit: 100, windowSeconds: 3600 });
	const request = { ...FIXTURE, occurredAt: '2026-12-02T10:40:00-04:00' };
	const read =
		(body: Partial<SubmittedBody> = {}): (() => Promise<SubmittedBody>) =>
		async () => ({ request, honeypot: '', ...body });
	const go = (key: string | null | 'body', body: SubmitInput['read'] = read(), l = limiter()) =>
		submit(db, { client: '203.0.113.9', idempotencyKey: key, read: body, now: NOW, limiter: l });

	test('created, then replayed for the same key and body (the same receipt)', async () => {
		const first = await go('k-1');
		const again = await go('k-1');
		expect(first.kind).toBe('created');
		expect(again.kind).toBe('replayed');
		expect(receipt(again as CreateResult)).toEqual(receipt(first as CreateResult));
		expect(await count(db, 'complaint')).toBe(1);
	});

	test('conflict: the same key with another body', async () => {
		await go('k-2');
		const other = await go('k-2', read({ request: { ...request, description: 'Outro relato.' } }));
		expect(other.kind).toBe('conflict');
	});

	test('in_progress: the same key while the first is still being written', async () => {
		const [a, b] = await Promise.all([go('k-3'), go('k-3')]);
		expect([a.kind, b.kind].sort()).toEqual(['created', 'in_progress']);
		expect(await count(db, 'complaint')).toBe(1);
	});

	const invalid: [why: string, run: () => ReturnType<typeof go>, reason: string][] = [
		['no key', () => go(null), 'key'],
		['a malformed key', () => go('não é chave'), 'key'],
		['the form’s key missing from its body', () => go('body'), 'key'],
		['the honeypot filled in', () => go('k-4', read({ honeypot: 'http://spam' })), 'honeypot'],
		[
			'a body that could not be read (413)',
			() =>
				go('k-5', async () => ({
					ok: false as const,
					status: 413 as const,
					code: 'too_large' as const,
					message: 'grande'
				})),
			'body'
		],
		[
			'fields the schema refuses',
			() => go('k-6', read({ request: { ...request, situations: [] } })),
			'fields'
		]
	];
	for (const [why, run, reason] of invalid)
		test(`invalid (${reason}): ${why} — nothing stored`, async () => {
			const outcome = await run();
			expect(outcome).toMatchObject({ kind: 'invalid', reason });
			expect(await count(db, 'complaint')).toBe(0);
			expect(await count(db, 'idempotency')).toBe(0);
		});

	test('the form’s key travels in the body', async () => {
		expect((await go('body', read({ idempotencyKey: 'k-7' }))).kind).toBe('created');
	});

	test('rate limited before the body is read', async () => {
		const l = new RateLimiter({ limit: 1, windowSeconds: 3600 });
		await go('k-8', read(), l);
		let read2 = false;
		const outcome = await go(
			'k-9',
			async () => {
				read2 = true;
				return { request, honeypot: '' };
			},
			l
		);
		expect(outcome).toMatchObject({ kind: 'invalid', reason: 'rate_limited' });
		expect(outcome.kind === 'invalid' && outcome.retryAfterSeconds).toBeGreaterThan(0);
		expect(read2).toBe(false);
	});

	test('IPv6 is counted by /64: 25 addresses of one /64 share a limit of 20', async () => {
		const l = new RateLimiter({ limit: 20, windowSeconds: 600 });
		const outcomes = [];
		for (let i = 1; i <= 25; i++)
			outcomes.push(
				await submit(db, {
					client: `2001:db8:7:7::${i.toString(16)}`,
					idempotencyKey: `v6-${i}`,
					read: read(),
					now: NOW,
					limiter: l
				})
			);
		expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(20);
		expect(outcomes.slice(20).map((o) => o.kind === 'invalid' && o.reason)).toEqual(
			Array(5).fill('rate_limited')
		);
		// Another /64 is another client.
		const other = await submit(db, {
			client: '2001:db8:7:8::1',
			idempotencyKey: 'v6-other',
			read: read(),
			now: NOW,
			limiter: l
		});
		expect(other.kind).toBe('created');
	});

	test('a bad photo is a field error beside the schema’s', async () => {
		const outcome = await go(
			'k-10',
			read({ request: { ...request, situations: [] }, photos: [new Uint8Array([1, 2, 3])] })
		);
		expect(outcome).toMatchObject({
			kind: 'invalid',
			reason: 'fields',
			errors: { fotos: 'complaint_error_photo_type', situations: expect.any(String) }
		});
	});
});
