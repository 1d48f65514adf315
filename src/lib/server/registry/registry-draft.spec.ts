import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { registryRulesOn } from '$lib/domain/profile';
import type { RegistryEntry, RegistryRules } from '$lib/domain/registry';
import { entry } from '$lib/domain/registry.fixtures';
import { toCsv, type RegistryRecord } from '$lib/domain/registry-csv';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';
import { auditLog, type Db } from '$lib/server/db';
import { GESTOR as staff, addGestor, closeTempDb, openTempDb } from '$lib/server/db/db.fixtures';
import {
	currentRegistry,
	latestSnapshot,
	latestStaffSnapshot,
	latestVersion,
	publishSnapshot,
	staffEntry,
	snapshotAt,
	snapshotHistory
} from './registry';
import { workingEntry, workingRegistry } from './registry-draft';
import { removeEntry, saveEntry } from './registry-entry';
import { discardDraft, importDraft, publishDraft } from './registry-publish';

const TODAY = '2026-12-02';
const rules = registryRulesOn(TODAY, rolimDeMoura.registryRules) as RegistryRules;

/** An entry as the form posts it (the CSV's columns and formats). */
const record = (e: RegistryEntry): RegistryRecord => {
	const [header = '', row = ''] = toCsv([e]).split('\r\n');
	const cells = row.split(',');
	return Object.fromEntries(header.split(',').map((c, i) => [c, cells[i] ?? '']));
};

let db: Db;

beforeEach(async () => {
	db = await openTempDb('registry-admin');
	await addGestor(db);
	await publishSnapshot(db, {
		entries: [entry('1'), entry('7'), entry('12')],
		source: 'Dados de exemplo (fictícios)',
		sample: true
	});
});
afterEach(() => closeTempDb(db));

describe('the draft', () => {
	test('without edits, the registry being edited is the published one and nothing would change', async () => {
		const w = await workingRegistry(db);
		expect(w.draft).toBeNull();
		expect(w.entries.map((e) => e.prefixo)).toEqual(['1', '7', '12']);
		expect(w.diff).toMatchObject({ added: [], removed: [], changed: [], unchanged: 3 });
	});

	test('the first edit seeds the draft from the latest snapshot; edits accumulate', async () => {
		const edit = await saveEntry(db, staff, record(entry('7', { cor: 'Preta' })), {
			today: TODAY,
			prefixo: '007'
		});
		expect(edit).toMatchObject({ ok: true, entry: { prefixo: '7', cor: 'Preta' } });
		expect(await saveEntry(db, staff, record(entry('20')), { today: TODAY })).toMatchObject({
			ok: true
		});
		expect(await removeEntry(db, staff, '12')).toBe(true);

		const w = await workingRegistry(db);
		expect(w.draft).toMatchObject({ baseVersion: 1, updatedBy: staff.email });
		expect(w.entries.map((e) => e.prefixo)).toEqual(['1', '7', '20']);
		expect(w.diff.added.map((e) => e.prefixo)).toEqual(['20']);
		expect(w.diff.removed.map((e) => e.prefixo)).toEqual(['12']);
		expect(w.diff.changed.map((c) => c.fields)).toEqual([
			[{ field: 'cor', before: 'Azul', after: 'Preta' }]
		]);
		// Riders still see version 1, untouched.
		expect((await currentRegistry(db))?.entries.find((e) => e.prefixo === '7')?.cor).toBe('Azul');
		expect(await latestVersion(db)).toBe(1);
	});

	test('the form is checked like the CSV import, unique against the rest of the draft', async () => {
		const result = await saveEntry(
			db,
			staff,
			{ ...record(entry('30', { placa: 'ABC0007' })), cor: '', ano_fabricacao: '1900' },
			{ today: TODAY }
		);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.errors.map((e) => [e.column, e.code])).toEqual([
			['placa', 'duplicate_plate'],
			['cor', 'required'],
			['ano_fabricacao', 'ano_fabricacao']
		]);
		expect(result.errors[1]?.message).toBe('Preencha este campo.');
		// A refused edit leaves no draft and no audit row behind.
		expect((await workingRegistry(db)).diff.added).toEqual([]);
		expect(await auditLog(db)).toEqual(
			expect.not.arrayContaining([expect.objectContaining({ action: 'registry.entry.create' })])
		);
	});

	test('adding an existing prefixo is refused; editing keeps the prefixo of the URL', async () => {
		const dup = await saveEntry(
			db,
			staff,
			record(entry('7', { placa: 'XYZ9999', titular: 'Outra Pessoa' })),
			{ today: TODAY }
		);
		expect(dup).toMatchObject({ ok: false, errors: [{ code: 'duplicate_prefix' }] });
		const edit = await saveEntry(
			db,
			staff,
			{ ...record(entry('7', { cor: 'Branca' })), prefixo: '99' },
			{ today: TODAY, prefixo: '7' }
		);
		expect(edit).toMatchObject({ ok: true, entry: { prefixo: '7', cor: 'Branca' } });
		expect(await workingEntry(db, '99')).toBeNull();
	});

	test('every change is audited with before → after', async () => {
		await saveEntry(db, staff, record(entry('7', { situacao: 'suspensa' })), {
			today: TODAY,
			prefixo: '7'
		});
		await removeEntry(db, staff, '1');
		const log = await auditLog(db, { entity: 'registry_entry' });
		expect(log.map((r) => [r.action, r.entityId, r.staffEmail])).toEqual([
			['registry.entry.remove', '1', staff.email],
			['registry.entry.update', '7', staff.email]
		]);
		expect(log[1]?.before).toMatchObject({ situacao: 'ativa' });
		expect(log[1]?.after).toMatchObject({ situacao: 'suspensa' });
		expect(log[0]?.after).toBeNull();
	});

	test('a CSV import replaces the draft; with any error, nothing changes', async () => {
		const bad = await importDraft(db, staff, 'prefixo,placa\n001,X\n', {
			fileName: 'ruim.csv',
			today: TODAY,
			rules
		});
		expect(bad.ok).toBe(false);
		expect((await workingRegistry(db)).draft).toBeNull();

		const good = await importDraft(db, staff, toCsv([entry('1'), entry('40')]), {
			fileName: 'cadastro.csv',
			today: TODAY,
			rules
		});
		expect(good).toMatchObject({ ok: true, count: 2 });
		const w = await workingRegistry(db);
		expect(w.draft?.importedFile).toBe('cadastro.csv');
		expect(w.entries.map((e) => e.prefixo)).toEqual(['1', '40']);
	});

	test('discarding brings back the published registry', async () => {
		await removeEntry(db, staff, '1');
		expect(await discardDraft(db, staff)).toBe(true);
		expect((await workingRegistry(db)).draft).toBeNull();
		expect(await discardDraft(db, staff)).toBe(false);
	});
});

