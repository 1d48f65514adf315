/**
 * Recordings built byte by byte for tests (audio.spec.ts and the end-to-end tests): the shapes
 * browsers' MediaRecorder writes, with silent audio, sized as asked. No Node or test-runner
 * imports, so a Playwright test can build an upload with them too.
 *
 * - WebM as Chrome writes it: EBML header (DocType webm), a Segment and Clusters of unknown size,
 *   Info with TimestampScale 1 ms and MuxingApp/WritingApp "Chrome" but no Duration, one Opus
 *   track (A_OPUS, OpusHead as CodecPrivate, 48 kHz mono), SimpleBlocks of 60 ms Opus packets
 *   (TOC 0xFB: CELT 20 ms frames, code 3, three frames) in Clusters of about one second.
 * - Ogg Opus as Firefox writes it: OpusHead page (BOS), OpusTags page, audio pages of one second
 *   of 20 ms packets, the last with EOS; granule positions count 48 kHz samples from the pre-skip.
 * - MP4 as Chrome writes it (`audio/mp4`): ftyp, moov (mvhd and mdhd durations 0, one `soun`
 *   track with an Opus sample entry, mvex/trex), then per second a moof (tfhd, tfdt, trun with
 *   sample durations and sizes) and its mdat.
 *
 * A long recording stays small: `frameMs` sets each packet's length, `blockEveryMs` (WebM) leaves
 * silence between packets as Opus DTX does, so five minutes of WebM weigh a few kilobytes.
 */

import { oggCrc } from './audio';

// ─── WebM ───────────────────────────────────────────────────────────────────────────────────────

export interface WebmOptions {
	durationMs: number;
	/** Chrome's live shape: Segment and Clusters of unknown size, no Duration. Default true. */
	liveStream?: boolean;
	/** Adds a VP8 video track (with a frame per Cluster), as `video/webm` recordings have. */
	video?: boolean;
	/** Pads with a Void element to exactly this many bytes. */
	padToBytes?: number;
	/** Each Opus packet's length: 20 to 120 ms in 20 ms steps. Default 60 (Chrome's). */
	frameMs?: number;
	/** Time between packets (≥ frameMs); more leaves silence, as Opus DTX does. */
	blockEveryMs?: number;
	/** The last block in a BlockGroup with a BlockDuration instead of a SimpleBlock. */
	blockGroupLast?: boolean;
	/** Default 'webm'. */
	docType?: string;
	/** Adds an Attachments element with a small text file. */
	attachment?: boolean;
}

const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

