/**
 * A verification made on the phone, from the registry kept on it (offline, or a scan offline):
 * the same verdict the server gives (Art. 4, 6, 8, 11; src/lib/domain/registry.ts). Loaded by
 * ./Verify.island.svelte only when the rider asks without a signal, so a first visit does not
 * download every check's code (riders pay for every kilobyte).
 */
import { cardAnswer, checkCard, type CardAnswer } from '$lib/domain/card';
import { verifiedRevocations, verifiedSuspensions } from '$lib/domain/card-status';
import { wallClock } from '$lib/domain/clock';
import type { ProfileCardKey } from '$lib/domain/profile';
import {
	buildIndex,
	notFound,
	suspensionOf,
	verifyAt,
	type VerdictRules
} from '$lib/domain/registry';
import { cachedRegistry, isStale, keptSnapshotJson } from '$lib/offline/registry';

/** A scanned signed card, and what the phone needs to check it with no network. */
export interface ScannedCard {
	digits: string;
	ibge: string;
	keys: readonly ProfileCardKey[];
}

/**
 * The kept copy's verdict for `query`, or null when the phone holds no copy. With a signed card,
 * its answer too (its signature checked with the profile's keys, then set against the kept
 * registry and the revoked cards it lists — used only when the copy's signature verifies with
 * the profile's keys), and the verdict of the prefix the card signs. The cautelar suspensions the
 * copy lists count likewise only when its signature verifies with `keys`.
 */
export async function verifyOnPhone(
	query: string,
	rules: VerdictRules | null,
	timeZone: string,
	scanned?: ScannedCard,
	keys: readonly ProfileCardKey[] = scanned?.keys ?? []
) {
	const snapshot = (await cachedRegistry()) ?? null;
	if (!snapshot) return null;
	const now = new Date();
	let card: CardAnswer | null = null;
	if (scanned) {
		const today = wallClock(now, timeZone).date;
		const check = await checkCard(scanned.digits, scanned.ibge, scanned.keys, today);
		if (check.kind !== 'forged') query = check.card.prefixo;
		const signed = buildIndex(snapshot.entries).find(query);
		const kept =
			check.kind === 'valid' || check.kind === 'expired' ? await keptSnapshotJson() : null;
		// An unsigned or altered copy says nothing about revocation: its list is not used.
		const revoked = (kept && (await verifiedRevocations(kept, scanned.keys))) ?? [];
		// The kept copy does not say which entries are the sample's: its `sample` says some are.
		card = cardAnswer(
			check,
			scanned.keys,
			signed && { placa: signed.placa, ...(snapshot.sample ? { sample: true as const } : {}) },
			revoked
		);
	}
	const entry = buildIndex(snapshot.entries).find(query);
	// An unsigned or altered copy's suspensions are not used (as its revocations).
	const raw = entry && rules?.cautelar ? await keptSnapshotJson() : null;
	const suspensions = raw ? await verifiedSuspensions(raw, keys) : null;
	const suspension = entry && suspensions ? suspensionOf(suspensions, entry) : null;
	const result = entry ? verifyAt(entry, now, rules, timeZone, suspension) : notFound();
	// Calendar days between the copy's publication and today, on the municipality's clock.
	const day = (at: Date) => Date.parse(`${wallClock(at, timeZone).date}T00:00:00Z`) / 86_400_000;
	const age = day(now) - day(new Date(snapshot.publishedAt));
	return { query, snapshot, result, entry, card, age, stale: isStale(snapshot.publishedAt, now) };
}

export type PhoneVerdict = NonNullable<Awaited<ReturnType<typeof verifyOnPhone>>>;
