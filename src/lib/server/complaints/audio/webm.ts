/**
 * WebM (Matroska, RFC 9559, over EBML, RFC 8794; WebM container guidelines): the tracks and the
 * duration of a live recording, where Chrome writes sizes as unknown and no Duration.
 */
import { type Parsed, ascii, toMs } from './bytes';
import { opusHead, opusPacketNs } from './opus';
import {
	type Element,
	UNKNOWN,
	children,
	readElement,
	readFloat,
	readId,
	readSize,
	readUint
} from './ebml';

export const EBML = 0x1a45dfa3;
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
const CODEC_PRIVATE = 0x63a2;
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

interface WebmTrack {
	type: number | null;
	codec: string;
	/** DefaultDuration, ns per frame. */
	frameNs: number | null;
	/** CodecPrivate: Opus's OpusHead, Vorbis's three headers (Xiph-laced). */
	private: Uint8Array | null;
}

/** The audio codecs WebM carries (WebM container guidelines), both recorded by browsers. */
const AUDIO_CODECS = new Set(['A_OPUS', 'A_VORBIS']);

interface WebmBlock {
	readonly track: number;
	/** Cluster timestamp + the block's relative one, in TimestampScale units. */
	readonly ticks: number;
	/** BlockDuration (TimestampScale units), when a BlockGroup gives it. */
	readonly durationTicks: number | null;
	readonly frames: number;
	/** The Opus packet's own duration, when the block holds one well-formed packet (RFC 6716). */
	readonly opusNs: number | null;
	readonly laced: boolean;
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
export function parseWebm(b: Uint8Array): Parsed | null {
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
	const all = [...state.tracks.values()];
	// Audio in a codec WebM carries: an Opus or Vorbis track whose CodecPrivate is its header. A
	// video, subtitle or any other track — or a "video" codec in an audio track — makes it `other`.
	const tracks = state.attachments
		? 'other'
		: all.length === 0
			? 'none'
			: all.every((t) => t.type === TRACK_TYPE_AUDIO && AUDIO_CODECS.has(t.codec))
				? 'audio'
				: 'other';
	if (tracks === 'audio')
		for (const t of all)
			if (!(t.codec === 'A_OPUS' ? opusHead(t.private ?? new Uint8Array(0)) : vorbisPrivate(t)))
				return null;

	if (state.blocks.length === 0) return { tracks, durationMs: null };
	let endNs = state.infoDuration === null ? 0 : state.infoDuration * state.scale;
	// Opus: every block one well-formed packet (no lacing), whose durations add up to at least
	// the recording's length — measured from the data, whatever the timestamps claim.
	const opusNs = new Map<number, number>();
	for (const block of state.blocks) {
		const track = state.tracks.get(block.track);
		if (tracks === 'audio' && track?.codec === 'A_OPUS') {
			if (block.laced || block.opusNs === null) return null;
			const sum = (opusNs.get(block.track) ?? 0) + block.opusNs;
			opusNs.set(block.track, sum);
			endNs = Math.max(endNs, sum);
		}
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
		const track: WebmTrack = { type: null, codec: '', frameNs: null, private: null };
		for (const el of list) {
			if (el.id === TRACK_NUMBER) number = readUint(b, el);
			else if (el.id === TRACK_TYPE) track.type = readUint(b, el);
			else if (el.id === CODEC_ID)
				track.codec = ascii(b, el.start, Math.min(el.end - el.start, 32));
			else if (el.id === DEFAULT_DURATION) track.frameNs = readUint(b, el);
			else if (el.id === CODEC_PRIVATE) track.private = b.subarray(el.start, el.end);
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
		opusNs: payload === null ? null : opusPacketNs(payload),
		laced: lacing !== 0
	};
}

/** Vorbis's CodecPrivate: three headers, Xiph-laced (count − 1 = 2), the first `\x01vorbis`. */
function vorbisPrivate(t: WebmTrack): boolean {
	const p = t.private;
	if (p === null || p[0] !== 2) return false;
	let at = 1;
	let first = 0;
	for (;;) {
		const byte = p[at++];
		if (byte === undefined) return false;
		first += byte;
		if (byte !== 255) break;
	}
	for (;;) {
		const byte = p[at++];
		if (byte === undefined) return false;
		if (byte !== 255) break;
	}
	return first >= 30 && p[at] === 0x01 && ascii(p, at + 1, 6) === 'vorbis';
}

export function webmDocType(b: Uint8Array): string | null {
	const header = readElement(b, 0, b.length);
	const list = header === null || header.unknownSize ? null : children(b, header);
	const docType = list?.find((el) => el.id === DOC_TYPE);
	// A string may end in NUL padding (RFC 8794 §7.4).
	return docType === undefined
		? null
		: ascii(b, docType.start, Math.min(docType.end - docType.start, 32)).replace(/\0+$/, '');
}