/** A WebM recording of `durationMs`, the end of its last packet. */
export function webmAudio(options: WebmOptions): Uint8Array {
	const {
		durationMs,
		liveStream = true,
		video = false,
		frameMs = 60,
		blockEveryMs = frameMs,
		blockGroupLast = false,
		docType = 'webm',
		attachment = false
	} = options;
	if (frameMs % 20 !== 0 || frameMs < 20 || frameMs > 120 || blockEveryMs < frameMs)
		throw new Error('frameMs: 20–120 in 20 ms steps; blockEveryMs ≥ frameMs');
	if (durationMs < frameMs) throw new Error('durationMs shorter than one packet');

	const header = element(0x1a45dfa3, [
		element(0x4286, uint(1)), // EBMLVersion
		element(0x42f7, uint(1)), // EBMLReadVersion
		element(0x42f2, uint(4)), // EBMLMaxIDLength
		element(0x42f3, uint(8)), // EBMLMaxSizeLength
		element(0x4282, text(docType)),
		element(0x4287, uint(4)), // DocTypeVersion
		element(0x4285, uint(2)) // DocTypeReadVersion
	]);
	const info = element(0x1549a966, [
		element(0x2ad7b1, uint(1_000_000)), // TimestampScale: 1 ms
		element(0x4d80, text('Chrome')),
		element(0x5741, text('Chrome')),
		...(liveStream ? [] : [element(0x4489, float64(durationMs))])
	]);
	const tracks = element(0x1654ae6b, [
		element(0xae, [
			element(0xd7, uint(1)), // TrackNumber
			element(0x73c5, Uint8Array.of(0x5a, 0x17, 0x0b, 0x42, 0x99, 0x01, 0x7e)), // TrackUID
			element(0x83, uint(2)), // TrackType: audio
			element(0x86, text('A_OPUS')),
			element(0x63a2, opusHead(0)),
			// Audio: 48 kHz, mono, and the BitDepth 32 Chrome writes.
			element(0xe1, [
				element(0xb5, float32(48_000)),
				element(0x9f, uint(1)),
				element(0x6264, uint(32))
			])
		]),
		...(video
			? [
					element(0xae, [
						element(0xd7, uint(2)),
						element(0x73c5, uint(0x1234)),
						element(0x83, uint(1)), // TrackType: video
						element(0x86, text('V_VP8')),
						element(0xe0, [element(0xb0, uint(320)), element(0xba, uint(240))])
					])
				]
			: [])
	]);
	const attachments = attachment
		? [
				element(0x1941a469, [
					element(0x61a7, [
						element(0x466e, text('nota.txt')),
						element(0x4660, text('text/plain')),
						element(0x465c, text('qualquer coisa')),
						element(0x46ae, uint(7))
					])
				])
			]
		: [];

	// Block timestamps: every blockEveryMs, the last one ending exactly at durationMs.
	const times: number[] = [];
	const last = durationMs - frameMs;
	for (let t = 0; t < last; t += blockEveryMs) times.push(t);
	times.push(last);

	const clusters: Uint8Array[] = [];
	let start = 0;
	while (start < times.length) {
		const clusterTime = must(times[start]);
		let end = start;
		// About a second per Cluster, as Chrome; relative timestamps stay within 16 bits.
		while (end < times.length && must(times[end]) - clusterTime < 1000) end++;
		if (end === start) end++;
		const blocks: Uint8Array[] = [element(0xe7, uint(clusterTime))];
		for (let n = start; n < end; n++) {
			const relative = must(times[n]) - clusterTime;
			const packet = silentOpus(frameMs);
			if (n === times.length - 1 && blockGroupLast)
				blocks.push(
					element(0xa0, [
						element(0xa1, blockBody(1, relative, 0x00, packet)),
						element(0x9b, uint(frameMs))
					])
				);
			else blocks.push(element(0xa3, blockBody(1, relative, 0x80, packet)));
		}
		if (video) blocks.push(element(0xa3, blockBody(2, 0, 0x80, new Uint8Array(24))));
		clusters.push(liveStream ? unknownSize(0x1f43b675, blocks) : element(0x1f43b675, blocks));
		start = end;
	}

	const body = [info, tracks, ...attachments, ...clusters];
	const segment = liveStream ? unknownSize(0x18538067, body) : element(0x18538067, body);
	const file = concat([header, segment]);
	if (options.padToBytes === undefined) return file;
	// Void (0xEC) with an 8-byte size: in the last Cluster of unknown size, else after the Segment.
	const room = options.padToBytes - file.length - 9;
	if (room < 0) throw new Error(`padToBytes below ${file.length + 9}`);
	return concat([file, Uint8Array.of(0xec, 0x01), bigEndian(room, 7), new Uint8Array(room)]);
}

/** A (Simple)Block's body: track number (1-byte VINT), relative timestamp, flags, frame. */
function blockBody(track: number, relative: number, flags: number, frame: Uint8Array): Uint8Array {
	return concat([
		Uint8Array.of(0x80 | track, (relative >> 8) & 0xff, relative & 0xff, flags),
		frame
	]);
}

/** A CELT fullband 20 ms packet of `ms` (RFC 6716 §3.2.5, code 3, CBR), silent frames as Chrome's. */
export function silentOpus(ms: number): Uint8Array {
	const frames = ms / 20;
	if (frames === 1) return Uint8Array.of(0xf8, 0xff, 0xfe);
	return concat([
		Uint8Array.of(0xfb, frames),
		...Array.from({ length: frames }, () => Uint8Array.of(0xff, 0xfe))
	]);
}

