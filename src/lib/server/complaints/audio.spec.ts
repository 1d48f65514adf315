import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
	AUDIO_DURATION_SLACK_MS,
	MAX_AUDIO_BYTES,
	MAX_AUDIO_MS,
	detectAudioType,
	oggCrc,
	opusPacketNs,
	prepareRecording,
	recordingDurationMs,
	type AudioError,
	type AudioMime
} from './audio';
import { concat, mp4Audio, oggOpus, oggPage, oggVorbis, text, webmAudio } from './fixtures/audio';

// Recorded by Chromium 156 with MediaRecorder through scripts/test/record-audio.js (fake microphone:
// a beep; fake camera): 3 s of audio at 24 kbps, and short videos at a low bitrate. The MP4's
// muxer guesses 1008 samples (21 ms) for the last packet of each fragment instead of its 60 ms,
// so it reads 39 ms short; Chromium's own player says the same.
const CHROMIUM_WEBM = fixture('chromium-3s.webm');
const CHROMIUM_MP4 = fixture('chromium-3s.mp4');
const CHROMIUM_VIDEO_WEBM = fixture('chromium-video-1s.webm');
const CHROMIUM_VIDEO_MP4 = fixture('chromium-video-2s.mp4');

const WEBM = webmAudio({ durationMs: 3000 });
const OGG = oggOpus({ durationMs: 3000 });
const MP4 = mp4Audio({ durationMs: 3000 });

describe('detectAudioType: by magic bytes, not by name', () => {
	const cases: [name: string, bytes: Uint8Array, type: AudioMime | null][] = [
		['WebM (EBML, DocType webm)', WEBM, 'audio/webm'],
		['Ogg', OGG, 'audio/ogg'],
		['MP4 (ftyp isom)', MP4, 'audio/mp4'],
		['Matroska (DocType matroska)', webmAudio({ durationMs: 600, docType: 'matroska' }), null],
		['EBML too short to show its DocType', WEBM.subarray(0, 6), 'audio/webm'],
		[
			'HEIC photo (ftyp heic, mif1)',
			concat([box('ftyp', 'heic\0\0\0\0mif1heic'), box('meta', '')]),
			null
		],
		['AVIF photo', box('ftyp', 'avif\0\0\0\0avifmif1miaf'), null],
		['HEIF photo that lists an ISO brand too', box('ftyp', 'mif1\0\0\0\0mif1heiciso8'), null],
		['QuickTime (ftyp qt)', box('ftyp', 'qt  \0\0\0\0qt  '), null],
		['text renamed .webm', text('isto não é um áudio, é um texto\n'), null],
		['HTML', text('<!doctype html><script>alert(1)</script>'), null],
		['WAV', text('RIFF\x24\x00\x00\x00WAVEfmt '), null],
		['JPEG', Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), null],
		['empty', new Uint8Array(0), null]
	];
	for (const [name, bytes, type] of cases)
		test(`${name} → ${type}`, () => expect(detectAudioType(bytes)).toBe(type));
});

