/**
 * LGPD across `npm run restore` (scripts/cli/restore-erasures.ts), on SQLite and — with
 * PG_TEST_URL — on PostgreSQL: a backup taken before an erasure, once restored, does not bring the
 * erased contact, recording or transcript back; the erasure's audit row is there again (at its
 * own instant, by its gestor); the ledger is carried over; contacts the retention expired since
 * the backup go at the restore; and a backup older than the retention says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, migrate, type Db } from '../../src/lib/server/db';
import { transition } from '../../src/lib/server/complaints/complaint-admin';
import { addTranscript, eraseContact, erasureLedger } from '../../src/lib/server/complaints/lgpd';
import { FILED, file, member, recordVoice } from '../../src/lib/server/complaints/triage.fixtures';
import { cli, createPgDatabase, pgAdminUrl } from './server-harness';

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'garupa-restore-lgpd-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (url: string): Db =>
	createDb(
		url.startsWith('file:') ? { kind: 'sqlite', path: url.slice(5) } : { kind: 'postgres', url }
	);

const hour = 3_600_000;

/** `npm run restore -- <backup> --force` with CONTACT_RETENTION_DAYS = `days`. */
async function restore(backup: string, live: string, days: string) {
	const saved = process.env['CONTACT_RETENTION_DAYS'];
	process.env['CONTACT_RETENTION_DAYS'] = days;
	try {
		return await cli('restore.ts', [backup, '--force'], live);
	} finally {
		if (saved === undefined) delete process.env['CONTACT_RETENTION_DAYS'];
		else process.env['CONTACT_RETENTION_DAYS'] = saved;
	}
}

/** What the database holds of a complaint's rider: contact, recording, transcript, audit. */
async function state(live: string, protocol: string) {
	const db = open(live);
	try {
		const c = await db
			.selectFrom('complaint')
			.select(['id', 'contact_name', 'contact_phone', 'contact_erased_at'])
			.where('protocol', '=', protocol)
			.executeTakeFirstOrThrow();
		const audio = await db
			.selectFrom('complaint_audio')
			.select('complaint_id')
			.where('complaint_id', '=', c.id)
			.execute();
		const notes = await db
			.selectFrom('complaint_event')
			.select('note')
			.where('complaint_id', '=', c.id)
			.execute();
		const erasures = await db
			.selectFrom('audit_log')
			.select(['at', 'staff_email'])
			.where('action', '=', 'contact.erase')
			.where('entity_id', '=', protocol)
			.execute();
		return {
			name: c.contact_name,
			erasedAt: c.contact_erased_at,
			recording: audio.length,
			history: JSON.stringify(notes),
			erasures,
			ledger: (await erasureLedger(db)).map((e) => e.protocol)
		};
	} finally {
		await db.destroy();
	}
}

/** The story on one kind of database (`live`: its URL; `ext`: the backup's extension). */
async function story(live: string, ext: string) {
	const db = open(live);
	let erased: string;
	let kept: string;
	let gestorEmail: string;
	const erasedAt = new Date(FILED.getTime() + 3 * hour);
	try {
		await migrate(db);
		const fiscal = await member(db);
		const gestor = await member(db, 'gestor');
		gestorEmail = gestor.email;
		erased = (await file(db, { contact: { name: 'Genoveva Quaresma', phone: '69993214567' } }))
			.protocol;
		kept = (await file(db, { contact: { name: 'Teodoro Bastos', phone: '69991112233' } })).protocol;
		await recordVoice(db, erased, new Uint8Array([1, 2, 3]), 1);
		const at = new Date(FILED.getTime() + hour);
		const said = { protocol: erased, text: 'Sou a Genoveva, 99321-4567' };
		expect((await addTranscript(db, fiscal, said, at)).ok).toBe(true);
		// Closed long ago: past a 30-day retention at the restore, within 180.
		const close = { protocol: kept, to: 'arquivada' as const, note: 'ok', public: false };
		expect((await transition(db, gestor, close, at)).ok).toBe(true);
	} finally {
		await db.destroy();
	}

	// 1. The backup, then the rider asks: her contact, recording and transcript are erased.
	const backup = join(dir, `antes-do-apagamento.${ext}`);
	const made = await cli('backup.ts', [backup], live);
	expect(made.status, made.out).toBe(0);
	const again = open(live);
	try {
		const gestor = { id: 2, email: gestorEmail };
		const input = { protocol: erased, reason: 'Pedido da passageira.' };
		expect((await eraseContact(again, gestor, input, erasedAt)).ok).toBe(true);
	} finally {
		await again.destroy();
	}

	// 2. Restored with the default retention (180 days): the erasure stands, its audit row too.
	const restored = await restore(backup, live, '180');
	expect(restored.status, restored.out).toBe(0);
	expect(restored.out).toMatch(/1 apagamento\(s\) posteriores ao backup foram reaplicados/);
	expect(restored.out).not.toMatch(/mais antigo que o prazo de guarda/);
	// The freed bytes were cleaned (SQLite checkpoint, PostgreSQL VACUUM) without a failure.
	expect(restored.out).not.toMatch(/falha ao limpar/);
	const after = await state(live, erased);
	expect(after).toMatchObject({
		name: null,
		erasedAt: erasedAt.toISOString(),
		recording: 0,
		erasures: [{ at: erasedAt.toISOString(), staff_email: gestorEmail }],
		ledger: [erased]
	});
	expect(after.history).not.toMatch(/Genoveva|99321/);
	expect((await state(live, kept)).name).toBe('Teodoro Bastos');

	// 3. Restored again: the ledger survived the first restore, so the erasure survives this one.
	// With a 30-day retention the backup is older than it (said), and the contact the retention
	// expired since the backup goes at the restore.
	const twice = await restore(backup, live, '30');
	expect(twice.status, twice.out).toBe(0);
	expect(twice.out).toMatch(/1 apagamento\(s\) posteriores ao backup foram reaplicados/);
	expect(twice.out).toMatch(
		/este backup é de 2026-11-02 ou antes .*mais antigo que o prazo de guarda dos contatos \(30 dias/
	);
	expect(twice.out).toMatch(/1 contato\(s\) já vencidos pelo prazo de guarda foram apagados/);
	expect((await state(live, erased)).name).toBeNull();
	expect(await state(live, kept)).toMatchObject({ name: null, ledger: [erased, kept].sort() });
}

describe('npm run restore keeps the LGPD erasures', { timeout: 300_000 }, () => {
	test('SQLite', async () => {
		await story(`file:${join(dir, 'vivo.db')}`, 'db');
	});

	test.skipIf(!pgAdminUrl)('PostgreSQL', async () => {
		const d = await createPgDatabase(pgAdminUrl as string, 'garupa_restore_lgpd');
		try {
			await story(d.url, 'pgdump');
		} finally {
			await d.drop();
		}
	});
});