/** OpusHead (RFC 7845 §5.1): version 1, mono, pre-skip, 48 kHz input, gain 0, family 0. */
function opusHead(preSkip: number): Uint8Array {
	return concat([
		text('OpusHead'),
		Uint8Array.of(1, 1, preSkip & 0xff, preSkip >> 8, 0x80, 0xbb, 0, 0, 0, 0, 0)
	]);
}

function element(id: number, data: Uint8Array | Uint8Array[]): Uint8Array {
	const body = Array.isArray(data) ? concat(data) : data;
	return concat([idBytes(id), sizeVint(body.length), body]);
}

function unknownSize(id: number, data: Uint8Array[]): Uint8Array {
	return concat([idBytes(id), Uint8Array.from(UNKNOWN_SIZE), ...data]);
}

function idBytes(id: number): Uint8Array {
	const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
	return bigEndian(id, length);
}

/** The shortest size VINT (RFC 8794 §4), never all ones (that would mean unknown). */
function sizeVint(size: number): Uint8Array {
	for (let length = 1; length <= 8; length++) {
		if (size < 2 ** (7 * length) - 1) {
			const bytes = bigEndian(size, length);
			bytes[0] = (bytes[0] ?? 0) | (0x80 >> (length - 1));
			return bytes;
		}
	}
	throw new Error('size too large');
}

function uint(value: number): Uint8Array {
	let length = 1;
	while (value >= 2 ** (8 * length)) length++;
	return bigEndian(value, length);
}

function float32(value: number): Uint8Array {
	const out = new Uint8Array(4);
	new DataView(out.buffer).setFloat32(0, value);
	return out;
}

function float64(value: number): Uint8Array {
	const out = new Uint8Array(8);
	new DataView(out.buffer).setFloat64(0, value);
	return out;
}

// ─── Ogg ────────────────────────────────────────────────────────────────────────────────────────

export interface OggOptions {
	durationMs: number;
	/** Samples at 48 kHz the decoder drops at the start (RFC 7845 §4.2). Default 312, libopus's. */
	preSkip?: number;
	/** Each packet's length, 20–120 ms in 20 ms steps. Default 20 (Firefox's). */
	frameMs?: number;
	/** Adds a Theora video stream (its BOS page), as an Ogg video would. */
	video?: boolean;
}

/** Ogg Opus of `durationMs` (the last granule position minus the pre-skip, at 48 kHz). */
export function oggOpus(options: OggOptions): Uint8Array {
	const { durationMs, preSkip = 312, frameMs = 20, video = false } = options;
	if (frameMs % 20 !== 0 || frameMs < 20 || frameMs > 120 || durationMs % frameMs !== 0)
		throw new Error('frameMs: 20–120 in 20 ms steps, and durationMs a multiple of it');
	const serial = 0x6172_7570;
	const pages: Uint8Array[] = [];
	let sequence = 0;
	pages.push(oggPage(serial, sequence++, 0x02, 0, [opusHead(preSkip)]));
	if (video) pages.push(oggPage(0x7669_6465, 0, 0x02, 0, [theoraHead()]));
	const tags = concat([text('OpusTags'), le32(7), text('Mozilla'), le32(0)]);
	pages.push(oggPage(serial, sequence++, 0x00, 0, [tags]));
	const packets = durationMs / frameMs;
	const perPage = Math.max(1, Math.floor(1000 / frameMs));
	for (let done = 0; done < packets;) {
		const count = Math.min(perPage, packets - done);
		done += count;
		const granule = preSkip + done * frameMs * 48;
		const flags = done === packets ? 0x04 : 0x00;
		const list = Array.from({ length: count }, () => silentOpus(frameMs));
		pages.push(oggPage(serial, sequence++, flags, granule, list));
	}
	return concat(pages);
}

