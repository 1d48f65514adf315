import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MAX_RESULTS, PUBLIC_STATES } from '$lib/domain/open311';
import type { Db } from '$lib/server/db';
import { closeTempDb, openTempDb } from '$lib/server/db/db.fixtures';
import { getPublicRequest, listPublicRequests } from './open311';

let db: Db;
vi.mock('$lib/server/db', async (importOriginal) => ({
	...(await importOriginal<typeof import('$lib/server/db')>()),
	db: () => db
}));
const { GET: list } = await import('../../../routes/open311/v2/requests.json/+server');
const { GET: one } = await import('../../../routes/open311/v2/requests/[protocol].json/+server');
const { GET: services } = await import('../../../routes/open311/v2/services.json/+server');

beforeEach(async () => {
	db = await openTempDb('open311');
});
afterEach(() => closeTempDb(db));

const CONTACT = { name: 'Maria Passageira', phone: '+5569999887766', email: 'maria@example.com' };
const SECRET_NOTE = 'Nota interna: motorista é parente do fiscal';
const RIDER_TEXT = 'Ele me cobrou 15 reais na frente da minha casa, Rua X 123';

let seq = 0;
async function file(
	status: string,
	createdAt: string,
	situations = ['cobrou-mais'],
	events: { status: string; note: string | null; public: boolean; at?: string }[] = []
) {
	seq++;
	const { id } = await db
		.insertInto('complaint')
		.values({
			protocol: `RM-2026-${String(seq).padStart(6, '0')}`,
			year: 2026,
			seq,
			token_hash: 'f'.repeat(64),
			status,
			created_at: createdAt,
			occurred_at: createdAt,
			vehicle: '007',
			vehicle_prefixo: '7',
			vehicle_description: null,
			situations: JSON.stringify(situations),
			offenses: '[]',
			paid_centavos: 1500,
			location_lat: -11.727_123,
			location_lng: -61.779_789,
			location_text: 'Em frente à casa da Maria',
			description: RIDER_TEXT,
			contact_name: CONTACT.name,
			contact_phone: CONTACT.phone,
			contact_email: CONTACT.email
		})
		.returning('id')
		.executeTakeFirstOrThrow();
	const all = [{ status: 'recebida', note: null, public: true, at: createdAt }, ...events];
	await db
		.insertInto('complaint_event')
		.values(
			all.map((e, idx) => ({
				complaint_id: id,
				idx,
				at: e.at ?? createdAt,
				status: e.status,
				note: e.note,
				public: e.public ? 1 : 0
			}))
		)
		.execute();
	return `RM-2026-${String(seq).padStart(6, '0')}`;
}

const event = (path: string, params: Record<string, string> = {}) => {
	const url = new URL(`http://localhost${path}`);
	// Just what the handlers read; `never` fits each handler's own RequestEvent type.
	return { url, params, request: new Request(url) } as unknown as never;
};
const recent = () => new Date(Date.now() - 86_400_000).toISOString();