describe('prepareRecording: accepted, with the duration read from the container', () => {
	const cases: [name: string, bytes: Uint8Array, mime: AudioMime, ms: number, within: number][] = [
		['Chromium WebM (real recording)', CHROMIUM_WEBM, 'audio/webm', 3000, 100],
		['Chromium MP4 (real recording)', CHROMIUM_MP4, 'audio/mp4', 3000, 100],
		['WebM live: unknown sizes, no Duration, 60 ms blocks', WEBM, 'audio/webm', 3000, 0],
		[
			'WebM live, 20 ms blocks',
			webmAudio({ durationMs: 3000, frameMs: 20 }),
			'audio/webm',
			3000,
			0
		],
		[
			'WebM with sizes and an Info Duration',
			webmAudio({ durationMs: 3000, liveStream: false }),
			'audio/webm',
			3000,
			0
		],
		[
			'WebM with silence between packets (DTX)',
			webmAudio({ durationMs: 45_060, blockEveryMs: 900 }),
			'audio/webm',
			45_060,
			0
		],
		[
			'WebM live followed by Tags: the last Cluster ends where Tags begins',
			concat([WEBM, ebml(0x1254c367, ebml(0x7373, new Uint8Array(0)))]),
			'audio/webm',
			3000,
			0
		],
		['Ogg Opus (the pre-skip is not audio)', OGG, 'audio/ogg', 3000, 0],
		[
			'Ogg Opus, 120 ms packets, no pre-skip',
			oggOpus({ durationMs: 3000, frameMs: 120, preSkip: 0 }),
			'audio/ogg',
			3000,
			0
		],
		['Ogg Vorbis at 44.1 kHz', oggVorbis({ durationMs: 3000 }), 'audio/ogg', 3000, 0],
		['MP4 fragmented (trun durations, tfdt)', MP4, 'audio/mp4', 3000, 0],
		[
			'MP4 fragmented, durations from tfhd’s default',
			mp4Audio({ durationMs: 3000, sampleDurations: 'tfhd' }),
			'audio/mp4',
			3000,
			0
		],
		[
			'MP4 fragmented, durations from trex’s default, no tfdt',
			mp4Audio({ durationMs: 3000, sampleDurations: 'trex', tfdt: false }),
			'audio/mp4',
			3000,
			0
		],
		['MP4 fragmented with mehd', mp4Audio({ durationMs: 3000, mehd: true }), 'audio/mp4', 3000, 0],
		[
			'MP4 not fragmented (mvhd, mdhd)',
			mp4Audio({ durationMs: 3000, fragmented: false }),
			'audio/mp4',
			3000,
			0
		],
		[
			'MP4 with 64-bit mvhd and mdhd (version 1)',
			mp4Version1(mp4Audio({ durationMs: 3000, fragmented: false })),
			'audio/mp4',
			3000,
			0
		]
	];
	for (const [name, bytes, mime, ms, within] of cases)
		test(`${name} → ${mime}, ${ms} ms`, () => {
			const out = prepareRecording(bytes);
			if (!out.ok) throw new Error(`refused: ${out.reason}`);
			expect(out.recording.mime).toBe(mime);
			expect(Math.abs(out.recording.durationMs - ms)).toBeLessThanOrEqual(within);
			expect(out.recording.bytes).toBe(bytes); // kept as recorded
			expect(recordingDurationMs(mime, bytes)).toBe(out.recording.durationMs);
		});
});

