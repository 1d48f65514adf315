/**
 * Rolim de Moura: the law in force. The Prefeitura (COMTRAN, 20/02/2026) says Lei 4.247/2023
 * governs and revoked Lei 2.059/2011; the Câmara reported (2025) that its Art. 10 sets 1 vehicle
 * per 1,000 inhabitants, and approved Anteprojeto 031/CMRM-2025 (1 per 2,000 "ou fração"), not yet
 * sanctioned. With Censo 2022's 56,406: 64 under Lei 2.059/2011 Art. 10 (1 per 886 "ou fração"), 56
 * under the report (57 with "ou fração", which it does not say), 29 if the amendment is sanctioned.
 * A grant above 56 waits for the gestor's confirmation; 64 stays the law applied's hard cap. Feira
 * de Santana (Lei 3.815/2018, Art. 14: 750) has no other reading.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { registryRulesOn } from '$lib/domain/profile';
import {
	authorizationCap,
	capStatus,
	capText,
	readingCap,
	reportedCap,
	type RegistryEntry,
	type RegistryRules
} from '$lib/domain/registry';
import { entry } from '$lib/domain/registry.fixtures';
import { toCsv, type RegistryRecord } from '$lib/domain/registry-csv';
import { profileFixture } from '$lib/profile/fixtures';
import { auditLog, type Db } from '$lib/server/db';
import { GESTOR as staff, addGestor, closeTempDb, openTempDb } from '$lib/server/db/db.fixtures';
import { publishSnapshot } from './registry';
import { saveEntry } from './registry-entry';

const TODAY = '2026-12-02';
const rolim = registryRulesOn(
	TODAY,
	profileFixture('rolim-de-moura').profile.registryRules
) as RegistryRules;
const feira = registryRulesOn(
	TODAY,
	profileFixture('feira-de-santana').profile.registryRules
) as RegistryRules;

describe('every figure for the cap, from the profile’s dated sources', () => {
	const readings = rolim.capReadings ?? [];
	const cases: [what: string, got: number | null, want: number][] = [
		['Lei 2.059/2011 Art. 10: 1 per 886 "ou fração"', authorizationCap(rolim), 64],
		['Lei 4.247/2023 Art. 10 as reported: 1 per 1,000', readingCap(rolim, readings[0]!), 56],
		[
			'Anteprojeto 031/CMRM-2025, if sanctioned: 1 per 2,000 "ou fração"',
			readingCap(rolim, readings[1]!),
			29
		],
		['the lower one in force: the reported law’s', reportedCap(rolim), 56],
		['Feira de Santana Art. 14: a fixed 750', authorizationCap(feira), 750]
	];
	for (const [what, got, want] of cases) test(`${what} → ${want}`, () => expect(got).toBe(want));
	test('the pending amendment never binds', () =>
		expect(readings.find((r) => r.status === 'pending')).toBeDefined());
	test('Feira de Santana: no other reading, no lower cap', () =>
		expect(reportedCap(feira)).toBeNull());
	test('the words staff see carry all figures, and 57 with "ou fração"', () => {
		const text = capText(rolim);
		expect(text).toMatch(/^limite de 64 \(Art\. 10: 1 para cada 886 habitantes ou fração/);
		expect(text).toContain('56 — Lei municipal nº 4.247/2023, Art. 10');
		expect(text).toContain('57 se valer “ou fração”');
		expect(text).toContain('29 — Anteprojeto de Lei nº 031/CMRM-2025');
		expect(text).toContain('se sancionado');
	});
	test('publishing past 56 places that grants one asks for confirmation; past 64 too', () => {
		const many = (n: number) => Array.from({ length: n }, (_, i) => entry(String(i + 1)));
		expect(capStatus(many(57), many(56), TODAY, rolim)).toMatchObject({
			over: false,
			overReported: true,
			grants: true,
			reported: 56
		});
		expect(capStatus(many(56), many(55), TODAY, rolim)).toMatchObject({ overReported: false });
		expect(capStatus(many(800), null, TODAY, feira)).toMatchObject({ over: true, reported: null });
	});
});

/** An entry as the form posts it (the CSV's columns and formats). */
const record = (e: RegistryEntry): RegistryRecord => {
	const [header = '', row = ''] = toCsv([e]).split('\r\n');
	const cells = row.split(',');
	return Object.fromEntries(header.split(',').map((c, i) => [c, cells[i] ?? '']));
};

describe('a gestor grants past the lower cap only by confirming it (admin/cadastro)', () => {
	let db: Db;
	beforeEach(async () => {
		db = await openTempDb('registry-cap-reported');
		await addGestor(db);
		const entries = Array.from({ length: 56 }, (_, i) => entry(String(i + 1)));
		await publishSnapshot(db, { entries, source: 'cli.csv', sample: false });
	});
	afterEach(() => closeTempDb(db));

	test('the 57th is refused without confirmation, with both figures', async () => {
		const result = await saveEntry(db, staff, record(entry('70')), { today: TODAY, rules: rolim });
		expect(result).toMatchObject({
			ok: false,
			errors: [expect.objectContaining({ column: 'situacao', code: 'cap_reported' })]
		});
		if (result.ok) return;
		expect(result.errors[0]?.message).toContain('56 vagas');
		expect(result.errors[0]?.message).toContain('limite de 64');
	});
	test('confirmed, it is granted and the audit row says so', async () => {
		const result = await saveEntry(db, staff, record(entry('70')), {
			today: TODAY,
			rules: rolim,
			confirmReportedCap: true
		});
		expect(result).toMatchObject({ ok: true });
		const rows = await auditLog(db, { entity: 'registry_entry' });
		expect(JSON.stringify(rows)).toContain('"overReportedCap":56');
	});
	test('Feira de Santana’s rules: no reading, no confirmation asked', async () =>
		expect(
			await saveEntry(db, staff, record(entry('70')), { today: TODAY, rules: feira })
		).toMatchObject({ ok: true }));
});