/** The digest of the preview the gestor would see now. */
const seen = async () => (await workingRegistry(db)).digest;

describe('publishDraft', () => {
	test('publishes version + 1 as real data, empties the draft, audits, riders see it at once', async () => {
		await saveEntry(db, staff, record(entry('7', { cor: 'Preta' })), {
			today: TODAY,
			prefixo: '7'
		});
		// Riders have the cached version 1 in memory.
		expect((await currentRegistry(db))?.version).toBe(1);
		const at = new Date('2026-12-02T15:00:00Z');
		const result = await publishDraft(db, staff, {
			previewedVersion: 1,
			previewedDraft: await seen(),
			at
		});
		expect(result).toMatchObject({ ok: true, version: 2, publishedAt: at.toISOString() });

		const history = await snapshotHistory(db);
		expect(history[0]).toEqual({
			version: 2,
			publishedAt: at.toISOString(),
			source: 'Edição na SEMAM por gestor@garupa.test',
			sample: false,
			entryCount: 3
		});
		expect((await currentRegistry(db))?.entries.find((e) => e.prefixo === '7')?.cor).toBe('Preta');
		// The old version is immutable and still readable.
		expect((await snapshotAt(db, 1))?.entries.find((e) => e.prefixo === '7')?.cor).toBe('Azul');
		expect((await workingRegistry(db)).draft).toBeNull();
		const [row] = await auditLog(db, { action: 'registry.publish' });
		expect(row).toMatchObject({
			entityId: '2',
			before: { version: 1, entries: 3 },
			after: { version: 2, entries: 3, added: [], removed: [], changed: ['7'] }
		});
	});

	test('refused when another publish came after the preview (stale)', async () => {
		await removeEntry(db, staff, '1');
		const previewedDraft = await seen();
		await publishSnapshot(db, { entries: [entry('5')], source: 'cli.csv', sample: false });
		expect(await publishDraft(db, staff, { previewedVersion: 1, previewedDraft })).toEqual({
			ok: false,
			reason: 'stale'
		});
		expect(await latestVersion(db)).toBe(2);
	});

	const refusals: [why: string, prepare: () => Promise<unknown>, reason: string][] = [
		['no draft', async () => undefined, 'no_draft'],
		[
			'a draft equal to the published registry',
			() => saveEntry(db, staff, record(entry('7')), { today: TODAY, prefixo: '7' }),
			'nothing'
		],
		[
			'an empty draft',
			async () => {
				for (const p of ['1', '7', '12']) await removeEntry(db, staff, p);
			},
			'empty'
		]
	];
	for (const [why, prepare, reason] of refusals)
		test(`refused: ${why}`, async () => {
			await prepare();
			const previewedDraft = await seen();
			expect(await publishDraft(db, staff, { previewedVersion: 1, previewedDraft })).toEqual({
				ok: false,
				reason
			});
			expect(await latestVersion(db)).toBe(1);
		});

	test('the source names the imported file', async () => {
		await importDraft(db, staff, toCsv([entry('1'), entry('2')]), {
			fileName: 'cadastro-dez.csv',
			today: TODAY,
			rules
		});
		await publishDraft(db, staff, { previewedVersion: 1, previewedDraft: await seen() });
		expect((await snapshotHistory(db))[0]?.source).toBe(
			'Edição na SEMAM por gestor@garupa.test (a partir de cadastro-dez.csv)'
		);
	});
});

