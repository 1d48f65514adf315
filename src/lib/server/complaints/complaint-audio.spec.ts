/**
 * A complaint told in the rider's voice: the recording travels through the one intake (`submit`,
 * shared by the /reclamar form and POST /api/complaints), is stored with the complaint, reaches
 * staff and the rider's token only, counts in the idempotency of its key, is erased with the
 * contact (LGPD) and is named in the CSV export.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EMPTY_FILTER } from '$lib/domain/triage';
import { webmAudio, text as textBytes } from './fixtures/audio';
import { auditLog, type Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import { transition } from './complaint-admin';
import { complaintRecording, getComplaintForStaff } from './complaint-staff';
import { submit, type SubmittedBody, type SubmitOutcome } from './intake';
import { getComplaintForRider, recordingForRider } from './rider-view';
import { eraseContact, eraseExpiredContacts } from './lgpd';
import { RateLimiter } from '$lib/server/http/rate-limit';
import { exportQueue } from './triage-export';
import { member } from './triage.fixtures';

let db: Db;
beforeEach(async () => {
	db = await memoryDb();
});
afterEach(() => db.destroy());

const NOW = new Date('2026-12-02T15:00:00Z');
const REQUEST = {
	vehicle: 'MT-007',
	occurredAt: '2026-12-02T10:40:00-04:00',
	situations: ['fumando'],
	description: 'Fumou a corrida inteira.',
	contact: { name: 'Maria', phone: '(69) 99988-7766' }
};
const THREE_SECONDS = webmAudio({ durationMs: 3000 });

function go(key: string, body: Partial<SubmittedBody> = {}, now = NOW): Promise<SubmitOutcome> {
	return submit(db, {
		client: '203.0.113.9',
		idempotencyKey: key,
		read: async () => ({ request: REQUEST, honeypot: '', ...body }),
		now,
		limiter: new RateLimiter({ limit: 100, windowSeconds: 3600 })
	});
}

async function filed(key: string, body: Partial<SubmittedBody> = {}) {
	const outcome = await go(key, body);
	if (outcome.kind !== 'created') throw new Error(`expected created, got ${outcome.kind}`);
	return outcome.response;
}

const audioRows = async () =>
	Number(
		(
			await db
				.selectFrom('complaint_audio')
				.select((eb) => eb.fn.countAll().as('n'))
				.executeTakeFirstOrThrow()
		).n
	);

describe('intake: a recording is stored with its complaint', () => {
	test('type and duration from the bytes; the rider and staff see its length, not its bytes', async () => {
		const { protocol, token } = await filed('v-1', { audio: THREE_SECONDS });
		const row = await db.selectFrom('complaint_audio').selectAll().executeTakeFirstOrThrow();
		expect(row.mime).toBe('audio/webm');
		expect(new Uint8Array(row.bytes)).toEqual(THREE_SECONDS);
		expect(row.duration_ms).toBeGreaterThanOrEqual(2900);
		expect(row.duration_ms).toBeLessThanOrEqual(3200);

		const rider = await getComplaintForRider(db, protocol, token);
		expect(rider?.recording).toEqual({ durationMs: row.duration_ms });
		const staff = await getComplaintForStaff(db, protocol, NOW);
		expect(staff?.recording).toEqual({ durationMs: row.duration_ms });
	});

	test('no recording: none stored, none shown', async () => {
		const { protocol, token } = await filed('v-2');
		expect(await audioRows()).toBe(0);
		expect((await getComplaintForRider(db, protocol, token))?.recording).toBeNull();
		expect((await getComplaintForStaff(db, protocol, NOW))?.recording).toBeNull();
		expect(await complaintRecording(db, protocol)).toBeNull();
	});

	test('an empty file part is no recording (a form posted with nothing chosen)', async () => {
		await filed('v-3', { audio: new Uint8Array(0) });
		expect(await audioRows()).toBe(0);
	});

	test('"outro" with a recording and no typed words is a complaint', async () => {
		const request = { ...REQUEST, situations: ['outro'], description: null };
		expect((await go('v-4', { request, audio: THREE_SECONDS })).kind).toBe('created');
		expect(await go('v-5', { request })).toMatchObject({
			kind: 'invalid',
			errors: { description: 'complaint_error_description_required' }
		});
	});

	const refused: [why: string, bytes: Uint8Array, reason: string][] = [
		['a text file named .webm', textBytes('Isto não é uma gravação.\n'.repeat(40)), 'type'],
		['over 1 MB', webmAudio({ durationMs: 3000, padToBytes: 1024 * 1024 + 1 }), 'size'],
		['five minutes', webmAudio({ durationMs: 300_000 }), 'duration'],
		['cut short inside its header', THREE_SECONDS.subarray(0, 20), 'corrupt']
	];
	for (const [why, bytes, reason] of refused)
		test(`refused (${reason}): ${why} — a field error, nothing stored`, async () => {
			expect(await go('v-6', { audio: bytes })).toEqual({
				kind: 'invalid',
				reason: 'fields',
				errors: { audio: `complaint_error_audio_${reason}` }
			});
			expect(await audioRows()).toBe(0);
			expect(await db.selectFrom('complaint').select('id').execute()).toEqual([]);
		});
});

describe('idempotency: the recording is part of what a key carries', () => {
	test('the same key with the same recording: the first receipt, one recording', async () => {
		const first = await go('k-1', { audio: THREE_SECONDS });
		const again = await go('k-1', { audio: new Uint8Array(THREE_SECONDS) });
		expect(first.kind).toBe('created');
		expect(again.kind).toBe('replayed');
		expect(again.kind === 'replayed' && again.response.protocol).toBe(
			first.kind === 'created' && first.response.protocol
		);
		expect(await audioRows()).toBe(1);
	});

	test('the same key with another recording, or without it: conflict', async () => {
		await go('k-2', { audio: THREE_SECONDS });
		expect((await go('k-2', { audio: webmAudio({ durationMs: 4000 }) })).kind).toBe('conflict');
		expect((await go('k-2')).kind).toBe('conflict');
		expect(await audioRows()).toBe(1);
	});
});

describe('serving: staff by protocol, the rider by the receipt’s token only', () => {
	test('the right token gets the bytes; a wrong token and an unknown protocol get nothing', async () => {
		const { protocol, token } = await filed('s-1', { audio: THREE_SECONDS });
		const mine = await recordingForRider(db, protocol, token);
		expect(mine?.mime).toBe('audio/webm');
		expect(new Uint8Array(mine?.bytes ?? [])).toEqual(THREE_SECONDS);
		const other = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
		expect(await recordingForRider(db, protocol, other)).toBeNull();
		expect(await recordingForRider(db, 'RM-2026-999999', token)).toBeNull();
		expect(await recordingForRider(db, protocol, 'curto')).toBeNull();
		expect((await complaintRecording(db, protocol))?.mime).toBe('audio/webm');
		expect(await complaintRecording(db, 'RM-2026-999999')).toBeNull();
	});
});

describe('LGPD: the rider’s voice is erased with the contact', () => {
	const day = 86_400_000;
	const close = async (protocol: string) => {
		const staff = await member(db);
		for (const to of ['em_analise', 'procedente'] as const)
			expect(await transition(db, staff, { protocol, to, note: 'x', public: false }, NOW)).toEqual({
				ok: true
			});
	};

	test('the retention job deletes the recording of a complaint closed past the limit', async () => {
		const { protocol } = await filed('l-1', { audio: THREE_SECONDS });
		await close(protocol);
		expect(await eraseExpiredContacts(db, new Date(NOW.getTime() + 179 * day), 180)).toBe(0);
		expect(await audioRows()).toBe(1);
		expect(await eraseExpiredContacts(db, new Date(NOW.getTime() + 181 * day), 180)).toBe(1);
		expect(await audioRows()).toBe(0);
		expect((await getComplaintForStaff(db, protocol, NOW))?.recording).toBeNull();
		const erasure = (await auditLog(db, { entityId: protocol })).find(
			(a) => a.action === 'contact.erase'
		);
		expect(erasure?.after).toEqual({ contact: 'apagado', gravacao: 'apagada' });
	});

	test('a recording without a contact is erased too, once; an open complaint keeps its own', async () => {
		const silent = await filed('l-2', {
			request: { ...REQUEST, contact: null },
			audio: THREE_SECONDS
		});
		await filed('l-3', { audio: THREE_SECONDS });
		await close(silent.protocol);
		const later = new Date(NOW.getTime() + 181 * day);
		expect(await eraseExpiredContacts(db, later, 180)).toBe(1);
		expect(await eraseExpiredContacts(db, later, 180)).toBe(0);
		expect(await audioRows()).toBe(1);
		expect(await complaintRecording(db, silent.protocol)).toBeNull();
	});

	test('a gestor erasing on the rider’s request erases the recording (also with no contact)', async () => {
		const gestor = await member(db, 'gestor');
		const { protocol } = await filed('l-4', {
			request: { ...REQUEST, contact: null },
			audio: THREE_SECONDS
		});
		expect(await eraseContact(db, gestor, { protocol, reason: 'Pedido' }, NOW)).toEqual({
			ok: true,
			erased: { contact: false, recording: true }
		});
		expect(await audioRows()).toBe(0);
		expect(await eraseContact(db, gestor, { protocol, reason: 'Pedido' }, NOW)).toMatchObject({
			ok: false,
			status: 409
		});
	});
});

describe('CSV export: whether a recording exists, never the recording', () => {
	test('gravacao is sim or não', async () => {
		await filed('c-1', { audio: THREE_SECONDS });
		await filed('c-2');
		const rows = await exportQueue(db, EMPTY_FILTER, NOW);
		expect(rows.map((r) => r.at(-1))).toEqual(['sim', 'não']);
	});
});
