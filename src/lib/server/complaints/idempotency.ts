/**
 * Idempotency by key (draft-ietf-httpapi-idempotency-key-header): the key's syntax, the request's
 * hash (canonical JSON; photos and the recording by digest) and the answer for a key already used.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { type Database, keyId, openToken } from '$lib/server/db';
import type { Photo } from './photos';
import { receiptOf, StoredReceiptSchema, type CreateResult } from './receipt';

type Db = Kysely<Database>;

/** draft-ietf-httpapi-idempotency-key-header leaves the syntax to us: a UUID fits, so does a ULID. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;

export async function answerFor(
	db: Db,
	key: string,
	requestHash: string
): Promise<CreateResult | null> {
	const row = await db
		.selectFrom('idempotency')
		.select(['request_hash', 'status', 'response'])
		.where('key', '=', keyId(key))
		.executeTakeFirst();
	if (!row) return null;
	if (row.request_hash !== requestHash) return { kind: 'conflict' };
	if (row.status !== 'done' || row.response === null) return { kind: 'in_progress' };
	const stored = v.parse(StoredReceiptSchema, JSON.parse(row.response));
	const token = openToken(stored.tokenSealed, key, requestHash);
	// Same key, same body: the seal opens. It cannot fail short of a corrupted row.
	if (token === null) return { kind: 'conflict' };
	return { kind: 'replayed', response: receiptOf(stored, token) };
}

export function sha256(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

export function photoDigest(photo: Photo): { mime: string; sha256: string } {
	return { mime: photo.mime, sha256: digest(photo.bytes) };
}

export function digest(bytes: Uint8Array): string {
	return createHash('sha256').update(bytes).digest('hex');
}

/**
 * JSON with object keys sorted and undefined left out, so the same request always hashes alike.
 * @example canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] }) //=> '{"a":[{"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
	return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
	if (value instanceof Date) return value.toISOString();
	if (Array.isArray(value)) return value.map(sorted);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([, x]) => x !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
			.map(([k, x]) => [k, sorted(x)])
	);
}
