/**
 * SEMAM edits the registry as a draft and then publishes it (Art. 8–11). The draft is a working
 * copy of the public fields, seeded from the latest snapshot by the first edit; edits and CSV
 * imports accumulate in it; publishing turns it into the next immutable snapshot and empties it.
 * Riders never see a half-edited registry, and every change is audited (who, when, before → after)
 * in the transaction that makes it.
 */
import type { LocalDate } from '$lib/domain/clock';
import { profile } from '$lib/profile';
import { capStatus, type RegistryRules } from '$lib/domain/registry';
import { validateRegistryCsv, type Issue } from '$lib/domain/registry-csv';
import { diffRegistry, isEmptyDiff, type RegistryDiff } from '$lib/domain/registry-diff';
import { audit, type Db } from '$lib/server/db';
import { latestStaffSnapshot, publishSnapshot } from './registry';
import {
	DRAFT_ID,
	diffSummary,
	draftEntries,
	draftInfo,
	draftDigest,
	dropDraft,
	insertEntries,
	openDraft,
	type Staff
} from './registry-draft';

export type ImportResult =
	| { ok: true; count: number; diff: RegistryDiff; warnings: Issue[] }
	| { ok: false; errors: Issue[]; warnings: Issue[] };

/**
 * Replaces the whole draft with a CSV export, checked exactly as `npm run registry:import` checks
 * it: with any error nothing changes. Publishing is still a separate step, after the preview.
 */
export async function importDraft(
	db: Db,
	staff: Staff,
	csvText: string,
	options: { fileName: string; today: LocalDate; rules: RegistryRules | null; at?: Date }
): Promise<ImportResult> {
	const { entries, errors, warnings } = validateRegistryCsv(csvText, options);
	if (errors.length > 0) return { ok: false, errors, warnings };
	const at = (options.at ?? new Date()).toISOString();
	return db.transaction().execute(async (trx) => {
		const previous = await openDraft(trx, staff, at);
		await trx.deleteFrom('registry_draft_entry').execute();
		await insertEntries(trx, entries);
		await trx
			.updateTable('registry_draft')
			.set({ imported_file: options.fileName })
			.where('id', '=', DRAFT_ID)
			.execute();
		const diff = diffRegistry(previous, entries);
		await audit(
			trx,
			{
				staff,
				action: 'registry.draft.import',
				entity: 'registry_draft',
				entityId: DRAFT_ID,
				before: { entries: previous.length },
				after: { file: options.fileName, entries: entries.length, ...diffSummary(diff) },
				note: 'Rascunho do cadastro substituído pelo arquivo (ainda não publicado).'
			},
			new Date(at)
		);
		return { ok: true, count: entries.length, diff, warnings };
	});
}

/** Throws the draft away: the registry being edited is the published one again. */
export async function discardDraft(db: Db, staff: Staff, at: Date = new Date()): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const draft = await draftInfo(trx);
		if (!draft) return false;
		const entries = await draftEntries(trx);
		const latest = await latestStaffSnapshot(trx);
		await dropDraft(trx);
		await audit(
			trx,
			{
				staff,
				action: 'registry.draft.discard',
				entity: 'registry_draft',
				entityId: DRAFT_ID,
				before: {
					entries: entries.length,
					...diffSummary(diffRegistry(latest?.entries ?? [], entries))
				},
				after: null
			},
			at
		);
		return true;
	});
}

export type PublishRefusal =
	'no_draft' | 'nothing' | 'stale' | 'draft_changed' | 'empty' | 'over_cap';

export type PublishResult =
	| { ok: true; version: number; publishedAt: string; diff: RegistryDiff }
	| { ok: false; reason: PublishRefusal };

/** Why a publish was refused, for the gestor. */
export const REFUSAL: Readonly<Record<PublishRefusal, string>> = {
	no_draft: 'Não há alterações em edição para publicar.',
	nothing: 'O rascunho é igual ao cadastro publicado: nada a publicar.',
	stale:
		'O cadastro publicado mudou depois desta prévia (outra publicação ou importação). ' +
		'Confira a nova prévia antes de publicar.',
	draft_changed:
		'O rascunho mudou depois desta prévia (outra importação ou edição): nada foi publicado. ' +
		'Confira a nova prévia abaixo; uma confirmação vale só para o rascunho que foi mostrado.',
	empty: 'Um cadastro sem nenhum veículo não é publicado.',
	over_cap:
		'Este cadastro tem mais autorizações do que o limite da lei permite. Confira a contagem na ' +
		'prévia; só publique acima do limite confirmando o motivo (por exemplo, um novo censo ainda ' +
		'não registrado no perfil).'
};

