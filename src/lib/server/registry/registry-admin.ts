/**
 * SEMAM edits the registry as a draft and then publishes it (Art. 8–11). The draft is a working
 * copy of the public fields, seeded from the latest snapshot by the first edit; edits and CSV
 * imports accumulate in it; publishing turns it into the next immutable snapshot and empties it.
 * Riders never see a half-edited registry, and every change is audited (who, when, before → after)
 * in the transaction that makes it.
 */
import type { LocalDate } from '$lib/domain/clock';
import { formatPlate, formatPrefix, normalizePrefix } from '$lib/domain/plate';
import { profile } from '$lib/profile';
import {
	authorizationCap,
	capStatus,
	capText,
	countsTowardCap,
	placesTaken,
	type RegistryEntry,
	type RegistryRules,
	type RegistrySnapshot
} from '$lib/domain/registry';
import {
	REGISTRY_COLUMNS,
	validateRegistryCsv,
	validateRegistryRecord,
	type Issue,
	type RegistryColumn,
	type RegistryRecord
} from '$lib/domain/registry-csv';
import { diffRegistry, isEmptyDiff, type RegistryDiff } from '$lib/domain/registry-diff';
import type { StaffMember } from '$lib/domain/staff';
import {
	audit,
	type Db,
	type RegistryEntryTable,
	type RegistryDraftEntryTable
} from '$lib/server/db';
import { fromRow, latestSnapshot, publishSnapshot, toRow } from './registry';

type Staff = Pick<StaffMember, 'id' | 'email'>;

export interface DraftInfo {
	/** The snapshot the draft was seeded from; null when none existed. */
	baseVersion: number | null;
	createdAt: string;
	updatedAt: string;
	updatedBy: string;
	importedFile: string | null;
}

export interface WorkingRegistry {
	/** Null when nothing is being edited: `entries` are then the published ones. */
	draft: DraftInfo | null;
	latest: RegistrySnapshot | null;
	/** The registry being edited, ordered by prefixo as a number. */
	entries: RegistryEntry[];
	/** From the latest snapshot to `entries`: what publishing would change. */
	diff: RegistryDiff;
}

const DRAFT_ID = 1;
/** Rows per INSERT: 13 parameters each stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

const byPrefixo = (a: RegistryEntry, b: RegistryEntry) =>
	a.prefixo.localeCompare(b.prefixo, 'pt-BR', { numeric: true });

async function draftInfo(db: Db): Promise<DraftInfo | null> {
	const row = await db
		.selectFrom('registry_draft')
		.selectAll()
		.where('id', '=', DRAFT_ID)
		.executeTakeFirst();
	return row
		? {
				baseVersion: row.base_version,
				createdAt: row.created_at,
				updatedAt: row.updated_at,
				updatedBy: row.updated_by,
				importedFile: row.imported_file
			}
		: null;
}

async function draftEntries(db: Db): Promise<RegistryEntry[]> {
	const rows = await db.selectFrom('registry_draft_entry').selectAll().execute();
	return rows.map(fromRow).sort(byPrefixo);
}

/** The draft if there is one, else the published registry; with the diff a publish would make. */
export async function workingRegistry(db: Db): Promise<WorkingRegistry> {
	const [draft, latest] = await Promise.all([draftInfo(db), latestSnapshot(db)]);
	const entries = draft ? await draftEntries(db) : (latest?.entries ?? []);
	return { draft, latest, entries, diff: diffRegistry(latest?.entries ?? [], entries) };
}

/** One vehicle of the registry being edited (prefixo as painted or canonical), or null. */
export async function workingEntry(db: Db, prefixo: string): Promise<RegistryEntry | null> {
	const key = normalizePrefix(prefixo);
	if (key === null) return null;
	return (await workingRegistry(db)).entries.find((e) => e.prefixo === key) ?? null;
}

/** The public fields only, as `registry_entry` stores them (LGPD: see `toRow`). */
function draftRow(e: RegistryEntry): RegistryDraftEntryTable {
	const row: Partial<RegistryEntryTable> = toRow(0, e);
	delete row.snapshot_version;
	return row as RegistryDraftEntryTable;
}

/**
 * The draft's entries inside `trx`, creating the draft from the latest snapshot when there is
 * none yet (the first edit after a publish starts from what riders see).
 */
async function openDraft(trx: Db, staff: Staff, at: string): Promise<RegistryEntry[]> {
	if (await draftInfo(trx)) {
		await trx
			.updateTable('registry_draft')
			.set({ updated_at: at, updated_by: staff.email })
			.where('id', '=', DRAFT_ID)
			.execute();
		return draftEntries(trx);
	}
	const latest = await latestSnapshot(trx);
	await trx
		.insertInto('registry_draft')
		.values({
			id: DRAFT_ID,
			base_version: latest?.version ?? null,
			created_at: at,
			updated_at: at,
			updated_by: staff.email,
			imported_file: null
		})
		.execute();
	const entries = latest?.entries ?? [];
	await insertEntries(trx, entries);
	return entries;
}

