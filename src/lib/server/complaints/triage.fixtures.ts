/**
 * Test fixtures for the triage specs: their database, a rider's complaint and a staff member.
 * Tests only.
 */
import { parseComplaint } from '$lib/domain/complaint';
import { profile } from '$lib/profile';
import { lei2059Offenses as offenseCatalog, rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import type { Db } from '$lib/server/db';
import { memoryDb } from '$lib/server/db/db.fixtures';
import { ensureSampleRegistry } from '$lib/server/registry';
import { createComplaint } from './intake-write';

const situations = new Set(offenseCatalog.situations.map((s) => s.code));
export const FILED = new Date('2026-11-02T15:00:00Z');

/** A migrated database in memory whose registry, the sample's, identifies vehicle 007. */
export async function complaintsDb(): Promise<Db> {
	const db = await memoryDb();
	await ensureSampleRegistry(db, rolimDeMouraFiles.registrySample, '2026-01-01');
	return db;
}

/** Files a complaint as a rider would; returns its protocol and token. */
export async function file(db: Db, fields: Record<string, unknown> = {}, now = FILED) {
	const parsed = parseComplaint(
		{
			vehicle: '007',
			occurredAt: new Date(now.getTime() - 3_600_000).toISOString(),
			situations: ['fumando'],
			location: { text: 'Praça central' },
			description: 'Fumou a corrida inteira.',
			contact: { name: 'Maria', phone: '(69) 99988-7766' },
			...fields
		},
		{ now, timeZone: profile.timeZone, situations }
	);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
	const result = await createComplaint(db, {
		idempotencyKey: crypto.randomUUID(),
		body: parsed.value,
		now
	});
	if (result.kind !== 'created') throw new Error(result.kind);
	return { protocol: result.response.protocol, token: result.response.token };
}

/** A staff member in the database (the audit log references it). */
export async function member(db: Db, role: 'fiscal' | 'gestor' = 'fiscal') {
	const email = `${role}@garupa.test`;
	const name = role === 'fiscal' ? 'Fernanda Fiscal' : 'Gustavo Gestor';
	const { id } = await db
		.insertInto('staff')
		.values({ email, name, role, password_hash: 'x', created_at: FILED.toISOString() })
		.returning('id')
		.executeTakeFirstOrThrow();
	return { id, email, name, role };
}

/** Attaches a voice recording of `bytes` to the complaint `protocol`; returns the complaint's id. */
export async function recordVoice(db: Db, protocol: string, bytes: Uint8Array, durationMs: number) {
	const { id } = await db
		.selectFrom('complaint')
		.select('id')
		.where('protocol', '=', protocol)
		.executeTakeFirstOrThrow();
	await db
		.insertInto('complaint_audio')
		.values({ complaint_id: id, mime: 'audio/ogg', bytes, duration_ms: durationMs })
		.execute();
	return id;
}