describe('sample status belongs to each entry', () => {
	const samples = (...prefixos: string[]) => prefixos.map((p) => entry(p, { sample: true }));
	beforeEach(async () => {
		await publishSnapshot(db, {
			entries: samples('1', '7', '12'),
			source: 'Dados de exemplo (fictícios)',
			sample: true
		});
	});
	const publish = async () => {
		const previewedVersion = await latestVersion(db);
		const result = await publishDraft(db, staff, {
			previewedVersion,
			previewedDraft: await seen()
		});
		expect(result.ok).toBe(true);
		return currentRegistry(db);
	};

	test('editing one sample entry and publishing keeps the registry "exemplo", the edited one too', async () => {
		await saveEntry(db, staff, record(entry('7', { cor: 'Preta' })), {
			today: TODAY,
			prefixo: '7'
		});
		const published = await publish();
		expect(published?.sample).toBe(true);
		expect(published?.entries.map((e) => [e.prefixo, e.sample === true])).toEqual([
			['1', true],
			['7', true],
			['12', true]
		]);
		expect((await snapshotHistory(db))[0]?.sample).toBe(true);
	});

	test('a real entry added beside samples is real; the registry stays "exemplo" until none is left', async () => {
		await saveEntry(db, staff, record(entry('20')), { today: TODAY });
		await removeEntry(db, staff, '1');
		let published = await publish();
		expect(published?.sample).toBe(true);
		expect(published?.entries.find((e) => e.prefixo === '20')?.sample).toBeUndefined();

		await removeEntry(db, staff, '7');
		await removeEntry(db, staff, '12');
		published = await publish();
		expect(published?.sample).toBe(false);
		expect(published?.entries.map((e) => e.prefixo)).toEqual(['20']);
	});

	test('an imported CSV (the real registry) replaces the samples: not "exemplo" any more', async () => {
		const result = await importDraft(db, staff, toCsv([entry('1'), entry('30')]), {
			today: TODAY,
			fileName: 'cadastro-real.csv',
			rules
		});
		expect(result.ok).toBe(true);
		const published = await publish();
		expect(published?.sample).toBe(false);
		expect(published?.entries.every((e) => e.sample === undefined)).toBe(true);
	});
});

