/** What a container walk found, and the byte readers the three formats share. */
import { u32be } from '../bytes';

export { ascii, u16le, u32be, u32le } from '../bytes';

/** `tracks`: only audio, none at all, or something else besides (video, subtitles, …). */
export interface Parsed {
	readonly tracks: 'audio' | 'none' | 'other';
	readonly durationMs: number | null;
}

export function toMs(seconds: number): number | null {
	return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/** Exact to 2^53; beyond, close enough for a duration that is refused anyway. */
export function u64be(b: Uint8Array, at: number): number | null {
	const high = u32be(b, at);
	const low = u32be(b, at + 4);
	return high === null || low === null ? null : high * 2 ** 32 + low;
}
