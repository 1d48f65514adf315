/** EBML (RFC 8794), the element layer under WebM: element headers, sizes, integers and floats. */

/** An element size of all ones (RFC 8794 §6.2): "unknown", what a live recorder writes. */
export const UNKNOWN = -1;

export interface Element {
	readonly id: number;
	readonly start: number;
	/** Where the data ends; for an unknown size, the end of the parent. */
	readonly end: number;
	readonly unknownSize: boolean;
}

/** The children of a master element of known size; null if one is broken or of unknown size. */
export function children(b: Uint8Array, parent: Element): Element[] | null {
	const list: Element[] = [];
	for (let at = parent.start; at < parent.end;) {
		const el = readElement(b, at, parent.end);
		if (el === null || el.unknownSize) return null;
		list.push(el);
		at = el.end;
	}
	return list;
}

/** An element header at `at`; null when broken or when its data would pass `limit`. */
export function readElement(b: Uint8Array, at: number, limit: number): Element | null {
	const id = readId(b, at);
	if (id === null) return null;
	const size = readSize(b, id.next, limit);
	if (size === null) return null;
	if (size.size === UNKNOWN) return { id: id.id, start: size.next, end: limit, unknownSize: true };
	if (size.next + size.size > limit) return null;
	return { id: id.id, start: size.next, end: size.next + size.size, unknownSize: false };
}

/** An Element ID (RFC 8794 §5): 1–4 bytes, marker bits kept, as the specifications write IDs. */
export function readId(b: Uint8Array, at: number): { id: number; next: number } | null {
	const first = b[at];
	if (first === undefined) return null;
	const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
	if (length === 0 || at + length > b.length) return null;
	let id = 0;
	for (let k = 0; k < length; k++) id = id * 256 + (b[at + k] ?? 0);
	return { id, next: at + length };
}

/** A variable-size integer (RFC 8794 §4): 1–8 bytes, all value bits set = UNKNOWN. */
export function readSize(
	b: Uint8Array,
	at: number,
	limit: number
): { size: number; next: number } | null {
	const first = b[at];
	if (first === undefined || first === 0) return null;
	const length = Math.clz32(first) - 23;
	if (at + length > Math.min(limit, b.length)) return null;
	const mask = 0xff >> length;
	let value = first & mask;
	let allOnes = value === mask;
	for (let k = 1; k < length; k++) {
		const byte = b[at + k] ?? 0;
		value = value * 256 + byte;
		allOnes &&= byte === 0xff;
	}
	return { size: allOnes ? UNKNOWN : value, next: at + length };
}

/** An unsigned integer element: 0–8 bytes big-endian (empty means 0). */
export function readUint(b: Uint8Array, el: Element): number | null {
	const length = el.end - el.start;
	if (length > 8) return null;
	let value = 0;
	for (let k = 0; k < length; k++) value = value * 256 + (b[el.start + k] ?? 0);
	return value;
}

/** A float element: 0, 4 or 8 bytes (RFC 8794 §7.3). */
export function readFloat(b: Uint8Array, el: Element): number | null {
	const length = el.end - el.start;
	const view = new DataView(b.buffer, b.byteOffset);
	return length === 0
		? 0
		: length === 4
			? view.getFloat32(el.start)
			: length === 8
				? view.getFloat64(el.start)
				: null;
}