/** Ogg Vorbis of `durationMs` at `rate`: real headers, placeholder audio packets. */
export function oggVorbis(options: { durationMs: number; rate?: number }): Uint8Array {
	const { durationMs, rate = 44_100 } = options;
	const serial = 0x766f_7262;
	const id = concat([
		Uint8Array.of(0x01),
		text('vorbis'),
		le32(0), // version
		Uint8Array.of(1), // channels
		le32(rate),
		le32(0),
		le32(64_000),
		le32(0),
		Uint8Array.of(0xb8, 0x01) // blocksizes 256/2048, framing
	]);
	const comment = concat([
		Uint8Array.of(0x03),
		text('vorbis'),
		le32(7),
		text('Mozilla'),
		le32(0),
		Uint8Array.of(1)
	]);
	const setup = concat([Uint8Array.of(0x05), text('vorbis'), new Uint8Array(16)]);
	const pages = [oggPage(serial, 0, 0x02, 0, [id]), oggPage(serial, 1, 0, 0, [comment, setup])];
	const total = Math.round((durationMs * rate) / 1000);
	const seconds = Math.ceil(durationMs / 1000);
	for (let s = 1; s <= seconds; s++) {
		const granule = Math.min(total, s * rate);
		pages.push(oggPage(serial, s + 1, s === seconds ? 0x04 : 0, granule, [new Uint8Array(40)]));
	}
	return concat(pages);
}

/** Theora's identification header (Theora spec §6.2): enough to name the stream. */
function theoraHead(): Uint8Array {
	return concat([Uint8Array.of(0x80), text('theora'), Uint8Array.of(3, 2, 1), new Uint8Array(35)]);
}

/** One Ogg page (RFC 3533 §6) holding whole packets, with its CRC. */
export function oggPage(
	serial: number,
	sequence: number,
	flags: number,
	granule: number,
	packets: Uint8Array[]
): Uint8Array {
	const lacing: number[] = [];
	for (const p of packets) {
		let left = p.length;
		while (left >= 255) {
			lacing.push(255);
			left -= 255;
		}
		lacing.push(left);
	}
	if (lacing.length > 255) throw new Error('too many packets for one page');
	const head = new Uint8Array(27);
	const view = new DataView(head.buffer);
	head.set(text('OggS'));
	head[5] = flags;
	view.setUint32(6, granule % 2 ** 32, true);
	view.setUint32(10, Math.floor(granule / 2 ** 32), true);
	view.setUint32(14, serial, true);
	view.setUint32(18, sequence, true);
	head[26] = lacing.length;
	const page = concat([head, Uint8Array.from(lacing), ...packets]);
	new DataView(page.buffer).setUint32(22, oggCrc(page), true);
	return page;
}

// ─── MP4 ────────────────────────────────────────────────────────────────────────────────────────

export interface Mp4Options {
	durationMs: number;
	/** MediaRecorder's shape: durations 0 in moov, moof/mdat per second. Default true. */
	fragmented?: boolean;
	/** Adds a video track (`hdlr` vide). */
	video?: boolean;
	/** Each sample's length: 20–120 ms in 20 ms steps. Default 60 (Chrome's). */
	sampleMs?: number;
	/** Fragmented only: states the duration in mvex/mehd too. */
	mehd?: boolean;
	/** Fragmented only: where sample durations are given. Default 'trun' (each sample, Chrome's). */
	sampleDurations?: 'trun' | 'tfhd' | 'trex';
	/** Fragmented only: each traf has a tfdt (decode time). Default true. */
	tfdt?: boolean;
}

