/**
 * Revoked vehicle cards (docs/api.md, "Revoked cards and the snapshot's signature"): a gestor
 * cancels a vehicle's card (a lost, stolen or withdrawn one); its serial is kept (022_revoked_cards)
 * and published in every snapshot of /api/registry as a status list, the snapshot signed with the
 * card key so a phone trusts the list offline.
 *
 * Serials stay `version × 10 000 + prefix` (./card.ts): the card printed for the current version
 * is the one revoked; a reprint for the same vehicle gets a new serial once the registry is next
 * published (a new version), never before — until then the cards page shows it cancelled.
 */
import {
	encodeStatusList,
	snapshotSignedBytes,
	type SnapshotSignature,
	type StatusList
} from '$lib/domain/card-status';
import type { StaffMember } from '$lib/domain/staff';
import { audit, type Db } from '$lib/server/db';
import { config } from '$lib/server/runtime';
import { latestSnapshot } from './registry';
import { CardKeyError, signBytes, signingKey } from './card';

/** Every revoked serial, ascending. */
export async function revokedSerials(db: Db): Promise<number[]> {
	const rows = await db.selectFrom('revoked_card').select('serial').orderBy('serial').execute();
	return rows.map((r) => Number(r.serial));
}

/** The serial of the card printed for `prefixo` in the current published version, if listed. */
export async function currentSerial(db: Db, prefixo: string): Promise<number | null> {
	const snapshot = await latestSnapshot(db);
	if (!snapshot || !snapshot.entries.some((e) => e.prefixo === prefixo)) return null;
	return snapshot.version * 10_000 + Number(prefixo);
}

/**
 * Revokes the current card of `prefixo`, with its audit row, in one transaction. Returns the
 * serial, or null when the prefix has no published card; revoking twice changes nothing.
 */
export async function revokeCard(
	db: Db,
	prefixo: string,
	staff: Pick<StaffMember, 'id' | 'email'>,
	at: Date = new Date()
): Promise<{ serial: number; already: boolean } | null> {
	const serial = await currentSerial(db, prefixo);
	if (serial === null) return null;
	return db.transaction().execute(async (tx) => {
		const done = await tx
			.insertInto('revoked_card')
			.values({ serial, prefixo, revoked_at: at.toISOString() })
			.onConflict((oc) => oc.column('serial').doNothing())
			.executeTakeFirst();
		const already = Number(done.numInsertedOrUpdatedRows ?? 0n) === 0;
		if (!already)
			await audit(
				tx,
				{
					staff: { id: staff.id, email: staff.email },
					action: 'card.revoke',
					entity: 'registry_entry',
					entityId: prefixo,
					after: { serial }
				},
				at
			);
		return { serial, already };
	});
}

/** The revoked cards' status list, as /api/registry publishes it. */
export async function revokedStatusList(db: Db): Promise<StatusList> {
	return encodeStatusList(await revokedSerials(db));
}

/**
 * `body` with its ES256 signature (the card key) over its canonical bytes; unchanged when no card
 * key is configured (phones then use no revocation list from it).
 */
export function signSnapshot<T extends Record<string, unknown>>(
	body: T,
	file: string | null = config.cardKeyFile
): T & { signature?: SnapshotSignature } {
	let key: ReturnType<typeof signingKey>;
	try {
		key = signingKey(file);
	} catch (e) {
		if (e instanceof CardKeyError) return body;
		throw e;
	}
	const value = Buffer.from(signBytes(key.key, snapshotSignedBytes(body))).toString('base64url');
	const signature: SnapshotSignature = { kid: key.entry.kid, alg: 'ES256', value };
	return { ...body, signature };
}
