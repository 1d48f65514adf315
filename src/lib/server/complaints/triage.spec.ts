import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EMPTY_FILTER, parseQueueFilter } from '$lib/domain/triage';
import { auditLog, type Db } from '$lib/server/db';
import { addNote, extendAnswer, moderate, transition } from './complaint-admin';
import { complaintPhoto, getComplaintForStaff } from './complaint-staff';
import { getComplaintForRider } from './rider-view';
import { listQueue } from './triage';
import { exportQueue } from './triage-export';
import { complaintsDb, file, member } from './triage.fixtures';

let db: Db;
beforeEach(async () => {
	db = await complaintsDb();
});
afterEach(() => db.destroy());

const LATER = new Date('2026-11-03T12:00:00Z');

describe('transitions need a note; public notes reach the rider, internal ones never', () => {
	test('em análise with a public note, then an internal note, then procedente', async () => {
		const staff = await member(db);
		const { protocol, token } = await file(db);
		const steps = [
			transition(
				db,
				staff,
				{ protocol, to: 'em_analise', note: 'Vamos apurar.', public: true },
				LATER
			),
			addNote(db, staff, { protocol, note: 'Ligar para o titular.', public: false }, LATER),
			transition(
				db,
				staff,
				{ protocol, to: 'procedente', note: 'Confirmado.', public: true },
				LATER
			)
		];
		for (const step of steps) expect(await step).toEqual({ ok: true });

		const rider = await getComplaintForRider(db, protocol, token);
		expect(rider?.status).toBe('procedente');
		expect(rider?.history.map((e) => [e.status, e.note])).toEqual([
			['recebida', null],
			['em_analise', 'Vamos apurar.'],
			['procedente', 'Confirmado.']
		]);
		const staffView = await getComplaintForStaff(db, protocol, LATER);
		expect(staffView?.history.map((e) => [e.status, e.note, e.public])).toContainEqual([
			'em_analise',
			'Ligar para o titular.',
			false
		]);
		expect(staffView?.closedAt).toBe(LATER.toISOString());
		expect((await auditLog(db, { entityId: protocol })).map((a) => a.action)).toEqual([
			'complaint.transition',
			'complaint.note',
			'complaint.transition'
		]);
	});

	const refused: [from: 'recebida', to: 'procedente' | 'improcedente', why: string][] = [
		['recebida', 'procedente', 'a complaint is analysed before it is founded'],
		['recebida', 'improcedente', 'or unfounded']
	];
	for (const [, to, why] of refused)
		test(`recebida → ${to} is refused: ${why}`, async () => {
			const staff = await member(db);
			const { protocol } = await file(db);
			const result = await transition(db, staff, { protocol, to, note: 'x', public: false }, LATER);
			expect(result).toMatchObject({ ok: false, status: 409 });
			expect(await auditLog(db)).toEqual([]);
		});

	test('duplicada names an existing protocol', async () => {
		const staff = await member(db);
		const first = await file(db);
		const { protocol } = await file(db);
		const bad = await transition(
			db,
			staff,
			{ protocol, to: 'duplicada', note: 'Repetida.', public: true, duplicateOf: 'RM-2026-999999' },
			LATER
		);
		expect(bad).toMatchObject({ ok: false, field: 'duplicada_de' });
		const input = { protocol, to: 'duplicada' as const, note: 'Repetida.', public: true };
		expect(await transition(db, staff, { ...input, duplicateOf: first.protocol }, LATER)).toEqual({
			ok: true
		});
		expect((await getComplaintForStaff(db, protocol, LATER))?.duplicateOf).toBe(first.protocol);
	});

	test('reopening clears closed_at (the LGPD retention stops)', async () => {
		const staff = await member(db);
		const { protocol } = await file(db);
		await transition(db, staff, { protocol, to: 'arquivada', note: 'Vaga.', public: false }, LATER);
		await transition(
			db,
			staff,
			{ protocol, to: 'em_analise', note: 'Novo.', public: false },
			LATER
		);
		expect((await getComplaintForStaff(db, protocol, LATER))?.closedAt).toBeNull();
	});
});