/** An MP4 audio recording of `durationMs` (Opus in ISO BMFF, 48 kHz). */
export function mp4Audio(options: Mp4Options): Uint8Array {
	const {
		durationMs,
		fragmented = true,
		video = false,
		sampleMs = 60,
		mehd = false,
		sampleDurations = 'trun',
		tfdt = true
	} = options;
	if (sampleMs % 20 !== 0 || sampleMs < 20 || sampleMs > 120 || durationMs % sampleMs !== 0)
		throw new Error('sampleMs: 20–120 in 20 ms steps, and durationMs a multiple of it');
	const samples = durationMs / sampleMs;
	const delta = sampleMs * 48;
	const packet = silentOpus(sampleMs);
	const ftyp = box('ftyp', [text('isom'), be32(0x200), text('isomiso6iso2mp41')]);
	const mvhd = fullBox('mvhd', 0, 0, [
		be32(0),
		be32(0),
		be32(1000), // timescale
		be32(fragmented ? 0 : durationMs),
		be32(0x00010000), // rate 1.0
		Uint8Array.of(0x01, 0x00, 0, 0), // volume 1.0, reserved
		new Uint8Array(8),
		matrix(),
		new Uint8Array(24),
		be32(video ? 3 : 2) // next track ID
	]);
	const stbl = (sampleEntry: Uint8Array) =>
		box('stbl', [
			fullBox('stsd', 0, 0, [be32(1), sampleEntry]),
			fullBox('stts', 0, 0, fragmented ? [be32(0)] : [be32(1), be32(samples), be32(delta)]),
			fullBox('stsc', 0, 0, fragmented ? [be32(0)] : [be32(1), be32(1), be32(samples), be32(1)]),
			fullBox('stsz', 0, 0, [be32(fragmented ? 0 : packet.length), be32(fragmented ? 0 : samples)]),
			fullBox('stco', 0, 0, fragmented ? [be32(0)] : [be32(1), be32(0)]) // offset fixed below
		]);
	const opusEntry = box('Opus', [
		new Uint8Array(6),
		be16(1), // data reference index
		new Uint8Array(8),
		be16(1), // channels
		be16(16),
		new Uint8Array(4),
		be32(48_000 * 65536),
		box('btrt', [be32(0), be32(24_000), be32(24_000)]),
		box('dOps', [Uint8Array.of(0, 1, 0x01, 0x38), be32(48_000), Uint8Array.of(0, 0, 0)])
	]);
	const soun = box('trak', [
		fullBox('tkhd', 0, 3, [
			be32(0),
			be32(0),
			be32(1),
			be32(0),
			be32(fragmented ? 0 : durationMs),
			new Uint8Array(8),
			be16(0),
			be16(0),
			be16(0x0100),
			be16(0),
			matrix(),
			be32(0),
			be32(0)
		]),
		box('mdia', [
			fullBox('mdhd', 0, 0, [
				be32(0),
				be32(0),
				be32(48_000),
				be32(fragmented ? 0 : samples * delta),
				be16(0x55c4),
				be16(0)
			]),
			fullBox('hdlr', 0, 0, [be32(0), text('soun'), new Uint8Array(12), text('SoundHandler\0')]),
			box('minf', [
				fullBox('smhd', 0, 0, [be32(0)]),
				box('dinf', [fullBox('dref', 0, 0, [be32(1), fullBox('url ', 0, 1, [])])]),
				stbl(opusEntry)
			])
		])
	]);
	const vide = box('trak', [
		fullBox('tkhd', 0, 3, [
			be32(0),
			be32(0),
			be32(2),
			be32(0),
			be32(0),
			new Uint8Array(8),
			be16(0),
			be16(0),
			be16(0),
			be16(0),
			matrix(),
			be32(320 << 16),
			be32(240 << 16)
		]),
		box('mdia', [
			fullBox('mdhd', 0, 0, [be32(0), be32(0), be32(90_000), be32(0), be16(0x55c4), be16(0)]),
			fullBox('hdlr', 0, 0, [be32(0), text('vide'), new Uint8Array(12), text('VideoHandler\0')]),
			box('minf', [
				fullBox('vmhd', 0, 1, [new Uint8Array(8)]),
				box('dinf', [fullBox('dref', 0, 0, [be32(1), fullBox('url ', 0, 1, [])])]),
				stbl(box('vp09', [new Uint8Array(6), be16(1), new Uint8Array(70)]))
			])
		])
	]);
	const trex = (id: number) =>
		fullBox('trex', 0, 0, [
			be32(id),
			be32(1), // sample description index
			be32(id === 1 && sampleDurations === 'trex' ? delta : 0),
			be32(0),
			be32(0)
		]);
	const mvex = box('mvex', [
		...(mehd ? [fullBox('mehd', 0, 0, [be32(durationMs)])] : []),
		trex(1),
		...(video ? [trex(2)] : [])
	]);
	const moov = box('moov', [mvhd, soun, ...(video ? [vide] : []), ...(fragmented ? [mvex] : [])]);

	if (!fragmented) {
		const mdat = box(
			'mdat',
			Array.from({ length: samples }, () => packet)
		);
		// stco: the one chunk starts right after mdat's header.
		const offset = ftyp.length + moov.length + 8;
		const file = concat([ftyp, moov, mdat]);
		const stco = find(file, text('stco'));
		new DataView(file.buffer).setUint32(stco + 12, offset);
		return file;
	}
	const parts = [ftyp, moov];
	const perFragment = Math.max(1, Math.floor(1000 / sampleMs));
	for (let done = 0, sequence = 1; done < samples; sequence++) {
		const count = Math.min(perFragment, samples - done);
		const perSample = sampleDurations === 'trun';
		// Flags: data offset, sample sizes, and (Chrome's) sample durations.
		const trun = fullBox('trun', 0, perSample ? 0x000301 : 0x000201, [
			be32(count),
			be32(0), // data offset, fixed below
			...Array.from({ length: count }, () =>
				perSample ? concat([be32(delta), be32(packet.length)]) : be32(packet.length)
			)
		]);
		// tfhd: default-base-is-moof, and a default sample duration when asked.
		const tfhd =
			sampleDurations === 'tfhd'
				? fullBox('tfhd', 0, 0x020008, [be32(1), be32(delta)])
				: fullBox('tfhd', 0, 0x020000, [be32(1)]);
		const traf = box('traf', [
			tfhd,
			...(tfdt ? [fullBox('tfdt', 1, 0, [be32(0), be32(done * delta)])] : []),
			trun
		]);
		const moof = box('moof', [fullBox('mfhd', 0, 0, [be32(sequence)]), traf]);
		// trun's data offset: from the moof's start to the first sample in mdat.
		const at = find(moof, text('trun')) + 12;
		new DataView(moof.buffer).setUint32(at, moof.length + 8);
		parts.push(
			moof,
			box(
				'mdat',
				Array.from({ length: count }, () => packet)
			)
		);
		done += count;
	}
	return concat(parts);
}