describe('the cap on authorizations is checked where they are granted (Art. 10: 1 per 886 inhabitants or fraction)', () => {
	// Censo 2022: 56,406 inhabitants → 64 places (Art. 10, "ou fração" rounds up).
	const CAP = 64;
	const full = (n: number, overrides: Partial<RegistryEntry> = {}) =>
		Array.from({ length: n }, (_, i) => entry(String(i + 1), overrides));
	// The gestor confirms past the lower cap reported for Lei 4.247/2023 (./registry-cap.spec.ts):
	// these cases are the law applied's own cap, which no confirmation passes.
	const save = (e: RegistryEntry, prefixo?: string) =>
		saveEntry(db, staff, record(e), {
			today: TODAY,
			rules,
			confirmReportedCap: true,
			...(prefixo ? { prefixo } : {})
		});
	const refusedForCap = {
		ok: false,
		errors: [expect.objectContaining({ column: 'situacao', code: 'cap_exceeded' })]
	};

	beforeEach(async () => {
		// Every place taken: 63 active and one suspended (a suspension keeps its place, Art. 19 IV).
		const entries = full(CAP);
		entries[CAP - 1] = entry(String(CAP), { situacao: 'suspensa' });
		await publishSnapshot(db, { entries, source: 'cli.csv', sample: false });
	});

	const cases: [why: string, e: RegistryEntry, prefixo: string | undefined, granted: boolean][] = [
		['a new vehicle, every place taken', entry('70'), undefined, false],
		[
			'a new vehicle registered as cassada takes no place',
			entry('71', { situacao: 'cassada' }),
			undefined,
			true
		],
		['an active vehicle edited keeps its place', entry('5', { cor: 'Preta' }), '5', true],
		['the suspended one reactivated keeps its place', entry(String(CAP)), String(CAP), true]
	];
	test.each(cases)('%s', async (_why, e, prefixo, granted) => {
		const result = await save(e, prefixo);
		if (granted) expect(result).toMatchObject({ ok: true });
		else expect(result).toEqual(refusedForCap);
	});

	test('the refusal says how many places are taken, of how many, and where the law says so', async () => {
		const result = await save(entry('70'));
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.errors[0]?.message).toContain('64 autorizações');
		expect(result.errors[0]?.message).toContain('limite de 64 (Art. 10');
	});

	test('a revoked vehicle renewed is a new grant: refused until a place frees', async () => {
		expect(await save(entry('9', { situacao: 'cassada' }), '9')).toMatchObject({ ok: true });
		expect(await save(entry('70'))).toMatchObject({ ok: true }); // 9's place went to 70
		expect(await save(entry('9'), '9')).toEqual(refusedForCap);
		expect(await removeEntry(db, staff, '70')).toBe(true);
		expect(await save(entry('9'), '9')).toMatchObject({ ok: true });
	});

	test('without registry rules (no law text) nothing is refused for the cap', async () => {
		expect(
			await saveEntry(db, staff, record(entry('70')), { today: TODAY, rules: null })
		).toMatchObject({ ok: true });
	});

	test('publishing over the cap asks the gestor to confirm, and the audit row says they did', async () => {
		const csv = toCsv([...full(CAP), entry('65'), entry('66')]);
		const imported = await importDraft(db, staff, csv, {
			fileName: 'novo.csv',
			today: TODAY,
			rules
		});
		expect(imported).toMatchObject({
			ok: true,
			warnings: [expect.objectContaining({ code: 'cap_exceeded' })]
		});
		const previewedDraft = await seen();
		const publish = (overCapConfirmed: boolean) =>
			publishDraft(db, staff, {
				previewedVersion: 2,
				previewedDraft,
				today: TODAY,
				rules,
				overCapConfirmed
			});
		expect(await publish(false)).toEqual({ ok: false, reason: 'over_cap' });
		expect(await latestVersion(db)).toBe(2);
		expect(await publish(true)).toMatchObject({ ok: true, version: 3 });
		const [row] = await auditLog(db, { action: 'registry.publish' });
		expect(row?.after).toMatchObject({ overCap: { taken: 66, cap: CAP } });
	});

	test('a draft that grants nothing publishes without asking, even over the cap', async () => {
		// Already over (a census the profile does not have): taking one out needs no confirmation.
		await publishSnapshot(db, {
			entries: [...full(CAP), entry('65'), entry('66')],
			source: 'cli.csv',
			sample: false
		});
		expect(await removeEntry(db, staff, '66')).toBe(true);
		expect(
			await publishDraft(db, staff, {
				previewedVersion: 3,
				previewedDraft: await seen(),
				today: TODAY,
				rules
			})
		).toMatchObject({ ok: true, version: 4 });
	});

	test('a confirmation covers only the draft previewed: another import in between publishes nothing', async () => {
		// The gestor previews 65 (cap 64) and confirms; meanwhile another import puts 150 in the draft.
		const opts = { fileName: 'novo.csv', today: TODAY, rules };
		expect(await importDraft(db, staff, toCsv([...full(CAP), entry('65')]), opts)).toMatchObject({
			ok: true
		});
		const previewedDraft = await seen();
		const many = Array.from({ length: 150 }, (_, i) => entry(String(i + 1)));
		expect(await importDraft(db, staff, toCsv(many), opts)).toMatchObject({ ok: true });
		const confirmed = { previewedVersion: 2, today: TODAY, rules, overCapConfirmed: true };
		expect(await publishDraft(db, staff, { ...confirmed, previewedDraft })).toEqual({
			ok: false,
			reason: 'draft_changed'
		});
		expect(await latestVersion(db)).toBe(2);
		// The new preview, confirmed, publishes the 150 it shows.
		const again = await publishDraft(db, staff, { ...confirmed, previewedDraft: await seen() });
		expect(again).toMatchObject({ ok: true, version: 3 });
		expect((await currentRegistry(db))?.entries).toHaveLength(150);
	});

	test('an edit of one field after the preview changes what was previewed: refused', async () => {
		const previewedDraft = await seen();
		await saveEntry(db, staff, record(entry('7', { cor: 'Preta' })), {
			today: TODAY,
			prefixo: '7'
		});
		expect(
			await publishDraft(db, staff, { previewedVersion: 2, previewedDraft, today: TODAY, rules })
		).toEqual({ ok: false, reason: 'draft_changed' });
	});

	test('replacing every holder while over the cap needs the confirmation too', async () => {
		await publishSnapshot(db, {
			entries: [...full(CAP), entry('65')],
			source: 'cli.csv',
			sample: false
		});
		const others = [...full(CAP), entry('65')].map((e) => ({ ...e, titular: `Nova ${e.prefixo}` }));
		const opts = { fileName: 'novos-titulares.csv', today: TODAY, rules };
		expect(await importDraft(db, staff, toCsv(others), opts)).toMatchObject({ ok: true });
		const base = { previewedVersion: 3, previewedDraft: await seen(), today: TODAY, rules };
		expect(await publishDraft(db, staff, base)).toEqual({ ok: false, reason: 'over_cap' });
		expect(await latestVersion(db)).toBe(3);
		expect(await publishDraft(db, staff, { ...base, overCapConfirmed: true })).toMatchObject({
			ok: true,
			version: 4
		});
	});
});

