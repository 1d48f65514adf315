/**
 * How the idempotency table keeps a receipt without keeping its token readable: the row is named
 * by the sha256 of the Idempotency-Key, and the token is sealed (AES-256-GCM) under a key derived
 * from the Idempotency-Key itself (HKDF-SHA256, salted with the request's hash). Only a client
 * that sends the key again — the rider's phone replaying its outbox — gets the token back; a copy
 * of the database or of a backup opens no complaint. Keys are a client's random UUID: a client
 * that picks a guessable key gets no more protection than its key.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** The name of a key's row. */
export function keyId(key: string): string {
	return createHash('sha256').update(`idempotency-key:${key}`).digest('hex');
}

function sealingKey(key: string, requestHash: string): Buffer {
	return Buffer.from(hkdfSync('sha256', key, requestHash, 'garupa receipt token', 32));
}

/**
 * `token`, sealed for whoever holds `key`.
 * @example openToken(sealToken('tok', 'k', 'h'), 'k', 'h') //=> 'tok'
 */
export function sealToken(token: string, key: string, requestHash: string): string {
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', sealingKey(key, requestHash), iv);
	const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
	return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The token sealed by `sealToken`, or null when `key` or `requestHash` is not the one used. */
export function openToken(sealed: string, key: string, requestHash: string): string | null {
	const bytes = Buffer.from(sealed, 'base64url');
	if (bytes.length < 12 + 16) return null;
	try {
		const decipher = createDecipheriv(
			'aes-256-gcm',
			sealingKey(key, requestHash),
			bytes.subarray(0, 12)
		);
		decipher.setAuthTag(bytes.subarray(bytes.length - 16));
		return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString(
			'utf8'
		);
	} catch {
		return null;
	}
}