describe('prepareRecording: refused', () => {
	const fiveMinutes = 5 * 60_000;
	const cases: [name: string, bytes: Uint8Array, reason: AudioError][] = [
		// type: by the bytes, whatever the name said
		['text renamed .webm', text('isto não é um áudio\n'.repeat(20)), 'type'],
		['a photo (JPEG)', Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'type'],
		['Matroska', webmAudio({ durationMs: 600, docType: 'matroska' }), 'type'],
		['Chromium video/webm (VP8 + Opus)', CHROMIUM_VIDEO_WEBM, 'type'],
		['Chromium video/mp4 (VP9 + Opus)', CHROMIUM_VIDEO_MP4, 'type'],
		['WebM with a video track', webmAudio({ durationMs: 3000, video: true }), 'type'],
		['WebM with an attachment', webmAudio({ durationMs: 3000, attachment: true }), 'type'],
		// Not a codec a phone records into WebM (Opus, Vorbis): refused, whatever its blocks say.
		['WebM with a FLAC track', replaceText(WEBM, 'A_OPUS', 'A_FLAC'), 'type'],
		['WebM whose audio track says V_VP8', replaceText(WEBM, 'A_OPUS', 'V_VP8\0'), 'type'],
		[
			'WebM whose only track is subtitles',
			replaceBytes(WEBM, [0x83, 0x81, 0x02], [0x83, 0x81, 0x11]),
			'type'
		],
		['MP4 with a video track', mp4Audio({ durationMs: 3000, video: true }), 'type'],
		[
			'MP4 whose only track is video',
			replaceText(mp4Audio({ durationMs: 3000 }), 'soun', 'vide'),
			'type'
		],
		['Ogg with a Theora stream', oggOpus({ durationMs: 3000, video: true }), 'type'],
		[
			'Ogg with a Skeleton stream',
			concat([oggPage(9, 0, 0x02, 0, [text('fishead\0' + '\0'.repeat(56))]), OGG]),
			'type'
		],
		// size: checked first, before any parsing
		[
			'1 MB + 1 byte of a valid WebM',
			webmAudio({ durationMs: 3000, padToBytes: MAX_AUDIO_BYTES + 1 }),
			'size'
		],
		['1 MB + 1 byte of text', new Uint8Array(MAX_AUDIO_BYTES + 1), 'size'],
		// duration: five minutes in a few kilobytes
		['WebM, 5 minutes', webmAudio({ durationMs: fiveMinutes, blockEveryMs: 1000 }), 'duration'],
		['Ogg Opus, 5 minutes', oggOpus({ durationMs: fiveMinutes, frameMs: 120 }), 'duration'],
		['MP4, 5 minutes', mp4Audio({ durationMs: fiveMinutes, sampleMs: 120 }), 'duration'],
		[
			'WebM whose Info Duration says 5 minutes',
			webmWithInfoDuration(webmAudio({ durationMs: 3000, liveStream: false }), fiveMinutes),
			'duration'
		],
		[
			`WebM of ${MAX_AUDIO_MS + AUDIO_DURATION_SLACK_MS + 20} ms`,
			webmAudio({ durationMs: MAX_AUDIO_MS + AUDIO_DURATION_SLACK_MS + 20, frameMs: 20 }),
			'duration'
		]
	];
	for (const [name, bytes, reason] of cases)
		test(`${name} → ${reason}`, () =>
			expect(prepareRecording(bytes)).toEqual({ ok: false, reason }));

	test('the size is checked before the type', () => {
		expect(prepareRecording(text('x'.repeat(MAX_AUDIO_BYTES + 1)))).toEqual({
			ok: false,
			reason: 'size'
		});
	});
});

describe('limits: exactly 1 MB and 90 s (plus the slack for the recorder’s stop) are accepted', () => {
	const limit = MAX_AUDIO_MS + AUDIO_DURATION_SLACK_MS;
	const cases: [name: string, bytes: Uint8Array, ms: number][] = [
		// 1 MB holds at least 13 s at MAX_BYTES_PER_SECOND (see 'more bytes than sound' below).
		[
			'WebM of exactly 1 MB',
			webmAudio({ durationMs: 15_000, padToBytes: MAX_AUDIO_BYTES }),
			15_000
		],
		[
			'WebM (known sizes) of exactly 1 MB',
			webmAudio({ durationMs: 15_000, liveStream: false, padToBytes: MAX_AUDIO_BYTES }),
			15_000
		],
		['WebM of 90 s', webmAudio({ durationMs: MAX_AUDIO_MS, blockEveryMs: 1000 }), MAX_AUDIO_MS],
		['WebM of 90 s + the slack', webmAudio({ durationMs: limit, frameMs: 20 }), limit],
		['Ogg Opus of 90 s', oggOpus({ durationMs: MAX_AUDIO_MS, frameMs: 120 }), MAX_AUDIO_MS],
		['MP4 of 90 s', mp4Audio({ durationMs: MAX_AUDIO_MS, sampleMs: 120 }), MAX_AUDIO_MS]
	];
	for (const [name, bytes, ms] of cases)
		test(name, () => {
			expect(bytes.length).toBeLessThanOrEqual(MAX_AUDIO_BYTES);
			const out = prepareRecording(bytes);
			expect(out.ok && out.recording.durationMs).toBe(ms);
		});
});