describe('moderation keeps the original; the answer deadline is extended once', () => {
	test('moderating twice keeps the rider’s first words', async () => {
		const staff = await member(db);
		const { protocol, token } = await file(db, { description: 'Texto com telefone 99999-0000' });
		const moderation = { protocol, reason: 'Dado pessoal de terceiro.' };
		await moderate(db, staff, { ...moderation, text: 'Texto com telefone [removido]' }, LATER);
		await moderate(db, staff, { ...moderation, text: 'Texto [removido]' }, LATER);
		const view = await getComplaintForStaff(db, protocol, LATER);
		expect(view?.description).toBe('Texto [removido]');
		expect(view?.descriptionOriginal).toBe('Texto com telefone 99999-0000');
		expect((await getComplaintForRider(db, protocol, token))?.description).toBe('Texto [removido]');
	});

	test('received 2 Nov: due 2 Dec; extended once to 1 Jan (Lei 13.460/2017, art. 16)', async () => {
		const staff = await member(db);
		const { protocol } = await file(db);
		expect((await getComplaintForStaff(db, protocol, LATER))?.answer?.due).toBe('2026-12-02');
		const input = { protocol, reason: 'Aguardando vistoria.' };
		expect(await extendAnswer(db, staff, input, LATER)).toEqual({ ok: true });
		expect(await extendAnswer(db, staff, input, LATER)).toMatchObject({ ok: false, status: 409 });
		const view = await getComplaintForStaff(db, protocol, LATER);
		expect(view?.answer?.due).toBe('2027-01-01');
		expect(view?.extension?.reason).toBe('Aguardando vistoria.');
	});
});

describe('the queue: filters, overdue, search, CSV', () => {
	const query = (q: string) => parseQueueFilter(new URLSearchParams(q)).filter;

	test('filters by status, vehicle, article, dates, text; overdue on 3 Dec', async () => {
		const staff = await member(db);
		const a = await file(db);
		const b = await file(
			db,
			{
				vehicle: 'ABC1234',
				situations: ['cobrou-mais'],
				paidCentavos: 2000,
				description: 'Cobrou 100%_ a mais'
			},
			new Date('2026-11-20T15:00:00Z')
		);
		await transition(
			db,
			staff,
			{ protocol: b.protocol, to: 'em_analise', note: 'Ok', public: true },
			LATER
		);
		const now = new Date('2026-12-03T15:00:00Z');
		const protocols = async (q: string) =>
			(await listQueue(db, query(q), now)).items.map((i) => i.protocol);

		expect(await protocols('')).toEqual([a.protocol, b.protocol]);
		expect(await protocols('status=em_analise')).toEqual([b.protocol]);
		expect(await protocols('veiculo=MT-7')).toEqual([a.protocol]);
		expect(await protocols('artigo=art21')).toEqual([b.protocol]);
		expect(await protocols('artigo=art20-VII')).toEqual([a.protocol]);
		expect(await protocols('artigo=art2')).toEqual([]);
		expect(await protocols('de=2026-11-03')).toEqual([b.protocol]);
		expect(await protocols('ate=2026-11-02')).toEqual([a.protocol]);
		expect(await protocols('atrasadas=1')).toEqual([a.protocol]);
		expect(await protocols('busca=100%25_')).toEqual([b.protocol]);
		expect(await protocols('busca=PRAÇA')).toEqual([a.protocol, b.protocol]);
		expect(await protocols('busca=rm-2026-000002')).toEqual([b.protocol]);
		const page = await listQueue(db, query('atrasadas=1'), now);
		expect(page.items[0]?.answer).toMatchObject({ due: '2026-12-02', overdue: true });
		expect(page).toMatchObject({ total: 1, page: 1, pages: 1 });

		await extendAnswer(db, staff, { protocol: a.protocol, reason: 'Vistoria.' }, now);
		expect(await protocols('atrasadas=1')).toEqual([]);
	});

	test('CSV rows carry no contact', async () => {
		await file(db, { description: '=HYPERLINK("http://x")' });
		const rows = await exportQueue(db, EMPTY_FILTER, LATER);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toContain('=HYPERLINK("http://x")');
		expect(JSON.stringify(rows)).not.toMatch(/Maria|99988/);
	});
});

test('photos: by protocol and index, for the staff view only', async () => {
	const { protocol } = await file(db);
	const { id } = await db
		.selectFrom('complaint')
		.select('id')
		.where('protocol', '=', protocol)
		.executeTakeFirstOrThrow();
	const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
	await db
		.insertInto('complaint_photo')
		.values({ complaint_id: id, idx: 0, mime: 'image/jpeg', bytes })
		.execute();
	expect(await complaintPhoto(db, protocol, 0)).toEqual({
		mime: 'image/jpeg',
		bytes: Buffer.from(bytes)
	});
	expect(await complaintPhoto(db, protocol, 1)).toBeNull();
	expect(await complaintPhoto(db, 'RM-2026-999999', 0)).toBeNull();
	expect((await getComplaintForStaff(db, protocol, LATER))?.photoCount).toBe(1);
});