function box(type: string, data: Uint8Array[]): Uint8Array {
	const body = concat(data);
	return concat([be32(8 + body.length), text(type), body]);
}

function fullBox(type: string, version: number, flags: number, data: Uint8Array[]): Uint8Array {
	return box(type, [be32(((version & 0xff) << 24) | (flags & 0xffffff)), ...data]);
}

function matrix(): Uint8Array {
	return concat([
		be32(0x00010000),
		be32(0),
		be32(0),
		be32(0),
		be32(0x00010000),
		be32(0),
		be32(0),
		be32(0),
		be32(0x40000000)
	]);
}

// ─── Bytes ──────────────────────────────────────────────────────────────────────────────────────

export function text(s: string): Uint8Array {
	return new TextEncoder().encode(s);
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

function find(haystack: Uint8Array, needle: Uint8Array): number {
	outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
		for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
		return i;
	}
	return -1;
}

function bigEndian(value: number, length: number): Uint8Array {
	const out = new Uint8Array(length);
	for (let k = length - 1, v = value; k >= 0; k--, v = Math.floor(v / 256)) out[k] = v % 256;
	return out;
}

function be16(value: number): Uint8Array {
	return bigEndian(value, 2);
}
function be32(value: number): Uint8Array {
	return bigEndian(value >>> 0, 4);
}
function le32(value: number): Uint8Array {
	return bigEndian(value >>> 0, 4).reverse();
}

function must<T>(value: T | undefined): T {
	if (value === undefined) throw new Error('unreachable: index out of range');
	return value;
}
