/** What a container walk found, and the byte readers the three formats share. */

/** `tracks`: only audio, none at all, or something else besides (video, subtitles, …). */
export interface Parsed {
	readonly tracks: 'audio' | 'none' | 'other';
	readonly durationMs: number | null;
}

export function toMs(seconds: number): number | null {
	return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

export function ascii(b: Uint8Array, at: number, length: number): string {
	if (at < 0 || length < 0 || at + length > b.length) return '';
	return String.fromCharCode(...b.subarray(at, at + length));
}

export function u16le(b: Uint8Array, at: number): number | null {
	return at >= 0 && at + 2 <= b.length
		? new DataView(b.buffer, b.byteOffset).getUint16(at, true)
		: null;
}
export function u32be(b: Uint8Array, at: number): number | null {
	return at >= 0 && at + 4 <= b.length ? new DataView(b.buffer, b.byteOffset).getUint32(at) : null;
}
export function u32le(b: Uint8Array, at: number): number | null {
	return at >= 0 && at + 4 <= b.length
		? new DataView(b.buffer, b.byteOffset).getUint32(at, true)
		: null;
}
/** Exact to 2^53; beyond, close enough for a duration that is refused anyway. */
export function u64be(b: Uint8Array, at: number): number | null {
	const high = u32be(b, at);
	const low = u32be(b, at + 4);
	return high === null || low === null ? null : high * 2 ** 32 + low;
}
