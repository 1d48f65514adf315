/**
 * The revoked cards' status list, and the registry snapshot's signature (docs/api.md, "Revoked
 * cards and the snapshot's signature"). Pure: CompressionStream / DecompressionStream ('gzip') and
 * WebCrypto, present in browsers and in Node ≥ 20 — no library.
 *
 * The list is a bitstring: bit `i` (byte `i >> 3`, mask `0x80 >> (i & 7)`, most significant bit
 * first) is set when the card of serial `offset + i` is revoked; `offset` is the smallest revoked
 * serial, rounded down to a multiple of 8. The bytes are gzipped and written in base64.
 *
 * The snapshot is signed with the card key (ES256, raw r‖s, base64url): the signed bytes are the
 * UTF-8 of the snapshot's JSON with its `signature` member left out, members in the order served,
 * no whitespace — what `JSON.stringify` writes for the parsed object.
 */
import { verifiesEs256, type CardKey } from './card';

export interface StatusList {
	/** The serial of bit 0. */
	offset: number;
	/** The bitstring, gzipped, in base64. */
	bits: string;
}

export interface SnapshotSignature {
	kid: number;
	alg: 'ES256';
	/** 64-byte r‖s, base64url. */
	value: string;
}

async function pipe(bytes: Uint8Array<ArrayBuffer>, stream: GenericTransformStream) {
	const out = new Blob([bytes]).stream().pipeThrough(stream as TransformStream);
	return new Uint8Array(await new Response(out).arrayBuffer());
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
	try {
		return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
	} catch {
		return null;
	}
}

/** The status list of the revoked `serials` (non-negative integers; duplicates allowed). */
export async function encodeStatusList(serials: readonly number[]): Promise<StatusList> {
	if (serials.some((s) => !Number.isInteger(s) || s < 0 || s > 0xffffffff))
		throw new RangeError('serial out of range');
	const offset = serials.length ? Math.floor(Math.min(...serials) / 8) * 8 : 0;
	const span = serials.length ? Math.max(...serials) - offset + 1 : 0;
	const bytes = new Uint8Array(Math.ceil(span / 8));
	for (const s of serials) bytes[(s - offset) >> 3]! |= 0x80 >> ((s - offset) & 7);
	return { offset, bits: toBase64(await pipe(bytes, new CompressionStream('gzip'))) };
}

/** The revoked serials of a status list, ascending; null when it is not one. */
export async function decodeStatusList(list: unknown): Promise<number[] | null> {
	const l = list as Partial<StatusList> | null;
	if (!l || !Number.isInteger(l.offset) || typeof l.bits !== 'string') return null;
	const gz = fromBase64(l.bits);
	if (!gz) return null;
	let bytes: Uint8Array;
	try {
		bytes = await pipe(gz, new DecompressionStream('gzip'));
	} catch {
		return null;
	}
	const serials: number[] = [];
	bytes.forEach((byte, i) => {
		for (let bit = 0; bit < 8; bit++)
			if (byte & (0x80 >> bit)) serials.push(l.offset! + i * 8 + bit);
	});
	return serials;
}

/** The bytes a snapshot's signature covers: its JSON without `signature`. */
export function snapshotSignedBytes(snapshot: Record<string, unknown>): Uint8Array<ArrayBuffer> {
	const rest = { ...snapshot };
	delete rest.signature;
	return new TextEncoder().encode(JSON.stringify(rest));
}

const fromBase64Url = (text: string) => fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));

/**
 * Whether `snapshot` (as parsed from /api/registry) carries a signature one of `keys` verifies.
 * An unsigned snapshot, an unknown key or a bad signature: false.
 */
export async function verifySnapshot(
	snapshot: Record<string, unknown>,
	keys: readonly CardKey[]
): Promise<boolean> {
	const sig = snapshot.signature as Partial<SnapshotSignature> | undefined;
	const key = keys.find((k) => k.kid === sig?.kid);
	const value = typeof sig?.value === 'string' ? fromBase64Url(sig.value) : null;
	if (!key || sig?.alg !== 'ES256' || !value || value.length !== 64) return false;
	return verifiesEs256(key, value, snapshotSignedBytes(snapshot));
}

/**
 * The revoked serials a kept snapshot vouches for, or null when its signature does not verify (an
 * unsigned or altered copy says nothing about revocation).
 */
export async function verifiedRevocations(
	snapshot: Record<string, unknown>,
	keys: readonly CardKey[]
): Promise<number[] | null> {
	if (!(await verifySnapshot(snapshot, keys))) return null;
	return decodeStatusList(snapshot.revokedCards);
}

/**
 * The cautelar suspensions a kept snapshot vouches for (`suspensions`, as /api/registry lists
 * them), or null when its signature does not verify: like its revocations, an unsigned or altered
 * copy's list is not used.
 */
export async function verifiedSuspensions(
	snapshot: Record<string, unknown>,
	keys: readonly CardKey[]
): Promise<unknown[] | null> {
	if (!(await verifySnapshot(snapshot, keys))) return null;
	return Array.isArray(snapshot.suspensions) ? (snapshot.suspensions as unknown[]) : [];
}
