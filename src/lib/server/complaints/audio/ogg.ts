/**
 * Ogg (RFC 3533) carrying Opus (RFC 7845) or Vorbis (Vorbis I §4.2.2, §A.2): the streams and the
 * duration from the last granule position; every page's CRC is checked.
 */
import { type Parsed, ascii, toMs, u16le, u32le } from './bytes';

interface OggStream {
	readonly codec: 'opus' | 'vorbis' | 'other';
	/** Granule positions per second. */
	readonly rate: number;
	readonly preSkip: number;
	lastGranule: number | null;
}

/**
 * Every page is read and its CRC checked. Each logical stream begins with a BOS page whose first
 * packet names the codec: Opus or Vorbis is audio; Theora (video), Skeleton or anything else makes
 * the file `other`. Duration: the last granule position of each audio stream, minus Opus's
 * pre-skip, over the rate (48 kHz for Opus, the header's rate for Vorbis); the longest stream.
 */
export function parseOgg(b: Uint8Array): Parsed | null {
	const streams = new Map<number, OggStream>();
	let at = 0;
	while (at < b.length) {
		if (ascii(b, at, 4) !== 'OggS' || b[at + 4] !== 0) return null;
		const flags = b[at + 5] ?? 0;
		const granuleLow = u32le(b, at + 6);
		const granuleHigh = u32le(b, at + 10);
		const serial = u32le(b, at + 14);
		const crc = u32le(b, at + 22);
		const segments = b[at + 26];
		if (granuleLow === null || granuleHigh === null || serial === null || crc === null) return null;
		if (segments === undefined || at + 27 + segments > b.length) return null;
		const lacing = b.subarray(at + 27, at + 27 + segments);
		const bodyStart = at + 27 + segments;
		const end = bodyStart + lacing.reduce((n, x) => n + x, 0);
		if (end > b.length) return null;
		if (oggPageCrc(b, at, end) !== crc) return null;

		if (flags & 0x02) {
			if (streams.has(serial)) return null;
			let packetLength = 0;
			for (const x of lacing) {
				packetLength += x;
				if (x < 255) break;
			}
			const stream = oggStream(b.subarray(bodyStart, bodyStart + packetLength));
			if (stream === null) return null;
			streams.set(serial, stream);
		}
		const stream = streams.get(serial);
		if (stream === undefined) return null; // a page before its stream's BOS
		// -1: no packet ends on this page (RFC 3533 §6). Other negative values are not positions.
		if (!(granuleHigh === 0xffffffff && granuleLow === 0xffffffff)) {
			if (granuleHigh >= 0x80000000) return null;
			stream.lastGranule = granuleHigh * 2 ** 32 + granuleLow;
		}
		at = end;
	}
	if (streams.size === 0) return null;
	const all = [...streams.values()];
	const tracks = all.every((s) => s.codec !== 'other') ? 'audio' : 'other';
	let seconds: number | null = null;
	for (const s of all)
		if (s.codec !== 'other' && s.lastGranule !== null)
			seconds = Math.max(seconds ?? 0, Math.max(0, s.lastGranule - s.preSkip) / s.rate);
	return { tracks, durationMs: seconds === null ? null : toMs(seconds) };
}

/** The stream a BOS page's first packet describes; null when an audio header is malformed. */
function oggStream(packet: Uint8Array): OggStream | null {
	if (ascii(packet, 0, 8) === 'OpusHead') {
		// Version 0.x (RFC 7845 §5.1: a reader accepts minor versions it does not know).
		const preSkip = u16le(packet, 10);
		if (packet.length < 19 || (packet[8] ?? 0xff) > 15 || packet[9] === 0 || preSkip === null)
			return null;
		return { codec: 'opus', rate: 48_000, preSkip, lastGranule: null };
	}
	if (packet[0] === 0x01 && ascii(packet, 1, 6) === 'vorbis') {
		const rate = u32le(packet, 12);
		if (packet.length < 30 || u32le(packet, 7) !== 0 || rate === null || rate === 0) return null;
		return { codec: 'vorbis', rate, preSkip: 0, lastGranule: null };
	}
	return { codec: 'other', rate: 1, preSkip: 0, lastGranule: null };
}

let oggTable: Uint32Array | undefined;

/**
 * Ogg's CRC (RFC 3533 §6: polynomial 0x04C11DB7, not reflected, initial 0, no final xor), which
 * goes on from `crc` so that a page can be checked in parts.
 */
export function oggCrc(bytes: Uint8Array, crc = 0): number {
	oggTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
		let c = n << 24;
		for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
		return c >>> 0;
	});
	const table = oggTable;
	for (const byte of bytes) crc = ((crc << 8) ^ (table[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
	return crc;
}

/** A page's CRC as computed with its own CRC field (bytes 22–25) set to zero. */
function oggPageCrc(b: Uint8Array, start: number, end: number): number {
	const head = oggCrc(b.subarray(start, start + 22));
	return oggCrc(b.subarray(start + 26, end), oggCrc(new Uint8Array(4), head));
}
