import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { auditLog, type Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import { transition } from './complaint-admin';
import { getComplaintForStaff } from './complaint-staff';
import {
	eraseContact,
	erasedWords,
	eraseExpiredContacts,
	ERASURE_INTERVAL_MS,
	revealContact,
	scheduleContactErasure
} from './lgpd';
import { FILED, file, member } from './triage.fixtures';

let db: Db;
beforeEach(async () => {
	db = await memoryDb();
});
afterEach(() => db.destroy());

const day = 86_400_000;

describe('the contact: shown on demand, each view audited (LGPD)', () => {
	test('revealContact returns it and writes contact.view, without the data', async () => {
		const staff = await member(db);
		const { protocol } = await file(db);
		expect(await revealContact(db, staff, protocol, FILED)).toEqual({
			kind: 'contact',
			contact: { name: 'Maria', phone: '+5569999887766', email: null }
		});
		const [row] = await auditLog(db);
		expect(row).toMatchObject({
			action: 'contact.view',
			staffEmail: staff.email,
			entityId: protocol
		});
		expect(JSON.stringify(row)).not.toMatch(/Maria|99988/);
	});

	test('the staff view says a contact exists, never what it is', async () => {
		const { protocol } = await file(db);
		const view = await getComplaintForStaff(db, protocol, FILED);
		expect(view?.hasContact).toBe(true);
		expect(JSON.stringify(view)).not.toMatch(/Maria|99988/);
	});
});

describe('eraseExpiredContacts: N days after close', () => {
	test('erases only closed complaints past the retention, once, audited with no staff', async () => {
		const staff = await member(db);
		const closedOld = await file(db);
		const closedRecent = await file(db);
		const open = await file(db);
		const close = (protocol: string, at: Date) =>
			transition(db, staff, { protocol, to: 'arquivada', note: 'x', public: false }, at);
		await close(closedOld.protocol, FILED);
		await close(closedRecent.protocol, new Date(FILED.getTime() + 10 * day));

		const now = new Date(FILED.getTime() + 181 * day);
		expect(await eraseExpiredContacts(db, now, 180)).toBe(1);
		expect(await eraseExpiredContacts(db, now, 180)).toBe(0);

		expect(await revealContact(db, staff, closedOld.protocol, now)).toEqual({
			kind: 'erased',
			at: now.toISOString()
		});
		expect((await revealContact(db, staff, closedRecent.protocol, now))?.kind).toBe('contact');
		expect((await revealContact(db, staff, open.protocol, now))?.kind).toBe('contact');
		const erasures = await auditLog(db, { action: 'contact.erase' });
		expect(erasures).toMatchObject([{ entityId: closedOld.protocol, staffEmail: null }]);
		const raw = await db
			.selectFrom('complaint')
			.select(['contact_name', 'contact_phone', 'contact_email'])
			.where('protocol', '=', closedOld.protocol)
			.executeTakeFirstOrThrow();
		expect(raw).toEqual({ contact_name: null, contact_phone: null, contact_email: null });
	});

	test('the retention is the setting: 30 days erases what 180 keeps', async () => {
		const staff = await member(db);
		const { protocol } = await file(db);
		await transition(db, staff, { protocol, to: 'arquivada', note: 'x', public: false }, FILED);
		const now = new Date(FILED.getTime() + 31 * day);
		expect(await eraseExpiredContacts(db, now, 180)).toBe(0);
		expect(await eraseExpiredContacts(db, now, 30)).toBe(1);
	});
});

test('a gestor erases early with a reason; nothing left to erase afterwards', async () => {
	const gestor = await member(db, 'gestor');
	const { protocol } = await file(db);
	const input = { protocol, reason: 'Pedido da titular por e-mail.' };
	expect(await eraseContact(db, gestor, input, FILED)).toEqual({
		ok: true,
		erased: { contact: true, recording: false }
	});
	expect(await eraseContact(db, gestor, input, FILED)).toMatchObject({ ok: false, status: 409 });
	expect(await auditLog(db, { action: 'contact.erase' })).toMatchObject([
		{ staffEmail: gestor.email, note: input.reason }
	]);
});

test('the job runs every hour without holding the process, until stopped', async () => {
	vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
	try {
		vi.setSystemTime(FILED);
		const staff = await member(db);
		const { protocol } = await file(db);
		await transition(db, staff, { protocol, to: 'arquivada', note: 'x', public: false }, FILED);
		vi.spyOn(console, 'info').mockImplementation(() => {});
		const stop = scheduleContactErasure(() => db, 1);
		vi.setSystemTime(new Date(FILED.getTime() + 2 * day));
		await vi.advanceTimersByTimeAsync(ERASURE_INTERVAL_MS);
		await vi.waitFor(async () =>
			expect(await auditLog(db, { action: 'contact.erase' })).toHaveLength(1)
		);
		stop();
		expect(vi.getTimerCount()).toBe(0);
	} finally {
		vi.useRealTimers();
		vi.restoreAllMocks();
	}
});

describe('the staff page names what an early erasure took away', () => {
	const cases: [contact: boolean, recording: boolean, words: string][] = [
		[true, false, 'Contato apagado.'],
		[false, true, 'Gravação apagada.'],
		[true, true, 'Contato e gravação apagados.']
	];
	test.each(cases)('contact %s, recording %s → %s', (contact, recording, words) => {
		expect(erasedWords({ contact, recording })).toBe(words);
	});
});
