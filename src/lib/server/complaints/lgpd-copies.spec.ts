/**
 * LGPD erasure takes every copy (Lei 13.709/2018, art. 16 and art. 18 VI): the staff's typed
 * transcript of the recording, the contact quoted in the history and the audit log — and the bytes
 * leave the database file and its write-ahead log.
 */
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '$lib/server/db';
import { closeTempDb, memoryDb, openTempDb } from '$lib/server/db/db.fixtures';
import { addNote, transition } from './complaint-admin';
import { addTranscript, eraseContact, eraseExpiredContacts, erasureLedger } from './lgpd';
import { FILED, file, member, recordVoice } from './triage.fixtures';

const NAME = 'Genoveva Quaresma';
const PHONE = '(69) 99321-4567';
const SPOKEN = 'Aqui é a Genoveva Quaresma, meu zap é 99321-4567, o piloto xingou-me';
const VOICE = 'VOZ-DA-PASSAGEIRA-0xC0FFEE';
const later = new Date(FILED.getTime() + 3_600_000);

/** A complaint with a contact, a recording, a transcript and a note that quotes the phone. */
async function story(db: Db) {
	const fiscal = await member(db);
	const gestor = await member(db, 'gestor');
	const { protocol } = await file(db, { contact: { name: NAME, phone: PHONE } });
	const id = await recordVoice(db, protocol, new Uint8Array(Buffer.from(VOICE.repeat(40))), 4000);
	expect((await addTranscript(db, fiscal, { protocol, text: SPOKEN }, later)).ok).toBe(true);
	const quoted = { protocol, note: 'Liguei para 99321-4567, sem resposta.', public: false };
	expect((await addNote(db, fiscal, quoted, later)).ok).toBe(true);
	return { protocol, id, gestor };
}

/** Everything the database says about the complaint, as text. */
async function everything(db: Db, id: number, protocol: string): Promise<string> {
	const rows = [
		await db.selectFrom('complaint').selectAll().where('id', '=', id).execute(),
		await db.selectFrom('complaint_event').selectAll().where('complaint_id', '=', id).execute(),
		await db.selectFrom('audit_log').selectAll().where('entity_id', '=', protocol).execute()
	];
	return JSON.stringify(rows);
}

let open: Db | undefined;
afterEach(async () => {
	if (open) await closeTempDb(open);
	open = undefined;
});

describe('an erasure takes the typed copies', () => {
	test('on request: the transcript (history and audit log) and the quoted phone go', async () => {
		const db = await memoryDb();
		try {
			const { protocol, id, gestor } = await story(db);
			expect(await everything(db, id, protocol)).toMatch(/Genoveva|99321/);
			const input = { protocol, reason: 'Pedido da passageira.' };
			expect((await eraseContact(db, gestor, input, later)).ok).toBe(true);
			const after = await everything(db, id, protocol);
			expect(after).not.toMatch(/Genoveva|Quaresma|99321|4567|xingou/);
			// The history still says a transcript and a call existed.
			const notes = (
				await db
					.selectFrom('complaint_event')
					.select('note')
					.where('complaint_id', '=', id)
					.orderBy('idx')
					.execute()
			).map((e) => e.note);
			expect(notes).toContain('Transcrição da gravação: [apagada (LGPD)]');
			expect(notes).toContain('Liguei para [apagado], sem resposta.');
			expect(await erasureLedger(db)).toEqual([
				{ protocol, erased_at: later.toISOString(), kind: 'pedido', staff_email: gestor.email }
			]);
		} finally {
			await db.destroy();
		}
	});

	test('by age: the same, and the ledger says the retention did it', async () => {
		const db = await memoryDb();
		try {
			const { protocol, id, gestor } = await story(db);
			const close = { protocol, to: 'arquivada' as const, note: 'ok', public: false };
			expect((await transition(db, gestor, close, later)).ok).toBe(true);
			const now = new Date(later.getTime() + 200 * 86_400_000);
			expect(await eraseExpiredContacts(db, now, 180)).toBe(1);
			expect(await everything(db, id, protocol)).not.toMatch(/Genoveva|99321|xingou/);
			expect(await erasureLedger(db)).toMatchObject([
				{ protocol, kind: 'prazo', staff_email: null }
			]);
		} finally {
			await db.destroy();
		}
	});

	test('a new transcript is not copied into the audit log', async () => {
		const db = await memoryDb();
		try {
			const { protocol } = await story(db);
			const rows = await db
				.selectFrom('audit_log')
				.selectAll()
				.where('entity_id', '=', protocol)
				.execute();
			expect(JSON.stringify(rows)).not.toMatch(/xingou/);
		} finally {
			await db.destroy();
		}
	});
});

describe('the erased bytes leave the SQLite file (secure_delete, WAL truncated)', () => {
	test('neither the database file nor its -wal holds the name, phone, transcript or voice', async () => {
		const db = (open = await openTempDb('lgpd-bytes'));
		const { protocol, gestor } = await story(db);
		// As in production: the pages with the data are in the database file and in the log.
		await sql`pragma wal_checkpoint(PASSIVE)`.execute(db);
		await addNote(
			db,
			gestor,
			{ protocol, note: 'Genoveva Quaresma retornou.', public: false },
			later
		);
		const { path } = (await db
			.selectFrom('kysely_migration' as never)
			.select(sql<string>`(select file from pragma_database_list where name = 'main')`.as('path'))
			.executeTakeFirstOrThrow()) as { path: string };
		const bytes = () =>
			Buffer.concat([path, `${path}-wal`].filter(existsSync).map((p) => readFileSync(p))).toString(
				'latin1'
			);
		expect(bytes()).toContain('Genoveva');
		expect(bytes()).toContain(VOICE);

		const input = { protocol, reason: 'Pedido da passageira.' };
		expect((await eraseContact(db, gestor, input, later)).ok).toBe(true);
		const left = bytes();
		for (const secret of ['Genoveva', 'Quaresma', '99321', '+5569993214567', 'xingou', VOICE])
			expect(left, secret).not.toContain(secret);
	});
});
