/**
 * A voice recording attached to a complaint: the real type from the bytes (WebM, Ogg or MP4 audio;
 * the name and the declared type are not trusted), the size and duration limits, and a walk over
 * the whole container so that a truncated or forged file is refused instead of stored.
 *
 * Nothing is stripped, unlike photos (photos.ts): what a browser's MediaRecorder writes carries no
 * position and no device, and the bytes are kept exactly as recorded so the evidence is unchanged.
 * Checked on Chromium's recordings (fixtures/chromium-3s.webm): the WebM holds MuxingApp and
 * WritingApp "Chrome" (no version, no user), a random TrackUID, the Opus header and the audio; no
 * DateUTC, Title or Tags. Its MP4 holds creation and modification times in mvhd/tkhd/mdhd (when
 * it was recorded, which the complaint states anyway) and no user data (udta). A file carrying
 * more than audio (a video or subtitle track, WebM attachments, an Ogg Theora or Skeleton stream)
 * is refused as `type`: MediaRecorder's audio never has them, and they could carry anything.
 *
 * Parsing never throws and always moves forward: every element, box or page read consumes at
 * least its header, sizes are checked against what is left before anything is read, and counts
 * claimed inside a box are checked against the bytes that would hold them.
 */

export type AudioMime = 'audio/webm' | 'audio/ogg' | 'audio/mp4';

/** The upload as received. */
export const MAX_AUDIO_BYTES = 1024 * 1024;
/** What the recorder offers; see AUDIO_DURATION_SLACK_MS for what the server accepts. */
export const MAX_AUDIO_MS = 90_000;
/**
 * Accepted beyond MAX_AUDIO_MS. A recorder stopped by the page at 90 s writes its last Opus packet
 * (up to 120 ms, Chrome's are 60 ms) after the stop, and a phone's timer runs late when busy; a
 * rider who recorded "90 s" must not be refused for that.
 */
export const AUDIO_DURATION_SLACK_MS = 1_000;

declare const checked: unique symbol;

/** A recording that went through `prepareRecording`: type, size and duration checked. */
export interface Recording {
	readonly mime: AudioMime;
	readonly bytes: Uint8Array;
	readonly durationMs: number;
	readonly [checked]: true;
}

/**
 * `type`: not WebM/Ogg/MP4 audio (or has video / no audio track); `size`: over 1 MB; `duration`:
 * over 90 s (plus AUDIO_DURATION_SLACK_MS); `corrupt`: structure broken or duration unreadable
 * (or 0 ms).
 */
export type AudioError = 'type' | 'size' | 'duration' | 'corrupt';

/**
 * Checks one upload. The size first (cheap), then the type by magic bytes, then the whole
 * container: tracks (audio only) and duration.
 * @example prepareRecording(chromeWebm) //=> { ok: true, recording: { mime: 'audio/webm', durationMs: 3060, … } }
 */
export function prepareRecording(
	bytes: Uint8Array
): { ok: true; recording: Recording } | { ok: false; reason: AudioError } {
	if (bytes.length > MAX_AUDIO_BYTES) return { ok: false, reason: 'size' };
	const mime = detectAudioType(bytes);
	if (mime === null) return { ok: false, reason: 'type' };
	const parsed = inspect(mime, bytes);
	if (parsed === null) return { ok: false, reason: 'corrupt' };
	if (parsed.tracks !== 'audio') return { ok: false, reason: 'type' };
	// 0 ms (headers and no audio) is as unreadable as no duration: there is nothing to hear.
	if (parsed.durationMs === null || parsed.durationMs === 0)
		return { ok: false, reason: 'corrupt' };
	if (parsed.durationMs > MAX_AUDIO_MS + AUDIO_DURATION_SLACK_MS)
		return { ok: false, reason: 'duration' };
	// Recording's brand marks what only this module creates.
	return { ok: true, recording: { mime, bytes, durationMs: parsed.durationMs } as Recording };
}

/**
 * The type by magic bytes, or null: Ogg's `OggS`; an `ftyp` box first with an ISO/MP4 brand (not
 * HEIF/AVIF images, not QuickTime); the EBML magic with the DocType `webm`.
 *
 * Matroska (DocType `matroska`, .mka/.mkv) is refused: browsers record WebM (Chromium writes
 * Matroska only for `audio/webm;codecs=pcm`, raw PCM at 1.5 Mbit/s, which passes 1 MB in about five
 * seconds anyway), and a Matroska file may hold codecs that Firefox and Safari cannot play back to
 * the staff. When the EBML header is
 * too broken to show its DocType the answer is still WebM, so the check says `corrupt`.
 */