async function insertEntries(trx: Db, entries: readonly RegistryEntry[]): Promise<void> {
	for (let i = 0; i < entries.length; i += CHUNK)
		await trx
			.insertInto('registry_draft_entry')
			.values(entries.slice(i, i + CHUNK).map(draftRow))
			.execute();
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

		if (before) {
			await trx
				.updateTable('registry_draft_entry')
				.set(draftRow(entry))
				.where('prefixo', '=', entry.prefixo)
				.execute();
		} else {
			await trx.insertInto('registry_draft_entry').values(draftRow(entry)).execute();
		}
		await audit(
			trx,
			{
				staff,
				action: before ? 'registry.entry.update' : 'registry.entry.create',
				entity: 'registry_entry',
				entityId: entry.prefixo,
				before,
				after: entry,
				note: 'Rascunho do cadastro (ainda não publicado).'
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
		await audit(
			trx,
			{
				staff,
				action: 'registry.entry.remove',
				entity: 'registry_entry',
				entityId: key,
				before,
				after: null,
				note: 'Rascunho do cadastro (ainda não publicado).'
			},
			at
		);
		return true;
	});
}

/** What a change did, by prefixo: small enough for an audit row, precise enough to follow. */
function diffSummary(diff: RegistryDiff) {
	return {
		added: diff.added.map((e) => e.prefixo),
		removed: diff.removed.map((e) => e.prefixo),
		changed: diff.changed.map((c) => c.prefixo)
	};
}

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
		const latest = await latestSnapshot(trx);
		await trx.deleteFrom('registry_draft_entry').execute();
		await trx.deleteFrom('registry_draft').execute();
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

export type PublishRefusal = 'no_draft' | 'nothing' | 'stale' | 'empty' | 'over_cap';

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
 * they approved is not the one that would happen, so nothing is published.
 */
export async function publishDraft(
	db: Db,
	staff: Staff,
	options: {
		previewedVersion: number | null;
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
	const [entries, latest] = await Promise.all([draftEntries(db), latestSnapshot(db)]);
	if ((latest?.version ?? null) !== options.previewedVersion) return { ok: false, reason: 'stale' };
	if (entries.length === 0) return { ok: false, reason: 'empty' };
	const diff = diffRegistry(latest?.entries ?? [], entries);
	if (isEmptyDiff(diff)) return { ok: false, reason: 'nothing' };
	// Publishing grants what the draft added: over the cap, with more places taken than the
	// published registry held, only with the gestor's confirmation (the file may reflect a census
	// the profile does not have yet: staff decide, and the audit says they did).
	const cap = options.today
		? capStatus(entries, latest?.entries ?? null, options.today, options.rules ?? null)
		: null;
	const overCap = cap !== null && cap.over && cap.grants;
	if (overCap && !options.overCapConfirmed) return { ok: false, reason: 'over_cap' };

	let stale = false;
	try {
		const published = await publishSnapshot(db, {
			entries,
			source: publishSource(staff, draft.importedFile),
			// Invented entries left in it keep the whole registry "exemplo" for riders.
			sample: entries.some((e) => e.sample),
			publishedAt: (options.at ?? new Date()).toISOString(),
			inTransaction: async (trx, { version, publishedAt }) => {
				// Re-read inside the transaction: the draft or the snapshot may have moved since.
				const now = await draftInfo(trx);
				if (
					version - 1 !== (options.previewedVersion ?? 0) ||
					now === null ||
					now.updatedAt !== draft.updatedAt
				) {
					stale = true;
					throw new Error('stale');
				}
				await trx.deleteFrom('registry_draft_entry').execute();
				await trx.deleteFrom('registry_draft').execute();
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
							...(overCap ? { overCap: { taken: cap.taken, cap: cap.cap } } : {})
						},
						note: publishSource(staff, draft.importedFile)
					},
					new Date(publishedAt)
				);
			}
		});
		return { ok: true, ...published, diff };
	} catch (error) {
		if (stale) return { ok: false, reason: 'stale' };
		throw error;
	}
}

/** Longest value a form field may carry: a name or a model, never a file. */
const MAX_FIELD = 200;

/** The registry's columns from a posted form, as text (unknown fields and files ignored). */
export function readRegistryForm(data: FormData): Record<RegistryColumn, string> {
	const record = {} as Record<RegistryColumn, string>;
	for (const column of REGISTRY_COLUMNS) {
		const value = data.get(column);
		record[column] = typeof value === 'string' ? value.slice(0, MAX_FIELD) : '';
	}
	return record;
}

/** An entry as the form shows it: the CSV's formats (prefixo as painted, plate with hyphen). */
export function registryForm(e: RegistryEntry): Record<RegistryColumn, string> {
	return {
		prefixo: formatPrefix(e.prefixo),
		placa: formatPlate(e.placa),
		titular: e.titular,
		condutor_auxiliar: e.condutorAuxiliar ?? '',
		marca_modelo: e.marcaModelo,
		cor: e.cor,
		ano_fabricacao: String(e.anoFabricacao),
		cilindradas: String(e.cilindradas),
		situacao: e.situacao,
		autorizacao_validade: e.autorizacaoValidade,
		ultima_vistoria: e.ultimaVistoria,
		certidao_estadual_validade: e.certidaoEstadualValidade,
		certidao_federal_validade: e.certidaoFederalValidade,
		seguro_validade: e.seguroValidade
	};
}

/** Issues by field, the first of each, for the form. */
export function errorsByField(issues: readonly Issue[]): Partial<Record<RegistryColumn, string>> {
	const out: Partial<Record<RegistryColumn, string>> = {};
	for (const issue of issues) {
		const column = REGISTRY_COLUMNS.find((c) => c === issue.column) ?? 'prefixo';
		out[column] ??= issue.message;
	}
	return out;
}