describe('Open311 reads public fields only', () => {
	test('contact, rider text, typed place, vehicle and private notes never appear', async () => {
		const protocol = await file(
			'em_analise',
			recent(),
			['cobrou-mais'],
			[
				{ status: 'em_analise', note: 'Recebemos e estamos apurando.', public: true },
				{ status: 'em_analise', note: SECRET_NOTE, public: false }
			]
		);
		const res = await list(event('/open311/v2/requests.json'));
		expect(res.status).toBe(200);
		expect(res.headers.get('access-control-allow-origin')).toBe('*');
		const text = await res.text();
		for (const secret of [
			CONTACT.name,
			CONTACT.phone,
			CONTACT.email,
			'maria',
			SECRET_NOTE,
			RIDER_TEXT,
			'casa da Maria',
			'"007"',
			'1500',
			'token',
			'contact'
		])
			expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
		const [r] = JSON.parse(text);
		expect(r).toMatchObject({
			service_request_id: protocol,
			status: 'open',
			// The latest PUBLIC note, not the later private one.
			status_notes: 'Recebemos e estamos apurando.',
			service_code: 'cobrou-mais',
			lat: -11.727,
			long: -61.78
		});
		expect(r.requested_datetime).toMatch(/-04:00$/);
	});

	test('arquivada and duplicada are not listed, nor found by protocol', async () => {
		const archived = await file('arquivada', recent());
		await file('duplicada', recent());
		const shown = await file('procedente', recent());
		const rows = await listPublicRequests(db, {
			from: new Date(Date.now() - 10 * 86_400_000),
			to: new Date(),
			states: PUBLIC_STATES,
			serviceCodes: null,
			ids: null
		});
		expect(rows.map((r) => r.protocol)).toEqual([shown]);
		expect(await getPublicRequest(db, archived)).toBeNull();
		const res = await one(event(`/open311/v2/requests/${archived}.json`, { protocol: archived }));
		expect(res.status).toBe(404);
		expect(await res.json()).toEqual([
			{ code: 404, description: expect.stringContaining(archived) }
		]);
	});

	test('one request by protocol, as a one-element list', async () => {
		const protocol = await file('recebida', recent());
		const res = await one(event(`/open311/v2/requests/${protocol}.json`, { protocol }));
		expect(res.status).toBe(200);
		const body = await res.json();
		expect(body).toHaveLength(1);
		expect(body[0].service_request_id).toBe(protocol);
	});
});

describe('requests.json filters', () => {
	test('status, service_code (the first situation), window and order (newest first)', async () => {
		const now = Date.now();
		const day = 86_400_000;
		const a = await file('recebida', new Date(now - 2 * day).toISOString(), [
			'fumando',
			'cobrou-mais'
		]);
		const b = await file('improcedente', new Date(now - day).toISOString());
		await file('recebida', new Date(now - 100 * day).toISOString()); // outside the default window
		const get = async (q: string) =>
			(await (await list(event(`/open311/v2/requests.json${q}`))).json()).map(
				(r: { service_request_id: string }) => r.service_request_id
			);
		expect(await get('')).toEqual([b, a]);
		expect(await get('?status=open')).toEqual([a]);
		expect(await get('?status=closed')).toEqual([b]);
		expect(await get('?service_code=fumando')).toEqual([a]);
		expect(await get('?service_code=cobrou-mais')).toEqual([b]);
		expect(await get(`?service_request_id=${a}`)).toEqual([a]);
	});

	test('a range over 90 days is a 400 in the GeoReport error format', async () => {
		const res = await list(
			event('/open311/v2/requests.json?start_date=2026-01-01&end_date=2026-06-01')
		);
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual([
			{ code: 400, description: expect.stringContaining('90 dias') }
		]);
	});

	test(`at most ${MAX_RESULTS} requests`, async () => {
		const at = recent();
		const rows = Array.from({ length: MAX_RESULTS + 5 }, (_, i) => ({
			protocol: `RM-2026-${String(900_000 + i)}`,
			year: 2026,
			seq: 900_000 + i,
			token_hash: 'f'.repeat(64),
			status: 'recebida',
			created_at: at,
			occurred_at: at,
			situations: '["fumando"]',
			offenses: '[]'
		}));
		for (let i = 0; i < rows.length; i += 200)
			await db
				.insertInto('complaint')
				.values(rows.slice(i, i + 200))
				.execute();
		const body = await (await list(event('/open311/v2/requests.json'))).json();
		expect(body).toHaveLength(MAX_RESULTS);
	});
});

test('services.json lists the catalog, in the caller’s language', async () => {
	const url = new URL('http://localhost/open311/v2/services.json');
	const request = new Request(url, { headers: { 'accept-language': 'es' } });
	const res = await services({ url, request } as unknown as never);
	const body = await res.json();
	expect(
		body.find((s: { service_code: string }) => s.service_code === 'cobrou-mais')
	).toMatchObject({
		service_name: 'Me cobró más que la tarifa oficial',
		metadata: false,
		type: 'realtime'
	});
});
