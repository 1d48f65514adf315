/**
 * Bounds-checked reads of uploaded bytes (null past the end) and joining parts: the photo and the
 * recording checks share them.
 */

export function ascii(b: Uint8Array, at: number, length: number): string {
	if (at < 0 || length < 0 || at + length > b.length) return '';
	return String.fromCharCode(...b.subarray(at, at + length));
}

/** A view of `b` when `size` bytes from `at` are inside it; null past the end. */
function inside(b: Uint8Array, at: number, size: number): DataView | null {
	return at >= 0 && at + size <= b.length ? new DataView(b.buffer, b.byteOffset) : null;
}

export function u16be(b: Uint8Array, at: number): number | null {
	return inside(b, at, 2)?.getUint16(at) ?? null;
}
export function u16le(b: Uint8Array, at: number): number | null {
	return inside(b, at, 2)?.getUint16(at, true) ?? null;
}
export function u32be(b: Uint8Array, at: number): number | null {
	return inside(b, at, 4)?.getUint32(at) ?? null;
}
export function u32le(b: Uint8Array, at: number): number | null {
	return inside(b, at, 4)?.getUint32(at, true) ?? null;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
}

/** For indexes the loop bounds already checked. */
export function must<T>(value: T | undefined): T {
	if (value === undefined) throw new Error('unreachable: index out of range');
	return value;
}
