/** ISO base media file format (ISO/IEC 14496-12) boxes: the layer under MP4. */

import { ascii, u32be, u64be } from './bytes';

export interface Box {
	readonly type: string;
	readonly start: number;
	readonly end: number;
}

/** The boxes between start and end; null if one is broken. */
export function boxes(b: Uint8Array, start: number, end: number): Box[] | null {
	const list: Box[] = [];
	for (let at = start; at < end;) {
		const box = readBox(b, at, end);
		if (box === null) return null;
		list.push(box);
		at = box.end;
	}
	return list;
}

/** A box header (§4.2): 32-bit size, or 1 then a 64-bit size, or 0 for "to the end"; `uuid`. */
export function readBox(b: Uint8Array, at: number, limit: number): Box | null {
	const size32 = u32be(b, at);
	const type = ascii(b, at + 4, 4);
	if (size32 === null || type === '' || at + 8 > limit) return null;
	let header = 8;
	let size = size32;
	if (size32 === 1) {
		const size64 = u64be(b, at + 8);
		if (size64 === null) return null;
		size = size64;
		header = 16;
	} else if (size32 === 0) size = limit - at;
	if (type === 'uuid') header += 16;
	if (size < header || at + size > limit) return null;
	return { type, start: at + header, end: at + size };
}