describe('the auxiliary as a person: CNH and own validity are staff only (LGPD; Feira Art. 20 §2º)', () => {
	const CNH = '01234567890';
	const withAuxiliary = entry('7', {
		condutorAuxiliar: 'Auxiliar Exemplo',
		auxiliarCnh: CNH,
		auxiliarValidade: '2027-01-31'
	});

	async function published() {
		expect(
			await saveEntry(db, staff, record(withAuxiliary), { today: TODAY, prefixo: '7' })
		).toMatchObject({
			ok: true
		});
		const result = await publishDraft(db, staff, {
			previewedVersion: 1,
			previewedDraft: await seen()
		});
		expect(result).toMatchObject({ ok: true, version: 2 });
	}

	test('the draft and the staff reads keep them; the diff shows them to staff', async () => {
		expect(
			await saveEntry(db, staff, record(withAuxiliary), { today: TODAY, prefixo: '7' })
		).toMatchObject({
			ok: true
		});
		expect(await workingEntry(db, '7')).toEqual(withAuxiliary);
		const changed = (await workingRegistry(db)).diff.changed[0];
		expect(changed?.fields.map((f) => f.field)).toEqual([
			'condutorAuxiliar',
			'auxiliarCnh',
			'auxiliarValidade'
		]);
		// The audit says a CNH is registered, never which.
		expect(JSON.stringify(await auditLog(db, { action: 'registry.entry.update' }))).not.toContain(
			CNH
		);
	});

	test('the published snapshot riders get never contains the CNH or the validity', async () => {
		await published();
		for (const snapshot of [
			await latestSnapshot(db),
			await currentRegistry(db),
			await snapshotAt(db, 2)
		]) {
			const seven = snapshot?.entries.find((e) => e.prefixo === '7');
			expect(seven?.condutorAuxiliar).toBe('Auxiliar Exemplo');
			expect(seven).not.toHaveProperty('auxiliarCnh');
			expect(seven).not.toHaveProperty('auxiliarValidade');
			expect(JSON.stringify(snapshot)).not.toContain(CNH);
		}
		// Staff still read them, and the next edit (a draft seeded from the snapshot) keeps them.
		expect(await staffEntry(db, '7')).toEqual(withAuxiliary);
		expect((await latestStaffSnapshot(db))?.entries.find((e) => e.prefixo === '7')).toEqual(
			withAuxiliary
		);
		await removeEntry(db, staff, '12');
		expect(await workingEntry(db, '7')).toEqual(withAuxiliary);
		expect((await workingRegistry(db)).diff.changed).toEqual([]);
	});
});