export function detectAudioType(b: Uint8Array): AudioMime | null {
	if (ascii(b, 0, 4) === 'OggS') return 'audio/ogg';
	if (ascii(b, 4, 4) === 'ftyp') return mp4Brands(b) ? 'audio/mp4' : null;
	if (u32be(b, 0) === EBML) {
		const docType = webmDocType(b);
		return docType === null || docType === 'webm' ? 'audio/webm' : null;
	}
	return null;
}

/**
 * The duration the container says, rounded to the millisecond; null when the structure is broken
 * or gives no duration. (It reads the duration of a video too; `prepareRecording` refuses those.)
 */
export function recordingDurationMs(mime: AudioMime, bytes: Uint8Array): number | null {
	return inspect(mime, bytes)?.durationMs ?? null;
}

/** `tracks`: only audio, none at all, or something else besides (video, subtitles, …). */
interface Parsed {
	readonly tracks: 'audio' | 'none' | 'other';
	readonly durationMs: number | null;
}

function inspect(mime: AudioMime, b: Uint8Array): Parsed | null {
	return mime === 'audio/webm' ? parseWebm(b) : mime === 'audio/ogg' ? parseOgg(b) : parseMp4(b);
}

function toMs(seconds: number): number | null {
	return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

// ─── WebM (Matroska, RFC 9559; EBML, RFC 8794; WebM container guidelines) ──────────────────────

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const DEFAULT_DURATION = 0x23e383;
const CLUSTER = 0x1f43b675;
const TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const BLOCK_DURATION = 0x9b;
const CUES = 0x1c53bb6b;
const CHAPTERS = 0x1043a770;
const TAGS = 0x1254c367;
const ATTACHMENTS = 0x1941a469;
const TRACK_TYPE_AUDIO = 2;
/** What ends a Cluster of unknown size: the next element of the Segment's level, or a new file. */
const LEVEL_1 = new Set([
	SEEK_HEAD,
	INFO,
	TRACKS,
	CLUSTER,
	CUES,
	CHAPTERS,
	TAGS,
	ATTACHMENTS,
	EBML,
	SEGMENT
]);
/** An element size of all ones (RFC 8794 §6.2): "unknown", what a live recorder writes. */
const UNKNOWN = -1;

interface Element {
	readonly id: number;
	readonly start: number;
	/** Where the data ends; for an unknown size, the end of the parent. */
	readonly end: number;
	readonly unknownSize: boolean;
}

interface WebmTrack {
	type: number | null;
	codec: string;
	/** DefaultDuration, ns per frame. */
	frameNs: number | null;
}

interface WebmBlock {
	readonly track: number;
	/** Cluster timestamp + the block's relative one, in TimestampScale units. */
	readonly ticks: number;
	/** BlockDuration (TimestampScale units), when a BlockGroup gives it. */
	readonly durationTicks: number | null;
	readonly frames: number;
	/** The Opus packet's own duration, when the block holds one packet (RFC 6716 §3.1). */
	readonly opusNs: number | null;
}

interface WebmState {
	scale: number;
	infoDuration: number | null;
	tracks: Map<number, WebmTrack>;
	blocks: WebmBlock[];
	attachments: boolean;
}

/**
 * Duration: the end of the last block — its timestamp plus its own duration (BlockDuration, else
 * the track's DefaultDuration × frames, else, for Opus, the packet's duration from its TOC byte,
 * else nothing) — because Chrome writes no Duration in a live recording. When Info does have a
 * Duration the larger of the two is taken: the limit then holds whichever a player believes.
 * A file with no block at all is unreadable (nothing was recorded).
 */
function parseWebm(b: Uint8Array): Parsed | null {
	const header = readElement(b, 0, b.length);
	if (header === null || header.id !== EBML || header.unknownSize) return null;
	const state: WebmState = {
		scale: 1_000_000,
		infoDuration: null,
		tracks: new Map(),
		blocks: [],
		attachments: false
	};
	let segments = 0;
	let at = header.end;
	while (at < b.length) {
		const el = readElement(b, at, b.length);
		if (el === null) return null;
		if (el.id === SEGMENT) {
			// One recording, one Segment: a chained second file would be a second recording.
			if (++segments > 1) return null;
			const end = parseSegment(b, el.start, el.end, state);
			if (end === null) return null;
			at = end;
		} else {
			if (el.unknownSize) return null;
			at = el.end; // Void, or an element this reader does not know: skipped by its size
		}
	}
	if (segments === 0) return null;

	for (const block of state.blocks) if (!state.tracks.has(block.track)) return null;
	const types = [...state.tracks.values()].map((t) => t.type);
	const tracks = state.attachments
		? 'other'
		: types.length === 0
			? 'none'
			: types.every((t) => t === TRACK_TYPE_AUDIO)
				? 'audio'
				: 'other';

	if (state.blocks.length === 0) return { tracks, durationMs: null };
	let endNs = state.infoDuration === null ? 0 : state.infoDuration * state.scale;
	for (const block of state.blocks) {
		const track = state.tracks.get(block.track);
		const ownNs =
			block.durationTicks !== null
				? block.durationTicks * state.scale
				: track?.frameNs != null
					? track.frameNs * block.frames
					: track?.codec === 'A_OPUS'
						? (block.opusNs ?? 0)
						: 0;
		endNs = Math.max(endNs, block.ticks * state.scale + ownNs);
	}
	return { tracks, durationMs: toMs(endNs / 1e9) };
}

/** Returns where the Segment ended (a Segment of unknown size ends at the end of the file). */
function parseSegment(b: Uint8Array, start: number, end: number, state: WebmState): number | null {
	let at = start;
	while (at < end) {
		const el = readElement(b, at, end);
		if (el === null) return null;
		if (el.id === CLUSTER) {
			const next = parseCluster(b, el, state);
			if (next === null) return null;
			at = next;
			continue;
		}
		// Only Clusters (and the Segment) are written with an unknown size by recorders.
		if (el.unknownSize) return null;
		if (el.id === INFO && !parseInfo(b, el, state)) return null;
		if (el.id === TRACKS && !parseTracks(b, el, state)) return null;
		if (el.id === ATTACHMENTS) state.attachments = true;
		at = el.end;
	}
	return at;
}

function parseInfo(b: Uint8Array, info: Element, state: WebmState): boolean {
	const list = children(b, info);
	if (list === null) return false;
	for (const el of list) {
		if (el.id === TIMESTAMP_SCALE) {
			const scale = readUint(b, el);
			if (scale === null || scale === 0) return false;
			state.scale = scale;
		} else if (el.id === DURATION) {
			const duration = readFloat(b, el);
			if (duration === null || !Number.isFinite(duration) || duration < 0) return false;
			state.infoDuration = duration;
		}
	}
	return true;
}

function parseTracks(b: Uint8Array, tracks: Element, state: WebmState): boolean {
	const entries = children(b, tracks);
	if (entries === null) return false;
	for (const entry of entries) {
		if (entry.id !== TRACK_ENTRY) continue;
		const list = children(b, entry);
		if (list === null) return false;
		let number: number | null = null;
		const track: WebmTrack = { type: null, codec: '', frameNs: null };
		for (const el of list) {
			if (el.id === TRACK_NUMBER) number = readUint(b, el);
			else if (el.id === TRACK_TYPE) track.type = readUint(b, el);
			else if (el.id === CODEC_ID)
				track.codec = ascii(b, el.start, Math.min(el.end - el.start, 32));
			else if (el.id === DEFAULT_DURATION) track.frameNs = readUint(b, el);
		}
		// TrackNumber and TrackType are mandatory, and a number names one track only.
		if (number === null || number === 0 || track.type === null || state.tracks.has(number))
			return false;
		state.tracks.set(number, track);
	}
	return true;
}

/**
 * Reads the Cluster's blocks; returns where it ended. One of unknown size (Chrome's) ends at the
 * next level-1 element (the next Cluster, Cues, …) or at the end of the Segment.
 */
function parseCluster(b: Uint8Array, cluster: Element, state: WebmState): number | null {
	let timestamp: number | null = null;
	let at = cluster.start;
	while (at < cluster.end) {
		if (cluster.unknownSize) {
			const id = readId(b, at);
			if (id === null) return null;
			if (LEVEL_1.has(id.id)) return at;
		}
		const el = readElement(b, at, cluster.end);
		if (el === null || el.unknownSize) return null;
		if (el.id === TIMESTAMP) {
			timestamp = readUint(b, el);
			if (timestamp === null) return null;
		} else if (el.id === SIMPLE_BLOCK) {
			// The Cluster's Timestamp comes before its blocks (RFC 9559 §5.1.3.1).
			if (timestamp === null) return null;
			const block = readBlock(b, el.start, el.end, timestamp, null);
			if (block === null) return null;
			state.blocks.push(block);
		} else if (el.id === BLOCK_GROUP) {
			if (timestamp === null) return null;
			const list = children(b, el);
			const data = list?.find((child) => child.id === BLOCK);
			const duration = list?.find((child) => child.id === BLOCK_DURATION);
			const durationTicks = duration === undefined ? null : readUint(b, duration);
			if (data === undefined || (duration !== undefined && durationTicks === null)) return null;
			const block = readBlock(b, data.start, data.end, timestamp, durationTicks);
			if (block === null) return null;
			state.blocks.push(block);
		}
		at = el.end;
	}
	return at;
}

/** A (Simple)Block's header (RFC 9559 §10): track number, signed 16-bit timestamp, flags. */
function readBlock(
	b: Uint8Array,
	start: number,
	end: number,
	clusterTicks: number,
	durationTicks: number | null
): WebmBlock | null {
	const track = readSize(b, start, end);
	if (track === null || track.size === UNKNOWN || track.size === 0) return null;
	const at = track.next;
	const relative = at + 3 <= end ? new DataView(b.buffer, b.byteOffset).getInt16(at) : null;
	const flags = b[at + 2];
	if (relative === null || flags === undefined) return null;
	const lacing = (flags >> 1) & 0x03;
	const laced = lacing === 0 ? null : b[at + 3];
	if (lacing !== 0 && (laced === undefined || laced === null || at + 4 > end)) return null;
	const frames = laced === null || laced === undefined ? 1 : laced + 1;
	const payload = lacing === 0 ? b.subarray(at + 3, end) : null;
	const ticks = clusterTicks + relative;
	if (ticks < 0) return null;
	return {
		track: track.size,
		ticks,
		durationTicks,
		frames,
		opusNs: payload === null ? null : opusPacketNs(payload)
	};
}

/**
 * An Opus packet's duration from its TOC byte (RFC 6716 §3.1): the configuration gives the frame
 * size, the code the number of frames (code 3: the count in the next byte). Null if malformed.
 */
export function opusPacketNs(packet: Uint8Array): number | null {
	const toc = packet[0];
	if (toc === undefined) return null;
	const config = toc >> 3;
	const frameUs =
		config < 12
			? [10_000, 20_000, 40_000, 60_000][config % 4]
			: config < 16
				? [10_000, 20_000][config % 2]
				: [2_500, 5_000, 10_000, 20_000][config % 4];
	const code = toc & 0x03;
	const count = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
	if (frameUs === undefined || count === 0 || frameUs * count > 120_000) return null;
	return frameUs * count * 1000;
}

function webmDocType(b: Uint8Array): string | null {
	const header = readElement(b, 0, b.length);
	const list = header === null || header.unknownSize ? null : children(b, header);
	const docType = list?.find((el) => el.id === DOC_TYPE);
	// A string may end in NUL padding (RFC 8794 §7.4).
	return docType === undefined
		? null
		: ascii(b, docType.start, Math.min(docType.end - docType.start, 32)).replace(/\0+$/, '');
}

/** The children of a master element of known size; null if one is broken or of unknown size. */
function children(b: Uint8Array, parent: Element): Element[] | null {
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
function readElement(b: Uint8Array, at: number, limit: number): Element | null {
	const id = readId(b, at);
	if (id === null) return null;
	const size = readSize(b, id.next, limit);
	if (size === null) return null;
	if (size.size === UNKNOWN) return { id: id.id, start: size.next, end: limit, unknownSize: true };
	if (size.next + size.size > limit) return null;
	return { id: id.id, start: size.next, end: size.next + size.size, unknownSize: false };
}

/** An Element ID (RFC 8794 §5): 1–4 bytes, marker bits kept, as the specifications write IDs. */
function readId(b: Uint8Array, at: number): { id: number; next: number } | null {
	const first = b[at];
	if (first === undefined) return null;
	const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
	if (length === 0 || at + length > b.length) return null;
	let id = 0;
	for (let k = 0; k < length; k++) id = id * 256 + (b[at + k] ?? 0);
	return { id, next: at + length };
}

/** A variable-size integer (RFC 8794 §4): 1–8 bytes, all value bits set = UNKNOWN. */
function readSize(b: Uint8Array, at: number, limit: number): { size: number; next: number } | null {
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
function readUint(b: Uint8Array, el: Element): number | null {
	const length = el.end - el.start;
	if (length > 8) return null;
	let value = 0;
	for (let k = 0; k < length; k++) value = value * 256 + (b[el.start + k] ?? 0);
	return value;
}

/** A float element: 0, 4 or 8 bytes (RFC 8794 §7.3). */
function readFloat(b: Uint8Array, el: Element): number | null {
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

// ─── Ogg (RFC 3533), Ogg Opus (RFC 7845), Ogg Vorbis (Vorbis I spec §4.2.2, §A.2) ──────────────

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
function parseOgg(b: Uint8Array): Parsed | null {
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

// ─── MP4 (ISO/IEC 14496-12, ISO base media file format) ─────────────────────────────────────────

/** Brands of audio/video MP4 files (not HEIF/AVIF images, which share `ftyp`, nor QuickTime). */
const MP4_BRANDS = new Set([
	'isom',
	'iso2',
	'iso3',
	'iso4',
	'iso5',
	'iso6',
	'iso7',
	'iso8',
	'iso9',
	'mp41',
	'mp42',
	'M4A ',
	'M4B ',
	'M4V ',
	'dash',
	'cmfc',
	'cmf2'
]);
const IMAGE_BRANDS = new Set(['mif1', 'msf1', 'heic', 'heix', 'heim', 'heis', 'avif', 'avis']);

function mp4Brands(b: Uint8Array): boolean {
	const size = u32be(b, 0);
	// A broken ftyp is still MP4's magic: the check then says `corrupt`.
	if (size === null || size < 16 || size > b.length) return true;
	const brands: string[] = [ascii(b, 8, 4)];
	for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(b, at, 4));
	if (brands.some((x) => IMAGE_BRANDS.has(x))) return false;
	return brands.some((x) => MP4_BRANDS.has(x));
}

interface Box {
	readonly type: string;
	readonly start: number;
	readonly end: number;
}

interface Mp4Track {
	handler: string;
	timescale: number;
	duration: number;
	/** trex's default_sample_duration, for fragments that give none. */
	defaultSampleDuration: number;
	/** Where the last fragment ended, in the track's timescale (0: no fragments). */
	fragmentEnd: number;
}

interface Mp4State {
	movieTimescale: number;
	movieDuration: number;
	fragmentDuration: number;
	tracks: Map<number, Mp4Track>;
	/** trex: track id → default_sample_duration (trex may come before the trak it names). */
	trex: Map<number, number>;
	runs: Run[];
}

/** A fragment's run of samples, kept until the whole file is read (moov gives the timescales). */
interface Run {
	readonly track: number;
	/** tfdt's decode time, for the fragment's first run; else it follows the previous run. */
	readonly decodeTime: number | null;
	/** tfhd's default_sample_duration. */
	readonly defaultDuration: number | null;
	readonly durations: number;
	readonly samplesWithoutDuration: number;
}

const ALL_ONES_32 = 0xffffffff;

/**
 * Needs exactly one `moov`; every `trak` must be sound (`hdlr` `soun`). Duration, the largest of:
 * mvhd's (version 0 or 1; 0 or all ones mean unknown), mvex/mehd's, each track's mdhd, and for a
 * fragmented file (MediaRecorder's: mvhd and mdhd say 0) where each track's last fragment ends —
 * tfdt's decode time (or the previous run's end) plus the trun sample durations, each sample's
 * own or tfhd's default or trex's default.
 */
function parseMp4(b: Uint8Array): Parsed | null {
	const state: Mp4State = {
		movieTimescale: 0,
		movieDuration: 0,
		fragmentDuration: 0,
		tracks: new Map(),
		trex: new Map(),
		runs: []
	};
	const top = boxes(b, 0, b.length);
	if (top === null || top.filter((box) => box.type === 'moov').length !== 1) return null;
	for (const box of top) {
		if (box.type === 'moov' && !parseMoov(b, box, state)) return null;
		if (box.type === 'moof') {
			const trafs = boxes(b, box.start, box.end);
			if (trafs === null) return null;
			for (const traf of trafs) if (traf.type === 'traf' && !parseTraf(b, traf, state)) return null;
		}
	}

	for (const [id, duration] of state.trex) {
		const track = state.tracks.get(id);
		if (track === undefined) return null;
		track.defaultSampleDuration = duration;
	}
	for (const run of state.runs) {
		const track = state.tracks.get(run.track);
		if (track === undefined || track.timescale === 0) return null;
		const perSample = run.defaultDuration ?? track.defaultSampleDuration;
		const start = run.decodeTime ?? track.fragmentEnd;
		track.fragmentEnd = start + run.durations + run.samplesWithoutDuration * perSample;
	}
	const seconds: number[] = [];
	const add = (duration: number, timescale: number) => {
		if (duration > 0 && duration !== ALL_ONES_32 && timescale > 0)
			seconds.push(duration / timescale);
	};
	add(state.movieDuration, state.movieTimescale);
	add(state.fragmentDuration, state.movieTimescale);
	for (const track of state.tracks.values()) {
		add(track.duration, track.timescale);
		add(track.fragmentEnd, track.timescale);
	}
	const handlers = [...state.tracks.values()].map((t) => t.handler);
	const tracks =
		handlers.length === 0 ? 'none' : handlers.every((h) => h === 'soun') ? 'audio' : 'other';
	return { tracks, durationMs: seconds.length === 0 ? null : toMs(Math.max(...seconds)) };
}

function parseMoov(b: Uint8Array, moov: Box, state: Mp4State): boolean {
	const list = boxes(b, moov.start, moov.end);
	if (list === null) return false;
	for (const box of list) {
		if (box.type === 'mvhd') {
			const head = timesOf(b, box);
			if (head === null) return false;
			state.movieTimescale = head.timescale;
			state.movieDuration = head.duration;
		} else if (box.type === 'trak') {
			if (!parseTrak(b, box, state)) return false;
		} else if (box.type === 'mvex') {
			const extends_ = boxes(b, box.start, box.end);
			if (extends_ === null) return false;
			for (const child of extends_) {
				if (child.type === 'mehd') {
					const long = b[child.start] === 1;
					const duration = long ? u64be(b, child.start + 4) : u32be(b, child.start + 4);
					if (duration === null || child.start + (long ? 12 : 8) > child.end) return false;
					state.fragmentDuration = duration;
				} else if (child.type === 'trex') {
					const id = u32be(b, child.start + 4);
					const duration = u32be(b, child.start + 12);
					if (id === null || duration === null || child.start + 16 > child.end) return false;
					state.trex.set(id, duration);
				}
			}
		}
	}
	return true;
}

function parseTrak(b: Uint8Array, trak: Box, state: Mp4State): boolean {
	const list = boxes(b, trak.start, trak.end);
	if (list === null) return false;
	let id: number | null = null;
	const track: Mp4Track = {
		handler: '',
		timescale: 0,
		duration: 0,
		defaultSampleDuration: 0,
		fragmentEnd: 0
	};
	for (const box of list) {
		if (box.type === 'tkhd') {
			const at = box.start + (b[box.start] === 1 ? 20 : 12);
			id = at + 4 <= box.end ? u32be(b, at) : null;
			if (id === null) return false;
		} else if (box.type === 'mdia') {
			const media = boxes(b, box.start, box.end);
			if (media === null) return false;
			for (const child of media) {
				if (child.type === 'mdhd') {
					const head = timesOf(b, child);
					if (head === null) return false;
					track.timescale = head.timescale;
					track.duration = head.duration;
				} else if (child.type === 'hdlr') {
					if (child.start + 12 > child.end) return false;
					track.handler = ascii(b, child.start + 8, 4);
				}
			}
		}
	}
	if (id === null || state.tracks.has(id)) return false;
	state.tracks.set(id, track);
	return true;
}

/** mvhd and mdhd share their start: version, flags, two times, timescale, duration. */
function timesOf(b: Uint8Array, box: Box): { timescale: number; duration: number } | null {
	const version = b[box.start];
	if (version !== 0 && version !== 1) return null;
	const at = box.start + (version === 1 ? 20 : 12);
	const timescale = u32be(b, at);
	const duration = version === 1 ? u64be(b, at + 4) : u32be(b, at + 4);
	if (timescale === null || duration === null || at + (version === 1 ? 12 : 8) > box.end)
		return null;
	return { timescale, duration };
}

/** tfhd's optional fields (ISO/IEC 14496-12 §8.8.7) and trun's (§8.8.8), by flag. */
const TFHD_BASE_DATA_OFFSET = 0x01;
const TFHD_SAMPLE_DESCRIPTION = 0x02;
const TFHD_DEFAULT_DURATION = 0x08;
const TRUN_DATA_OFFSET = 0x01;
const TRUN_FIRST_SAMPLE_FLAGS = 0x04;
const TRUN_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800];
const TRUN_DURATION = 0x100;

function parseTraf(b: Uint8Array, traf: Box, state: Mp4State): boolean {
	const list = boxes(b, traf.start, traf.end);
	if (list === null) return false;
	let track: number | null = null;
	let defaultDuration: number | null = null;
	let decodeTime: number | null = null;
	const runs: { durations: number; samplesWithoutDuration: number }[] = [];
	for (const box of list) {
		if (box.type !== 'tfhd' && box.type !== 'tfdt' && box.type !== 'trun') continue;
		// Full boxes: version (8 bits) and flags (24 bits) first.
		const head = box.start + 4 <= box.end ? u32be(b, box.start) : null;
		if (head === null) return false;
		const flags = head & 0xffffff;
		if (box.type === 'tfhd') {
			track = box.start + 8 <= box.end ? u32be(b, box.start + 4) : null;
			if (track === null) return false;
			let at = box.start + 8;
			if (flags & TFHD_BASE_DATA_OFFSET) at += 8;
			if (flags & TFHD_SAMPLE_DESCRIPTION) at += 4;
			if (flags & TFHD_DEFAULT_DURATION) {
				defaultDuration = at + 4 <= box.end ? u32be(b, at) : null;
				if (defaultDuration === null) return false;
			}
		} else if (box.type === 'tfdt') {
			const long = head >>> 24 === 1;
			decodeTime = long ? u64be(b, box.start + 4) : u32be(b, box.start + 4);
			if (decodeTime === null || box.start + (long ? 12 : 8) > box.end) return false;
		} else {
			const count = box.start + 8 <= box.end ? u32be(b, box.start + 4) : null;
			if (count === null) return false;
			let at = box.start + 8;
			if (flags & TRUN_DATA_OFFSET) at += 4;
			if (flags & TRUN_FIRST_SAMPLE_FLAGS) at += 4;
			const stride = TRUN_SAMPLE_FIELDS.filter((f) => flags & f).length * 4;
			// The count is checked against the bytes that would hold the samples before any loop.
			if (at + count * stride > box.end) return false;
			if (!(flags & TRUN_DURATION)) runs.push({ durations: 0, samplesWithoutDuration: count });
			else {
				let durations = 0;
				for (let n = 0; n < count; n++) durations += u32be(b, at + n * stride) ?? 0;
				runs.push({ durations, samplesWithoutDuration: 0 });
			}
		}
	}
	if (track === null) return runs.length === 0;
	for (const [n, run] of runs.entries())
		state.runs.push({
			track,
			decodeTime: n === 0 ? decodeTime : null,
			defaultDuration,
			...run
		});
	return true;
}

/** The boxes between start and end; null if one is broken. */
function boxes(b: Uint8Array, start: number, end: number): Box[] | null {
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
function readBox(b: Uint8Array, at: number, limit: number): Box | null {
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

// ─── Bytes ──────────────────────────────────────────────────────────────────────────────────────

function ascii(b: Uint8Array, at: number, length: number): string {
	if (at < 0 || length < 0 || at + length > b.length) return '';
	return String.fromCharCode(...b.subarray(at, at + length));
}

function u16le(b: Uint8Array, at: number): number | null {
	return at >= 0 && at + 2 <= b.length
		? new DataView(b.buffer, b.byteOffset).getUint16(at, true)
		: null;
}
function u32be(b: Uint8Array, at: number): number | null {
	return at >= 0 && at + 4 <= b.length ? new DataView(b.buffer, b.byteOffset).getUint32(at) : null;
}
function u32le(b: Uint8Array, at: number): number | null {
	return at >= 0 && at + 4 <= b.length
		? new DataView(b.buffer, b.byteOffset).getUint32(at, true)
		: null;
}
/** Exact to 2^53; beyond, close enough for a duration that is refused anyway. */
function u64be(b: Uint8Array, at: number): number | null {
	const high = u32be(b, at);
	const low = u32be(b, at + 4);
	return high === null || low === null ? null : high * 2 ** 32 + low;
}
