import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { entry } from '$lib/domain/registry.fixtures';
import { decodeStatusList, verifiedRevocations } from '$lib/domain/card-status';
import { profile } from '$lib/profile';
import { auditLog, type Db } from '$lib/server/db';
import { addGestor, closeTempDb, GESTOR, openTempDb } from '$lib/server/db/db.fixtures';
import {
	currentSerial,
	revokeCard,
	revokedSerials,
	revokedStatusList,
	signSnapshot
} from './card-revocation';
import { publishSnapshot } from './registry';

// Revoking a vehicle card (issue 36 item 4): the serial kept (022_revoked_cards), audited, and
// published as a status list in a snapshot signed with the card key.

const SAMPLE_KEY = new URL('../../../../tests/fixtures/card-key.sample.pem', import.meta.url)
	.pathname;

let db: Db;

beforeEach(async () => {
	db = await openTempDb('revocation');
	await addGestor(db);
	await publishSnapshot(db, { entries: [entry('7'), entry('12')], source: 'a.csv', sample: true });
	await publishSnapshot(db, { entries: [entry('7'), entry('12')], source: 'b.csv', sample: true });
});
afterEach(() => closeTempDb(db));

describe('revoking a card', () => {
	test('the current version’s serial is kept, audited, and listed once', async () => {
		expect(await currentSerial(db, '7')).toBe(20_007);
		expect(await revokeCard(db, '7', GESTOR)).toEqual({ serial: 20_007, already: false });
		expect(await revokeCard(db, '7', GESTOR)).toEqual({ serial: 20_007, already: true });
		expect(await revokedSerials(db)).toEqual([20_007]);
		const rows = await auditLog(db, { staffEmail: GESTOR.email });
		expect(rows.filter((r) => r.action === 'card.revoke')).toMatchObject([
			{ entity: 'registry_entry', entityId: '7', after: { serial: 20_007 } }
		]);
	});

	test('a prefix not in the published registry: nothing revoked', async () => {
		expect(await revokeCard(db, '99', GESTOR)).toBeNull();
		expect(await revokedSerials(db)).toEqual([]);
	});

	test('the next published version prints the vehicle a new, unrevoked serial', async () => {
		await revokeCard(db, '7', GESTOR);
		await publishSnapshot(db, { entries: [entry('7')], source: 'c.csv', sample: true });
		expect(await currentSerial(db, '7')).toBe(30_007);
		expect(await revokedSerials(db)).toEqual([20_007]);
	});

	test('the status list carries every revoked serial', async () => {
		await revokeCard(db, '12', GESTOR);
		await revokeCard(db, '7', GESTOR);
		expect(await decodeStatusList(await revokedStatusList(db))).toEqual([20_007, 20_012]);
	});
});

describe('the signed snapshot', () => {
	test('signed with the card key, the profile’s key verifies it and its list', async () => {
		await revokeCard(db, '7', GESTOR);
		const body = signSnapshot(
			{ version: 2, entries: [], revokedCards: await revokedStatusList(db) },
			SAMPLE_KEY
		);
		expect(body.signature).toMatchObject({ kid: 1, alg: 'ES256' });
		const kept = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
		expect(await verifiedRevocations(kept, profile.cardKeys)).toEqual([20_007]);
	});

	test('no card key configured: served unsigned (phones use no list from it)', async () => {
		const body = signSnapshot({ version: 2, revokedCards: await revokedStatusList(db) }, null);
		expect(body).not.toHaveProperty('signature');
		expect(await verifiedRevocations(body, profile.cardKeys)).toBeNull();
	});
});