/** Where the snapshot came from, shown in the history and to riders. */
export function publishSource(staff: Staff, importedFile: string | null): string {
	const by = `Edição na ${profile.office.acronym} por ${staff.email}`;
	return importedFile ? `${by} (a partir de ${importedFile})` : by;
}

/**
 * Publishes the draft as the next immutable snapshot (version + 1, real data: `sample` 0), writes
 * the audit row and empties the draft, all in one transaction. `previewedVersion` is the latest
 * version the gestor's preview was made against: if another publish came in between, the diff
 * they approved is not the one that would happen, so nothing is published. `previewedDraft` is the
 * preview's `draftDigest`: if the draft changed since (another import, an edit), nothing is
 * published either — what the gestor saw, and confirmed over the cap, is exactly what goes out.
 */
export async function publishDraft(
	db: Db,
	staff: Staff,
	options: {
		previewedVersion: number | null;
		/** The `digest` of the preview the gestor saw (`workingRegistry`). */
		previewedDraft: string;
		at?: Date;
		/** The registry rules in force on `today` (null: no cap to check). */
		rules?: RegistryRules | null;
		today?: LocalDate;
		/** The gestor saw the count over the cap and publishes it anyway (audited). */
		overCapConfirmed?: boolean;
	}
): Promise<PublishResult> {
	const draft = await draftInfo(db);
	if (!draft) return { ok: false, reason: 'no_draft' };
	const [entries, latest] = await Promise.all([draftEntries(db), latestStaffSnapshot(db)]);
	if ((latest?.version ?? null) !== options.previewedVersion) return { ok: false, reason: 'stale' };
	const digest = draftDigest(latest?.version ?? null, entries);
	if (digest !== options.previewedDraft) return { ok: false, reason: 'draft_changed' };
	if (entries.length === 0) return { ok: false, reason: 'empty' };
	const diff = diffRegistry(latest?.entries ?? [], entries);
	if (isEmptyDiff(diff)) return { ok: false, reason: 'nothing' };
	// Publishing grants what the draft added: over the cap, with more places taken than the
	// published registry held, only with the gestor's confirmation (the file may reflect a census
	// the profile does not have yet: staff decide, and the audit says they did).
	const cap = options.today
		? capStatus(entries, latest?.entries ?? null, options.today, options.rules ?? null)
		: null;
	// Over the lower cap a law reported in force gives, too (its text is not public: staff decide).
	const overCap = cap !== null && (cap.over || cap.overReported) && cap.grants;
	if (overCap && !options.overCapConfirmed) return { ok: false, reason: 'over_cap' };

	let stale: PublishRefusal | null = null;
	try {
		const published = await publishSnapshot(db, {
			entries,
			source: publishSource(staff, draft.importedFile),
			// Invented entries left in it keep the whole registry "exemplo" for riders.
			sample: entries.some((e) => e.sample),
			publishedAt: (options.at ?? new Date()).toISOString(),
			inTransaction: async (trx, { version, publishedAt }) => {
				// Re-read inside the transaction: the draft or the snapshot may have moved since.
				if (version - 1 !== (options.previewedVersion ?? 0)) stale = 'stale';
				else if (
					(await draftInfo(trx)) === null ||
					draftDigest(options.previewedVersion, await draftEntries(trx)) !== digest
				)
					stale = 'draft_changed';
				if (stale) throw new Error(stale);
				await dropDraft(trx);
				await audit(
					trx,
					{
						staff,
						action: 'registry.publish',
						entity: 'registry_snapshot',
						entityId: version,
						before: { version: latest?.version ?? null, entries: latest?.entries.length ?? 0 },
						after: {
							version,
							entries: entries.length,
							...diffSummary(diff),
							...(overCap
								? { overCap: { taken: cap.taken, cap: cap.cap, reported: cap.reported } }
								: {})
						},
						note: publishSource(staff, draft.importedFile)
					},
					new Date(publishedAt)
				);
			}
		});
		return { ok: true, ...published, diff };
	} catch (error) {
		if (stale) return { ok: false, reason: stale };
		throw error;
	}
}
