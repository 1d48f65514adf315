/**
 * One vehicle of the registry's draft added, changed or removed by the gestor, audited; the cap on
 * authorizations checked where one is granted.
 */
import type { LocalDate } from '$lib/domain/clock';
import { formatPrefix, normalizePrefix } from '$lib/domain/plate';
import {
	authorizationCap,
	capText,
	countsTowardCap,
	placesTaken,
	reportedCap,
	type RegistryEntry,
	type RegistryRules
} from '$lib/domain/registry';
import { validateRegistryRecord, type Issue, type RegistryRecord } from '$lib/domain/registry-csv';
import { audit, type Db } from '$lib/server/db';
import { draftRow, openDraft, type Staff } from './registry-draft';

type DraftChange = {
	action: string;
	prefixo: string;
	before: RegistryEntry | null;
	/** `overReportedCap`: granted over the lower reported cap, on the gestor's confirmation. */
	after: (RegistryEntry & { overReportedCap?: number | null }) | null;
};

/**
 * The entry as the audit keeps it: the auxiliary's CNH is personal data (LGPD), so the audit only
 * says one is registered; its own validity stays, as any other date.
 */
function audited<T extends RegistryEntry>(e: T | null): T | null {
	if (!e?.auxiliarCnh) return e;
	return { ...e, auxiliarCnh: 'registrada' };
}

/** Audits a change to one vehicle of the draft, which riders do not see until it is published. */
function auditDraft(trx: Db, staff: Staff, { prefixo, ...change }: DraftChange, at: Date) {
	const note = 'Rascunho do cadastro (ainda não publicado).';
	const { before, after } = change;
	return audit(
		trx,
		{
			staff,
			...change,
			before: audited(before),
			after: audited(after),
			entity: 'registry_entry',
			entityId: prefixo,
			note
		},
		at
	);
}

export type SaveResult = { ok: true; entry: RegistryEntry } | { ok: false; errors: Issue[] };

/** The form shows these beside the field, which already says its name. */
function forForm(issue: Issue): Issue {
	return issue.code === 'required' ? { ...issue, message: 'Preencha este campo.' } : issue;
}

/**
 * Adds a vehicle to the draft (`prefixo` undefined) or replaces the one with `prefixo`, after the
 * same checks as the CSV import, unique against the rest of the draft (Art. 11 III). When editing,
 * the prefixo is the one in the URL: a vehicle's number is its identity (remove and add to change
 * it).
 */
export async function saveEntry(
	db: Db,
	staff: Staff,
	record: RegistryRecord,
	options: {
		today: LocalDate;
		prefixo?: string;
		at?: Date;
		/** The registry rules in force (null: the law's text is not available, no cap to check). */
		rules?: RegistryRules | null;
		/**
		 * The gestor grants the place over the lower cap a law reported in force gives (its text is
		 * not public), knowingly: audited.
		 */
		confirmReportedCap?: boolean;
	}
): Promise<SaveResult> {
	const at = (options.at ?? new Date()).toISOString();
	const editing = options.prefixo === undefined ? null : normalizePrefix(options.prefixo);
	if (options.prefixo !== undefined && editing === null)
		throw new RangeError(`Prefixo inválido: ${options.prefixo}`);
	const input = editing === null ? record : { ...record, prefixo: formatPrefix(editing) };

	return db.transaction().execute(async (trx): Promise<SaveResult> => {
		const entries = await openDraft(trx, staff, at);
		const before = editing === null ? null : (entries.find((e) => e.prefixo === editing) ?? null);
		if (editing !== null && before === null)
			return {
				ok: false,
				errors: [
					{
						line: 0,
						column: 'prefixo',
						code: 'not_found',
						message: `O prefixo ${formatPrefix(editing)} não está no cadastro em edição.`
					}
				]
			};
		const others = entries.filter((e) => e.prefixo !== editing);
		const { entry, errors } = validateRegistryRecord(input, {
			today: options.today,
			others,
			rules: options.rules ?? null
		});
		if (!entry) return { ok: false, errors: errors.map(forForm) };
		// An edited sample entry is still invented (the other fields are): only a removal, or an
		// import of the real registry, ends it.
		if (before?.sample) entry.sample = true;
		const full = capRefusal(entry, before, others, options.today, options.rules ?? null);
		if (full) return { ok: false, errors: [full] };
		const overReported = reportedCapRefusal(
			entry,
			before,
			others,
			options.today,
			options.rules ?? null
		);
		if (overReported && !options.confirmReportedCap) return { ok: false, errors: [overReported] };

		if (before) {
			await trx
				.updateTable('registry_draft_entry')
				.set(draftRow(entry))
				.where('prefixo', '=', entry.prefixo)
				.execute();
		} else {
			await trx.insertInto('registry_draft_entry').values(draftRow(entry)).execute();
		}
		const action = before ? 'registry.entry.update' : 'registry.entry.create';
		await auditDraft(
			trx,
			staff,
			{
				action,
				prefixo: entry.prefixo,
				before,
				after: overReported
					? { ...entry, overReportedCap: reportedCap(options.rules as RegistryRules) }
					: entry
			},
			new Date(at)
		);
		return { ok: true, entry };
	});
}

