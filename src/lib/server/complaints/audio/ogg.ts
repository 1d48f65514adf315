/**
 * Ogg (RFC 3533) carrying Opus (RFC 7845) or Vorbis (Vorbis I §4.2.2, §A.2): the streams and the
 * duration from the last granule position; every page's CRC is checked.
 */
import { type Parsed, ascii, toMs, u32le } from './bytes';
import { opusHead, opusPacketNs } from './opus';

interface OggStream {
	readonly codec: 'opus' | 'vorbis' | 'other';
	/** Granule positions per second. */
	readonly rate: number;
	readonly preSkip: number;
	/** Vorbis's two block sizes (samples); 0 for Opus. */
	readonly shortBlock: number;
	readonly longBlock: number;
	lastGranule: number | null;
	/** Packets completed so far, the headers included. */
	packets: number;
	/** The pieces of a packet that goes on into the next page. */
	pending: Uint8Array[];
	pendingBytes: number;
	/** Opus: the audio packets' own durations added up, in 48 kHz samples. */
	samples: number;
}

/** Longer than any Opus packet (120 ms at 510 kbit/s) or Vorbis header a recorder writes. */
const MAX_PACKET_BYTES = 256 * 1024;
/** Granule positions a stream may declare beyond what its packets hold (a page's worth). */
const SLACK_SECONDS = 1;

/**
 * Every page is read and its CRC checked, and every packet put together across pages. Each logical
 * stream begins with a BOS page whose first packet names the codec: Opus or Vorbis is audio;
 * Theora (video), Skeleton or anything else makes the file `other`. The headers must follow
 * (OpusTags; Vorbis's comment and setup), then audio packets: each Opus packet must be well
 * formed (RFC 6716 §3.4), each Vorbis packet an audio packet (its first bit 0).
 *
 * Duration, measured from the data: Opus, the packets' own durations added up (their TOC bytes);
 * Vorbis, at least a short block's worth per packet. The last granule position (minus Opus's
 * pre-skip) counts too, the longer of the two; a stream whose granule position claims more than
 * its packets can hold is refused. The longest stream.
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
		// The continued-packet flag says whether the page goes on with a packet (RFC 3533 §6).
		if (Boolean(flags & 0x01) !== stream.pending.length > 0) return null;
		let from = bodyStart;
		for (const x of lacing) {
			stream.pending.push(b.subarray(from, from + x));
			stream.pendingBytes += x;
			from += x;
			if (stream.pendingBytes > MAX_PACKET_BYTES) return null;
			if (x < 255) {
				const packet =
					stream.pending.length === 1 ? (stream.pending[0] ?? new Uint8Array(0)) : join(stream);
				stream.pending = [];
				stream.pendingBytes = 0;
				if (!onPacket(stream, packet)) return null;
			}
		}
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
	for (const s of all) {
		if (s.codec === 'other') continue;
		// A packet cut off at the end, or the headers incomplete: not a whole recording.
		if (s.pending.length > 0 || s.packets < HEADERS[s.codec]) return null;
		const audioPackets = s.packets - HEADERS[s.codec];
		// What the packets hold at least and at most, in granule units.
		const least =
			s.codec === 'opus'
				? s.samples - s.preSkip
				: Math.max(0, audioPackets - 1) * (s.shortBlock / 2);
		const most = s.codec === 'opus' ? least : audioPackets * (s.longBlock / 2);
		const declared = s.lastGranule === null ? null : s.lastGranule - s.preSkip;
		if (declared !== null && declared > most + SLACK_SECONDS * s.rate) return null;
		const measured = Math.max(0, least, declared ?? 0);
		seconds = Math.max(seconds ?? 0, measured / s.rate);
	}
	return { tracks, durationMs: seconds === null ? null : toMs(seconds) };
}

/** Header packets before the audio: OpusHead and OpusTags; Vorbis's identification, comment, setup. */
const HEADERS = { opus: 2, vorbis: 3, other: 0 } as const;

function join(stream: OggStream): Uint8Array {
	const out = new Uint8Array(stream.pendingBytes);
	let at = 0;
	for (const piece of stream.pending) {
		out.set(piece, at);
		at += piece.length;
	}
	return out;
}

/** Checks one packet of a stream in its place; false when it is not what comes there. */
function onPacket(s: OggStream, packet: Uint8Array): boolean {
	const n = s.packets++;
	if (s.codec === 'other' || n === 0) return true; // the first was read with the BOS page
	if (s.codec === 'opus') {
		if (n === 1) return ascii(packet, 0, 8) === 'OpusTags';
		const ns = opusPacketNs(packet);
		if (ns === null) return false;
		s.samples += (ns * 48) / 1e6;
		return true;
	}
	if (n === 1) return packet[0] === 0x03 && ascii(packet, 1, 6) === 'vorbis';
	if (n === 2) return packet[0] === 0x05 && ascii(packet, 1, 6) === 'vorbis';
	// An audio packet starts with a 0 bit (Vorbis I §4.3.1); a header (odd type) does not.
	return packet.length > 0 && ((packet[0] ?? 1) & 0x01) === 0;
}

/** The stream a BOS page's first packet describes; null when an audio header is malformed. */
function oggStream(packet: Uint8Array): OggStream | null {
	const base = { lastGranule: null, packets: 0, pending: [], pendingBytes: 0, samples: 0 };
	if (ascii(packet, 0, 8) === 'OpusHead') {
		const head = opusHead(packet);
		if (head === null) return null;
		return {
			...base,
			codec: 'opus',
			rate: 48_000,
			preSkip: head.preSkip,
			shortBlock: 0,
			longBlock: 0
		};
	}
	if (packet[0] === 0x01 && ascii(packet, 1, 6) === 'vorbis') {
		// Vorbis I §4.2.2: version 0, channels, rate, …, the two block sizes as powers of two.
		const rate = u32le(packet, 12);
		const sizes = packet[28];
		if (packet.length < 30 || u32le(packet, 7) !== 0 || packet[11] === 0) return null;
		if (rate === null || rate < 8_000 || rate > 192_000 || sizes === undefined) return null;
		const short = sizes & 0x0f;
		const long = sizes >> 4;
		if (short < 6 || long > 13 || short > long) return null;
		return {
			...base,
			codec: 'vorbis',
			rate,
			preSkip: 0,
			shortBlock: 2 ** short,
			longBlock: 2 ** long
		};
	}
	return { ...base, codec: 'other', rate: 1, preSkip: 0, shortBlock: 0, longBlock: 0 };
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