describe('prepareRecording: corrupt (structure broken or no duration)', () => {
	const trun = find(MP4, text('trun'));
	const cases: [name: string, bytes: Uint8Array][] = [
		// truncated in the middle of a block, a page, a box
		['WebM cut inside a block', WEBM.subarray(0, WEBM.length - 3)],
		['WebM cut inside the header', WEBM.subarray(0, 20)],
		['WebM: the EBML magic only', WEBM.subarray(0, 4)],
		['Ogg cut inside a page', OGG.subarray(0, OGG.length - 5)],
		['MP4 cut inside an mdat', MP4.subarray(0, MP4.length - 5)],
		['MP4 cut inside moov', MP4.subarray(0, 100)],
		['Chromium WebM cut in half', CHROMIUM_WEBM.subarray(0, CHROMIUM_WEBM.length >> 1)],
		['Chromium MP4 cut in half', CHROMIUM_MP4.subarray(0, CHROMIUM_MP4.length >> 1)],
		// WebM
		['WebM: header only, no Segment', WEBM.subarray(0, find(WEBM, Uint8Array.of(0x18, 0x53)))],
		['WebM: no blocks (nothing recorded)', webmNoClusters()],
		[
			'WebM: blocks on a track Tracks does not declare',
			replaceBytes(WEBM, [0xd7, 0x81, 0x01], [0xd7, 0x81, 0x02])
		],
		['WebM: a track without TrackType', replaceBytes(WEBM, [0x83, 0x81, 0x02], [0xec, 0x81, 0x02])],
		[
			'WebM: a Cluster without its Timestamp',
			replaceBytes(WEBM, [0xe7, 0x81, 0x00], [0xec, 0x81, 0x00])
		],
		[
			'WebM: Info Duration NaN',
			webmWithInfoDuration(webmAudio({ durationMs: 3000, liveStream: false }), NaN)
		],
		[
			'WebM: TimestampScale 0',
			replaceBytes(
				WEBM,
				[0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40],
				[0x2a, 0xd7, 0xb1, 0x83, 0, 0, 0]
			)
		],
		['WebM: a size VINT of 0x00 (no length marker)', concat([WEBM, Uint8Array.of(0xec, 0x00)])],
		[
			'WebM: Segment claims 2^56 − 2 bytes',
			replaceBytes(
				WEBM,
				[0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
				[0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe]
			)
		],
		['WebM: a Cues of unknown size', concat([WEBM, Uint8Array.of(0x1c, 0x53, 0xbb, 0x6b, 0xff)])],
		[
			'WebM: two Segments (known sizes)',
			twoSegments(webmAudio({ durationMs: 600, liveStream: false }))
		],
		// Ogg
		['Ogg: a CRC that does not match', flip(OGG, OGG.length - 1)],
		['Ogg: a page before its stream begins', OGG.subarray(47)],
		['Ogg: OpusHead too short', concat([oggPage(1, 0, 0x02, 0, [text('OpusHead\x01\x01')])])],
		['Ogg: Vorbis at 0 Hz', oggWithVorbisRate(0)],
		[
			'Ogg: headers only (0 ms: nothing recorded)',
			oggOpus({ durationMs: 3000 }).subarray(0, 47 + 28 + 23)
		],
		[
			'Ogg: 255 segments claimed past the end',
			concat([
				OGG,
				text('OggS\0\0'),
				new Uint8Array(20),
				Uint8Array.of(255),
				new Uint8Array(255).fill(255)
			])
		],
		// MP4
		['MP4 without moov', concat([MP4.subarray(0, 36), MP4.subarray(find(MP4, text('moof')) - 4)])],
		['MP4 with two moov', concat([MP4.subarray(0, 36), moovOf(MP4), MP4.subarray(36)])],
		['MP4: trun claims 2^32 − 1 samples', setU32be(MP4, trun + 8, 0xffffffff)],
		[
			'MP4: a box of size 4',
			concat([MP4.subarray(0, 36), Uint8Array.of(0, 0, 0, 4), text('free'), MP4.subarray(36)])
		],
		[
			'MP4: a 64-bit box size of 2^60',
			concat([
				MP4,
				Uint8Array.of(0, 0, 0, 1),
				text('free'),
				Uint8Array.of(0x10, 0, 0, 0, 0, 0, 0, 0)
			])
		],
		['MP4: mvhd version 2', setByte(MP4, find(MP4, text('mvhd')) + 4, 2)],
		[
			'MP4: a fragment of a track moov does not have',
			setU32be(MP4, find(MP4, text('tfhd')) + 8, 7)
		],
		['MP4: no duration anywhere (fragments removed)', MP4.subarray(0, find(MP4, text('moof')) - 4)]
	];
	for (const [name, bytes] of cases)
		test(name, () => expect(prepareRecording(bytes)).toEqual({ ok: false, reason: 'corrupt' }));
});

describe('the fixtures have the shape of Chromium’s recordings', () => {
	test('WebM: the same elements at the same places, unknown sizes where Chromium writes them', () => {
		const outline = ebmlOutline(CHROMIUM_WEBM);
		expect(outline).toContain('/18538067?/1f43b675?/a3'); // SimpleBlocks in live Clusters
		expect(ebmlOutline(WEBM)).toEqual(outline);
	});
	test('MP4: the same boxes at the same places', () => {
		const outline = boxOutline(CHROMIUM_MP4);
		expect(outline).toContain('/moof/traf/trun');
		expect(boxOutline(MP4)).toEqual(outline);
	});
});

describe('recordingDurationMs', () => {
	test('reads a video file’s duration too (prepareRecording refuses it as a type)', () => {
		expect(recordingDurationMs('audio/webm', webmAudio({ durationMs: 3000, video: true }))).toBe(
			3000
		);
		expect(recordingDurationMs('audio/mp4', mp4Audio({ durationMs: 1200, video: true }))).toBe(
			1200
		);
	});
	test('null for bytes of another format or garbage', () => {
		expect(recordingDurationMs('audio/webm', OGG)).toBeNull();
		expect(recordingDurationMs('audio/ogg', MP4)).toBeNull();
		expect(recordingDurationMs('audio/mp4', WEBM)).toBeNull();
		expect(recordingDurationMs('audio/mp4', new Uint8Array(0))).toBeNull();
	});
});

describe('opusPacketNs: the packet length from its TOC byte (RFC 6716 §3.1)', () => {
	const cases: [name: string, packet: number[], ns: number | null][] = [
		['CELT FB 20 ms, one frame (Firefox)', [0xf8, 0xff, 0xfe], 20_000_000],
		[
			'CELT FB 20 ms, code 3, three frames (Chrome)',
			[0xfb, 0x03, 0xff, 0xfe, 0xff, 0xfe, 0xff, 0xfe],
			60_000_000
		],
		// RFC 6716 §3.4: the frames' lengths must add up to the packet's.
		['code 3 CBR whose bytes do not split into its frames (R7)', [0xfb, 0x03, 0xff, 0xfe], null],
		['code 1 with an odd payload (R3)', [0x01, 0, 0, 0], null],
		['code 0 over 1275 bytes (R2)', [0xf8, ...new Array<number>(1276).fill(0)], null],
		['code 2 whose first frame passes the end (R4)', [(11 << 3) | 2, 9, 0], null],
		['SILK NB 10 ms, code 1: two frames', [0x01, 0, 0], 20_000_000],
		['SILK WB 60 ms, code 2: two frames', [(11 << 3) | 2, 1, 0, 0], 120_000_000],
		['Hybrid 20 ms, one frame', [(13 << 3) | 0, 0], 20_000_000],
		['CELT 2.5 ms, one frame', [16 << 3, 0], 2_500_000],
		['code 3 with 0 frames', [0xfb, 0x00], null],
		['code 3 beyond 120 ms (7 × 20 ms)', [0xfb, 0x07], null],
		['empty', [], null]
	];
	for (const [name, packet, ns] of cases)
		test(name, () => expect(opusPacketNs(Uint8Array.from(packet))).toBe(ns));
});

test('oggCrc: the CRC-32 of RFC 3533 (check value of "123456789")', () => {
	// CRC-32/POSIX's catalogue check is 0x765E7680 with a final xor of all ones; Ogg has none.
	expect(oggCrc(text('123456789'))).toBe((0x765e7680 ^ 0xffffffff) >>> 0);
});

describe('never throws, always ends', () => {
	const valid: [name: string, bytes: Uint8Array][] = [
		['WebM', WEBM],
		['WebM known sizes', webmAudio({ durationMs: 1200, liveStream: false, blockGroupLast: true })],
		['Ogg Opus', oggOpus({ durationMs: 1200 })],
		['Ogg Vorbis', oggVorbis({ durationMs: 1200 })],
		['MP4 fragmented', mp4Audio({ durationMs: 1200 })],
		['MP4 flat', mp4Audio({ durationMs: 1200, fragmented: false })],
		['Chromium WebM', CHROMIUM_WEBM],
		['Chromium MP4', CHROMIUM_MP4]
	];

	for (const [name, bytes] of valid)
		test(`${name}: every truncation is refused or reads no longer than the whole`, () => {
			const whole = recordingDurationMs(must(detectAudioType(bytes)), bytes) ?? Infinity;
			for (let length = 0; length < bytes.length; length++) {
				const out = check(bytes.subarray(0, length));
				if (out.ok) expect(out.recording.durationMs).toBeLessThanOrEqual(whole);
				else expect(['type', 'corrupt']).toContain(out.reason);
			}
		});

	for (const [name, bytes] of valid)
		test(`${name}: 500 copies with 1–8 random bytes changed`, () => {
			const random = mulberry32(bytes.length);
			for (let n = 0; n < 500; n++) {
				const copy = bytes.slice();
				const changes = 1 + Math.floor(random() * 8);
				for (let k = 0; k < changes; k++)
					copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
				check(copy);
			}
		});

	test('3000 random byte strings, bare and behind each format’s magic', () => {
		const random = mulberry32(2059);
		const magics = [new Uint8Array(0), WEBM.subarray(0, 40), text('OggS\0'), MP4.subarray(0, 36)];
		for (let n = 0; n < 3000; n++) {
			const tail = Uint8Array.from({ length: Math.floor(random() * 600) }, () =>
				Math.floor(random() * 256)
			);
			check(concat([must(magics[n % magics.length]), tail]));
		}
	});
});

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────

/**
 * Every element's path of IDs (hex; `?` for an unknown size), each path once, sorted. An element
 * of unknown size ends where one of its own level or above begins (RFC 8794 §6.2): a live
 * Segment at the next EBML header, a live Cluster at the next Cluster.
 */
function ebmlOutline(b: Uint8Array): string[] {
	const level0 = [0x1a45dfa3, 0x18538067];
	const level1 = [0x1549a966, 0x1654ae6b, 0x1f43b675];
	const masters = new Set([...level0, ...level1, 0xae, 0xe1]);
	const paths = new Set<string>();
	const vint = (at: number, keepMarker: boolean) => {
		const first = must(b[at]);
		const length = Math.clz32(first) - 23;
		let value = keepMarker ? first : first & (0xff >> length);
		let ones = (first & (0xff >> length)) === 0xff >> length;
		for (let k = 1; k < length; k++) {
			value = value * 256 + must(b[at + k]);
			ones &&= b[at + k] === 0xff;
		}
		return { value, next: at + length, unknown: !keepMarker && ones };
	};
	const walk = (start: number, end: number, path: string, endsAt: number[]): number => {
		let at = start;
		while (at < end) {
			const id = vint(at, true);
			if (endsAt.includes(id.value)) return at;
			const size = vint(id.next, false);
			const here = `${path}/${id.value.toString(16)}${size.unknown ? '?' : ''}`;
			paths.add(here);
			const dataEnd = size.unknown ? end : size.next + size.value;
			const ownLevel = level0.includes(id.value) ? level0 : [...level0, ...level1];
			const stop = masters.has(id.value)
				? walk(size.next, dataEnd, here, size.unknown ? ownLevel : [])
				: dataEnd;
			at = size.unknown ? stop : dataEnd;
		}
		return at;
	};
	walk(0, b.length, '', []);
	return [...paths].sort();
}

/** Every box's path of types, each path once, sorted (sample entries and dref opened too). */
function boxOutline(b: Uint8Array): string[] {
	const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
	const containers = new Set([
		'moov',
		'trak',
		'mdia',
		'minf',
		'dinf',
		'stbl',
		'mvex',
		'moof',
		'traf'
	]);
	/** Bytes before the children: full box header and entry count, or an audio sample entry. */
	const skip: Record<string, number> = { stsd: 8, dref: 8, Opus: 28, mp4a: 28 };
	const paths = new Set<string>();
	const walk = (start: number, end: number, path: string) => {
		for (let at = start; at + 8 <= end;) {
			const size = view.getUint32(at);
			const type = Buffer.from(b.subarray(at + 4, at + 8)).toString('latin1');
			const here = `${path}/${type}`;
			paths.add(here);
			if (containers.has(type) || type in skip) walk(at + 8 + (skip[type] ?? 0), at + size, here);
			at += size;
		}
	};
	walk(0, b.length, '');
	return [...paths].sort();
}

/** prepareRecording, and the result is one of the declared shapes. */
function check(bytes: Uint8Array) {
	const out = prepareRecording(bytes);
	if (out.ok) expect(out.recording.durationMs).toBeGreaterThanOrEqual(0);
	else expect(['type', 'size', 'duration', 'corrupt']).toContain(out.reason);
	return out;
}

function fixture(name: string): Uint8Array {
	return new Uint8Array(readFileSync(new URL(`fixtures/${name}`, import.meta.url)));
}

/** A small deterministic PRNG: the same inputs on every run. */
function mulberry32(seed: number): () => number {
	let a = seed;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function must<T>(value: T | null | undefined): T {
	if (value === null || value === undefined) throw new Error('missing');
	return value;
}

function find(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
	return Buffer.from(haystack).indexOf(Buffer.from(needle), from);
}

function replaceBytes(b: Uint8Array, from: number[], to: number[]): Uint8Array {
	const at = find(b, Uint8Array.from(from));
	if (at < 0) throw new Error(`bytes ${from} not found`);
	const copy = b.slice();
	copy.set(to, at);
	return copy;
}

function replaceText(b: Uint8Array, from: string, to: string): Uint8Array {
	return replaceBytes(b, [...text(from)], [...text(to)]);
}

function flip(b: Uint8Array, at: number): Uint8Array {
	return setByte(b, at, (b[at] ?? 0) ^ 0xff);
}

function setByte(b: Uint8Array, at: number, value: number): Uint8Array {
	const copy = b.slice();
	copy[at] = value;
	return copy;
}

function setU32be(b: Uint8Array, at: number, value: number): Uint8Array {
	const copy = b.slice();
	new DataView(copy.buffer).setUint32(at, value);
	return copy;
}

/** An EBML element with a 1-byte size (short data only). */
function ebml(id: number, data: Uint8Array): Uint8Array {
	const idBytes: number[] = [];
	for (let v = id; v > 0; v = Math.floor(v / 256)) idBytes.unshift(v % 256);
	return concat([Uint8Array.from(idBytes), Uint8Array.of(0x80 | data.length), data]);
}

/**
 * A known-size WebM followed by a second Segment holding only its Clusters (blocks of the track
 * the first declared): two recordings in one file.
 */
function twoSegments(webm: Uint8Array): Uint8Array {
	const clusters = webm.subarray(find(webm, Uint8Array.of(0x1f, 0x43, 0xb6, 0x75)));
	const size = new Uint8Array(8);
	new DataView(size.buffer).setUint32(4, clusters.length);
	size[0] = 0x01; // an 8-byte size VINT
	return concat([webm, Uint8Array.of(0x18, 0x53, 0x80, 0x67), size, clusters]);
}

/** The fixture's WebM without its Clusters: header, Segment, Info and Tracks. */
function webmNoClusters(): Uint8Array {
	return WEBM.subarray(0, find(WEBM, Uint8Array.of(0x1f, 0x43, 0xb6, 0x75)));
}

/** Rewrites the 8-byte Info Duration (ms, TimestampScale 1 ms) of a known-size WebM. */
function webmWithInfoDuration(b: Uint8Array, ms: number): Uint8Array {
	const at = find(b, Uint8Array.of(0x44, 0x89, 0x88)) + 3;
	const copy = b.slice();
	new DataView(copy.buffer).setFloat64(at, ms);
	return copy;
}

function oggWithVorbisRate(rate: number): Uint8Array {
	const id = concat([
		Uint8Array.of(1),
		text('vorbis'),
		new Uint8Array(5),
		new Uint8Array(4),
		new Uint8Array(14)
	]);
	new DataView(id.buffer).setUint32(12, rate, true);
	return concat([oggPage(3, 0, 0x02, 0, [id]), oggPage(3, 1, 0x04, 4410, [new Uint8Array(4)])]);
}

function box(type: string, body: string): Uint8Array {
	const data = text(body);
	const head = new Uint8Array(8);
	new DataView(head.buffer).setUint32(0, 8 + data.length);
	head.set(text(type), 4);
	return concat([head, data]);
}

function moovOf(mp4: Uint8Array): Uint8Array {
	const at = find(mp4, text('moov')) - 4;
	return mp4.subarray(at, at + new DataView(mp4.buffer, mp4.byteOffset).getUint32(at));
}

/**
 * The flat MP4 with mvhd and mdhd rewritten as version 1 (64-bit times and duration), as
 * Chrome writes them; the boxes grow by 12 bytes each and every enclosing size with them.
 */
function mp4Version1(mp4: Uint8Array): Uint8Array {
	let out = mp4;
	for (const type of ['mvhd', 'mdhd']) {
		const at = find(out, text(type)) - 4;
		const view = new DataView(out.buffer, out.byteOffset);
		const size = view.getUint32(at);
		const timescale = view.getUint32(at + 20);
		const duration = view.getUint32(at + 24);
		const grown = new Uint8Array(size + 12);
		const g = new DataView(grown.buffer);
		g.setUint32(0, size + 12);
		grown.set(text(type), 4);
		grown[8] = 1; // version 1
		g.setUint32(28, timescale);
		g.setUint32(36, duration); // low half of the 64-bit duration
		grown.set(out.subarray(at + 28, at + size), 40);
		const parents = ['moov', 'trak', 'mdia']
			.map((p) => find(out, text(p)) - 4)
			.filter((p) => p < at);
		const copy = concat([out.subarray(0, at), grown, out.subarray(at + size)]);
		const c = new DataView(copy.buffer);
		for (const p of parents) if (p + c.getUint32(p) > at) c.setUint32(p, c.getUint32(p) + 12);
		out = copy;
	}
	// The chunk offset moved with the growth.
	const stco = find(out, text('stco'));
	new DataView(out.buffer).setUint32(stco + 12, find(out, text('mdat')) + 4);
	return out;
}