/**
 * The cap on authorizations is checked where one is granted: a vehicle that takes a place it did
 * not hold (a new one, a revoked or expired one renewed) when every place is taken is refused —
 * a suspended authorization keeps its place, as it returns once the irregularity is cured.
 */
function capRefusal(
	entry: RegistryEntry,
	before: RegistryEntry | null,
	others: readonly RegistryEntry[],
	today: LocalDate,
	rules: RegistryRules | null
): Issue | null {
	if (!rules || !countsTowardCap(entry, today)) return null;
	if (before && countsTowardCap(before, today)) return null;
	const taken = placesTaken(others, today);
	if (taken < authorizationCap(rules)) return null;
	return {
		line: 0,
		column: 'situacao',
		code: 'cap_exceeded',
		message:
			`Não há vaga: ${taken} autorizações (suspensas também) já ocupam o ${capText(rules)}. ` +
			'Uma nova autorização só cabe quando outra for cassada, vencer ou sair do cadastro.'
	};
}

/**
 * A place granted over the lower cap a law reported in force gives (`reportedCap`): not refused
 * outright — the law applied still allows it, and the newer law's text is not public — but held
 * for the gestor's confirmation.
 */
function reportedCapRefusal(
	entry: RegistryEntry,
	before: RegistryEntry | null,
	others: readonly RegistryEntry[],
	today: LocalDate,
	rules: RegistryRules | null
): Issue | null {
	const reported = rules ? reportedCap(rules) : null;
	if (!rules || reported === null || !countsTowardCap(entry, today)) return null;
	if (before && countsTowardCap(before, today)) return null;
	const taken = placesTaken(others, today);
	if (taken < reported) return null;
	return {
		line: 0,
		column: 'situacao',
		code: 'cap_reported',
		message:
			`${taken} autorizações (suspensas também) já ocupam as ${reported} vagas da lei que as fontes ` +
			`dizem estar em vigor (${capText(rules)}). Para conceder mesmo assim, marque a confirmação ` +
			'do gestor abaixo: fica no histórico de auditoria.'
	};
}

/** Removes a vehicle from the draft (the authorization ended); false when it is not there. */
export async function removeEntry(
	db: Db,
	staff: Staff,
	prefixo: string,
	at: Date = new Date()
): Promise<boolean> {
	const key = normalizePrefix(prefixo);
	if (key === null) return false;
	return db.transaction().execute(async (trx) => {
		const entries = await openDraft(trx, staff, at.toISOString());
		const before = entries.find((e) => e.prefixo === key);
		if (!before) return false;
		await trx.deleteFrom('registry_draft_entry').where('prefixo', '=', key).execute();
		const change = { action: 'registry.entry.remove', prefixo: key, before, after: null };
		await auditDraft(trx, staff, change, at);
		return true;
	});
}
