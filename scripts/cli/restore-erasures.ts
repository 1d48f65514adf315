/**
 * LGPD across `npm run restore`: a backup older than an erasure must not bring the erased contact
 * back. Before the database is replaced its erasure ledger (`lgpd_erasure`: protocols and
 * instants, no personal data) is read — it lives in the database being replaced, never in the
 * backup being restored, so the restore cannot roll it back. After the backup is in place (and
 * migrated), every erasure the ledger lists is applied again, its audit row written anew, the
 * ledger carried over; then whatever the retention has expired since the backup was taken is
 * erased too. A backup older than the retention is named as such.
 */
import { sql } from 'kysely';
import { type Db, migrate } from '../../src/lib/server/db';
// eslint-disable-next-line no-restricted-imports -- lgpd.ts alone: the complaints index loads the media worker's build-time module, absent under tsx
import {
	eraseExpiredContacts,
	erasureLedger,
	reapplyErasures,
	type LedgerEntry
} from '../../src/lib/server/complaints/lgpd';

/**
 * The ledger of the database about to be replaced. A database from before the ledger
 * (018_erasures) has its erasures in the audit log: they are read from there.
 */
export async function ledgerBeforeRestore(db: Db): Promise<LedgerEntry[]> {
	const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
	if (tables.has('lgpd_erasure')) return erasureLedger(db);
	if (!tables.has('audit_log')) return [];
	const rows = await db
		.selectFrom('audit_log')
		.select(['entity_id', 'at', 'staff_email'])
		.where('action', '=', 'contact.erase')
		.where('entity', '=', 'complaint')
		.orderBy('at')
		.execute();
	const seen = new Map<string, LedgerEntry>();
	for (const r of rows)
		if (r.entity_id && !seen.has(r.entity_id))
			seen.set(r.entity_id, {
				protocol: r.entity_id,
				erased_at: r.at,
				kind: r.staff_email ? 'pedido' : 'prazo',
				staff_email: r.staff_email
			});
	return [...seen.values()];
}

/** What the restore did for the LGPD, for its closing words. */
export interface ErasuresRestored {
	/** Complaints the backup held whose erasure it predates: erased again. */
	reapplied: number;
	/** Contacts past the retention in the backup: erased now. */
	expired: number;
	/** The newest instant the backup records (its last complaint, note or audit row); null if none. */
	newest: string | null;
	/** The backup's newest instant is older than the retention. */
	olderThanRetention: boolean;
	retentionDays: number;
}

/** The newest instant the database records: when the backup was, at the latest, taken. */
async function newestInstant(db: Db): Promise<string | null> {
	const { rows } = await sql<{ newest: string | null }>`
		select max(at) as newest from (
			select max(created_at) as at from complaint
			union all select max(at) from complaint_event
			union all select max(at) from audit_log
		) instants
	`.execute(db);
	return rows[0]?.newest ?? null;
}

/**
 * On the restored database, before any app sees it: migrated to this version, the `ledger`'s
 * erasures applied again, the expired contacts erased.
 */
export async function eraseAfterRestore(
	db: Db,
	ledger: LedgerEntry[],
	retentionDays: number,
	now: Date = new Date()
): Promise<ErasuresRestored> {
	await migrate(db);
	const newest = await newestInstant(db);
	const reapplied = await reapplyErasures(db, ledger);
	const expired = await eraseExpiredContacts(db, now, retentionDays);
	const olderThanRetention =
		newest !== null && now.getTime() - new Date(newest).getTime() > retentionDays * 86_400_000;
	return { reapplied, expired, newest, olderThanRetention, retentionDays };
}

/** The restore's words about the LGPD (pt-BR), empty when there is nothing to say. */
export function erasureWords(e: ErasuresRestored): string {
	const parts: string[] = [];
	if (e.olderThanRetention && e.newest)
		parts.push(
			` Atenção: este backup é de ${e.newest.slice(0, 10)} ou antes (seu registro mais recente), ` +
				`mais antigo que o prazo de guarda dos contatos (${e.retentionDays} dias, ` +
				'CONTACT_RETENTION_DAYS): guarde-o só enquanto a lei exigir.'
		);
	if (e.reapplied > 0)
		parts.push(
			` LGPD: ${e.reapplied} apagamento(s) posteriores ao backup foram reaplicados ` +
				'(contato, gravação e transcrição apagados de novo).'
		);
	if (e.expired > 0)
		parts.push(
			` LGPD: ${e.expired} contato(s) já vencidos pelo prazo de guarda foram apagados na restauração.`
		);
	return parts.join('');
}
