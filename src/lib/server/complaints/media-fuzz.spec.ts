/**
 * Hostile photos and recordings (issue 32): marker and chunk floods, lengths past the end,
 * zero-length segments, huge dimensions, truncations, polyglots, random bytes. Each must end in a
 * clean accept-and-strip (no injected metadata left, only the markers a decoder needs) or a clean
 * refusal — never a throw. The heavy ones also go through the media worker (./media-pool.ts).
 *
 * No timings here (the bench, scripts/bench/bench-media.ts, measures them): a quadratic or
 * allocating stripper shows as a test that never ends, and the RST flood is now refused.
 */
import { describe, expect, test } from 'vitest';
import { MAX_AUDIO_BYTES, prepareRecording } from './audio';
import { concat, mp4Audio, oggOpus, oggPage, silentOpus, text, webmAudio } from './fixtures/audio';
import { mediaJobsPending, preparePhotosOffThread, prepareRecordingOffThread } from './media-pool';
import { crc32 } from './photo-chunks';
import { MAX_PHOTO_BYTES, preparePhoto } from './photos';

// 2×2 red images written by ImageMagick 6.9 with -strip (as in photos.spec.ts).
const JPEG = b64(
	'/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAIDAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAB//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAHCP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ABcVLDf/2Q=='
);
const PNG = b64(
	'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACAQMAAABIeJ9nAAAAA1BMVEXAMCDS/b2hAAAADElEQVQI12NgYGAAAAAEAAEnNCcKAAAAAElFTkSuQmCC'
);
const WEBP = b64('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAdQmAIXpP+BiOh/AAA=');

/** What every hostile shape carries as its metadata: it must never come out. */
const SECRET = 'SEGREDO-GPS-11.72';
const HTML = '<html><body><script>alert(1)</script></body></html>';

/** The JPEG's bytes from SOI to its first DQT (SOI + the 18-byte JFIF APP0). */
const SOI_APP0 = JPEG.subarray(0, 20);
const AFTER_APP0 = JPEG.subarray(20);

describe('hostile JPEG: refused or stripped to the markers a decoder needs', () => {
	const rstFlood = new Uint8Array(MAX_PHOTO_BYTES);
	rstFlood.set([0xff, 0xd8]);
	for (let i = 2; i + 1 < rstFlood.length; i += 2) rstFlood.set([0xff, 0xd0 + ((i >> 1) % 8)], i);

	const cases: [name: string, bytes: Uint8Array, outcome: 'ok' | 'corrupt' | 'type'][] = [
		['5 MB of RST markers outside a scan (the issue’s photo)', rstFlood, 'corrupt'],
		[
			'a real image with 1 MB of RST markers before its frame',
			concat([SOI_APP0, repeat(Uint8Array.of(0xff, 0xd0), 500_000), AFTER_APP0]),
			'corrupt'
		],
		[
			'TEM markers outside a scan',
			concat([SOI_APP0, repeat(Uint8Array.of(0xff, 0x01), 1000), AFTER_APP0]),
			'corrupt'
		],
		[
			'a flood of zero-length COM and APP segments (length 2)',
			concat([
				SOI_APP0,
				repeat(Uint8Array.of(0xff, 0xfe, 0, 2, 0xff, 0xe5, 0, 2), 300_000),
				AFTER_APP0
			]),
			'ok'
		],
		[
			'a flood of Exif APP1 segments claiming 65535 IFD entries each',
			concat([
				SOI_APP0,
				repeat(
					segment(0xe1, concat([text('Exif\0\0MM\0\x2a\0\0\0\x08\xff\xff'), text(SECRET)])),
					100_000
				),
				AFTER_APP0
			]),
			'ok'
		],
		[
			'fill bytes (FF) flood before a marker',
			concat([SOI_APP0, repeat(Uint8Array.of(0xff), 3_000_000), AFTER_APP0.subarray(1)]),
			'ok'
		],
		[
			'JFIF APP0 with a thumbnail, a JFXX extension, JPGn F0–FD segments and COM',
			concat([
				JPEG.subarray(0, 2),
				segment(0xe0, concat([text('JFIF\0\x01\x02\0\0\x01\0\x01\x01\x01'), text(SECRET)])),
				segment(0xe0, concat([text('JFXX\0\x10'), text(SECRET)])),
				...Array.from({ length: 14 }, (_, k) => segment(0xf0 + k, text(SECRET))),
				segment(0xfe, text(SECRET)),
				AFTER_APP0
			]),
			'ok'
		],
		[
			'Adobe APP14 with text after its fields',
			concat([
				SOI_APP0,
				segment(0xee, concat([text('Adobe\0\x64\0\0\0\0\x01'), text(SECRET)])),
				AFTER_APP0
			]),
			'ok'
		],
		['an HTML page after EOI (polyglot)', concat([JPEG, text(HTML + SECRET)]), 'ok'],
		[
			'a frame of 65535 × 65535 pixels (not decoded: kept as is)',
			replaceBytes(
				JPEG,
				Uint8Array.of(0xff, 0xc0, 0, 0x11, 8, 0, 2, 0, 2),
				Uint8Array.of(0xff, 0xc0, 0, 0x11, 8, 0xff, 0xff, 0xff, 0xff)
			),
			'ok'
		],
		[
			'two frames',
			concat([SOI_APP0, AFTER_APP0.subarray(0, AFTER_APP0.length - 2).subarray(0), AFTER_APP0]),
			'corrupt'
		],
		[
			'a segment length past the end',
			concat([SOI_APP0, Uint8Array.of(0xff, 0xdb, 0xff, 0xf0)]),
			'corrupt'
		],
		[
			'a zero segment length',
			concat([SOI_APP0, Uint8Array.of(0xff, 0xdb, 0, 0), AFTER_APP0]),
			'corrupt'
		],
		['a second SOI', concat([SOI_APP0, Uint8Array.of(0xff, 0xd8), AFTER_APP0]), 'corrupt'],
		[
			'a reserved marker (FF 02)',
			concat([SOI_APP0, Uint8Array.of(0xff, 0x02, 0, 2), AFTER_APP0]),
			'corrupt'
		],
		['scan data running to the end', JPEG.subarray(0, JPEG.length - 2), 'corrupt'],
		[
			'only SOI and random bytes',
			concat([Uint8Array.of(0xff, 0xd8, 0xff), randomBytes(7, 100_000)]),
			'corrupt'
		]
	];

	for (const [name, bytes, outcome] of cases)
		test(`${name} → ${outcome}`, () => {
			const out = preparePhoto(bytes);
			if (outcome !== 'ok') return expect(out).toEqual({ ok: false, reason: outcome });
			if (!out.ok) throw new Error(`refused: ${out.reason}`);
			expect(find(out.photo.bytes, text(SECRET))).toBe(-1);
			expect(find(out.photo.bytes, text('<html'))).toBe(-1);
			expect(out.photo.bytes.length).toBeLessThanOrEqual(bytes.length + 36);
			for (const marker of jpegMarkers(out.photo.bytes)) expect(KEPT).toContain(marker);
		});

	test('every truncation and 2000 random corruptions of a dirty JPEG end cleanly', () => {
		const dirty = concat([SOI_APP0, segment(0xe1, text(`Exif\0\0${SECRET}`)), AFTER_APP0]);
		const random = mulberry32(32);
		const shapes = [
			...Array.from({ length: dirty.length }, (_, n) => dirty.subarray(0, n)),
			...Array.from({ length: 2000 }, () => {
				const copy = dirty.slice();
				for (let k = 0; k < 1 + random() * 6; k++)
					copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
				return copy;
			})
		];
		for (const bytes of shapes) {
			const out = preparePhoto(bytes);
			if (out.ok) expect(find(out.photo.bytes, text(SECRET))).toBe(-1);
			else expect(['type', 'corrupt']).toContain(out.reason);
		}
	});
});

describe('hostile PNG and WebP: refused or stripped to the chunks that draw', () => {
	const ihdr = (width: number, height: number) => {
		const data = PNG.slice(16, 29);
		new DataView(data.buffer).setUint32(0, width);
		new DataView(data.buffer).setUint32(4, height);
		return concat([PNG.subarray(0, 8), chunk('IHDR', data), PNG.subarray(33)]);
	};
	const cases: [name: string, bytes: Uint8Array, outcome: 'ok' | 'corrupt' | 'type'][] = [
		[
			'PNG: 100,000 tEXt chunks',
			pngWith(Array.from({ length: 100_000 }, () => chunk('tEXt', text(SECRET)))),
			'ok'
		],
		[
			'PNG: a flood of empty IDAT chunks',
			pngWith(Array.from({ length: 200_000 }, () => chunk('IDAT', new Uint8Array(0)))),
			'ok'
		],
		[
			'PNG: private and unknown ancillary chunks',
			pngWith([chunk('prVt', text(SECRET)), chunk('caBX', text(SECRET))]),
			'ok'
		],
		['PNG: an HTML page after IEND', concat([PNG, text(HTML + SECRET)]), 'ok'],
		['PNG: 2^31 − 1 × 2^31 − 1 pixels (not decoded: kept)', ihdr(0x7fffffff, 0x7fffffff), 'ok'],
		['PNG: width 0', ihdr(0, 2), 'corrupt'],
		['PNG: height 2^31', ihdr(2, 0x80000000), 'corrupt'],
		[
			'PNG: a chunk length past the end',
			concat([PNG.subarray(0, 33), Uint8Array.of(0x7f, 0xff, 0xff, 0xff), text('tEXt')]),
			'corrupt'
		],
		['PNG: an unknown critical chunk', pngWith([chunk('EVIL', text(SECRET))]), 'corrupt'],
		[
			'PNG: random bytes behind the signature',
			concat([PNG.subarray(0, 8), randomBytes(3, 50_000)]),
			'corrupt'
		],
		[
			'WebP: EXIF, XMP and an unknown chunk',
			riff([
				...riffChunks(WEBP),
				chunk4('EXIF', text(SECRET)),
				chunk4('XMP ', text(SECRET)),
				chunk4('evil', text(SECRET))
			]),
			'ok'
		],
		['WebP: a trailer after the RIFF', concat([WEBP, text(HTML + SECRET)]), 'ok'],
		[
			'WebP: 100,000 unknown chunks',
			riff([
				...riffChunks(WEBP),
				...Array.from({ length: 100_000 }, () => chunk4('junk', text(SECRET)))
			]),
			'ok'
		],
		['WebP: a RIFF size past the end', setU32le(WEBP.slice(), 4, 0x7ffffff0), 'corrupt'],
		[
			'WebP: a chunk size past the end',
			riff([text('VP8L'), Uint8Array.of(0xf0, 0xff, 0xff, 0x7f), new Uint8Array(8)]),
			'corrupt'
		],
		[
			'WebP: metadata only, no image',
			riff([chunk4('VP8X', new Uint8Array(10)), chunk4('EXIF', text(SECRET))]),
			'corrupt'
		]
	];
	for (const [name, bytes, outcome] of cases)
		test(`${name} → ${outcome}`, () => {
			const out = preparePhoto(bytes);
			if (outcome !== 'ok') return expect(out).toEqual({ ok: false, reason: outcome });
			if (!out.ok) throw new Error(`refused: ${out.reason}`);
			expect(find(out.photo.bytes, text(SECRET))).toBe(-1);
			expect(find(out.photo.bytes, text('<html'))).toBe(-1);
		});
});

describe('hostile recordings: only real audio, its duration measured from the data', () => {
	const oggOneSecondOver80Minutes = (() => {
		// 40,000 well-formed 120 ms Opus packets (80 minutes), every page claiming at most 1 s.
		const head = oggOpus({ durationMs: 120, frameMs: 120 });
		const firstTwo = head.subarray(0, pageEnd(head, pageEnd(head, 0)));
		const pages = [firstTwo];
		for (let p = 0; p < 157; p++) {
			const granule = 312 + Math.min(48_000, (p + 1) * 300);
			const packets = Array.from({ length: 255 }, () => silentOpus(120));
			pages.push(oggPage(0x61727570, p + 2, p === 156 ? 0x04 : 0, granule, packets));
		}
		return concat(pages);
	})();
	const cases: [
		name: string,
		bytes: Uint8Array,
		outcome: 'ok' | 'type' | 'corrupt' | 'duration'
	][] = [
		['random bytes', randomBytes(20, 4000), 'type'],
		['random bytes in a 20 ms Opus block', webm([opusTrack()], randomBytes(21, 20_000)), 'corrupt'],
		[
			'a WebM track typed audio with the VP8 codec',
			webm([track(2, 'V_VP8')], silentOpus(20)),
			'type'
		],
		[
			'a WebM track typed audio with a subtitle codec',
			webm([track(2, 'S_TEXT/UTF8')], silentOpus(20)),
			'type'
		],
		['a WebM subtitle track', webm([track(0x11, 'S_TEXT/UTF8')], silentOpus(20)), 'type'],
		[
			'a WebM Opus track without its OpusHead',
			webm([track(2, 'A_OPUS')], silentOpus(20)),
			'corrupt'
		],
		['a real WebM Opus block (control)', webm([opusTrack()], silentOpus(20)), 'ok'],
		[
			'an MP4 declaring 1.2 s over 1 MB of data',
			concat([
				mp4Audio({ durationMs: 1200, fragmented: false }),
				box('mdat', new Uint8Array(MAX_AUDIO_BYTES - 4000))
			]),
			'corrupt'
		],
		['an Ogg declaring 1 s over 80 minutes of packets', oggOneSecondOver80Minutes, 'duration'],
		[
			'an HTML page in a WebM Void element (polyglot)',
			concat([webmAudio({ durationMs: 1000 }), ebml(0xec, text(HTML))]),
			'type'
		],
		[
			'an SVG in an MP4 free box (polyglot)',
			concat([mp4Audio({ durationMs: 1200 }), box('free', text('<svg onload=alert(1)>'))]),
			'type'
		]
	];
	for (const [name, bytes, outcome] of cases)
		test(`${name} → ${outcome}`, () => {
			const out = prepareRecording(bytes);
			if (outcome === 'ok') expect(out.ok).toBe(true);
			else expect(out).toEqual({ ok: false, reason: outcome });
		});
});

describe('off the main thread: the media worker', () => {
	const rstFlood = new Uint8Array(MAX_PHOTO_BYTES);
	rstFlood.set([0xff, 0xd8]);
	for (let i = 2; i + 1 < rstFlood.length; i += 2) rstFlood.set([0xff, 0xd0], i);

	test('three hostile photos: the event loop turns while the worker reads them; each refused', async () => {
		let turns = 0;
		let settled = false;
		const work = preparePhotosOffThread([rstFlood, rstFlood, rstFlood]).finally(() => {
			settled = true;
		});
		expect(mediaJobsPending()).toBe(3);
		// A turn of the event loop before the answer: nothing runs on this thread meanwhile.
		await new Promise((resolve) => setImmediate(resolve));
		if (!settled) turns++;
		expect(turns).toBe(1);
		expect(await work).toEqual({ ok: false, reason: 'corrupt', index: 0 });
		expect(mediaJobsPending()).toBe(0);
	});

	test('a real photo and a real recording come back checked, stripped, with their duration', async () => {
		const dirty = concat([SOI_APP0, segment(0xe1, text(`Exif\0\0${SECRET}`)), AFTER_APP0]);
		const photos = await preparePhotosOffThread([dirty, PNG, WEBP]);
		if (!photos.ok) throw new Error(photos.reason);
		expect(photos.photos.map((p) => p.mime)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
		expect(photos.photos[0]?.bytes).toEqual(JPEG);
		const audio = await prepareRecordingOffThread(webmAudio({ durationMs: 3000 }));
		expect(audio.ok && audio.recording.durationMs).toBe(3000);
	});
});

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────

/** What a stripped JPEG may hold: SOI, APP0 (JFIF), APP1 (orientation), APP14, SOFn, tables, SOS, EOI. */
const KEPT = [
	'D8',
	'E0',
	'E1',
	'EE',
	'C0',
	'C1',
	'C2',
	'C3',
	'C4',
	'CC',
	'DB',
	'DD',
	'DC',
	'DA',
	'D9'
];

function b64(s: string): Uint8Array {
	return new Uint8Array(Buffer.from(s, 'base64'));
}
function find(haystack: Uint8Array, needle: Uint8Array): number {
	return Buffer.from(haystack).indexOf(Buffer.from(needle));
}
function repeat(unit: Uint8Array, times: number): Uint8Array {
	const out = new Uint8Array(unit.length * times);
	for (let k = 0; k < times; k++) out.set(unit, k * unit.length);
	return out;
}
function replaceBytes(b: Uint8Array, from: Uint8Array, to: Uint8Array): Uint8Array {
	const at = find(b, from);
	if (at === -1) throw new Error('not found');
	const out = b.slice();
	out.set(to, at);
	return out;
}
function mulberry32(seed: number): () => number {
	let a = seed;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
	};
}
function randomBytes(seed: number, length: number): Uint8Array {
	const random = mulberry32(seed);
	return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}
function segment(marker: number, payload: Uint8Array): Uint8Array {
	const head = Uint8Array.of(0xff, marker, 0, 0);
	new DataView(head.buffer).setUint16(2, payload.length + 2);
	return concat([head, payload]);
}
/** The markers of a stripped JPEG, in order (scan data skipped). */
function jpegMarkers(b: Uint8Array): string[] {
	const out: string[] = [];
	let i = 0;
	while (i < b.length) {
		expect(b[i]).toBe(0xff);
		const m = b[i + 1] ?? 0;
		out.push(m.toString(16).toUpperCase());
		if (m === 0xd8) i += 2;
		else if (m === 0xd9) break;
		else {
			i += 2 + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0);
			if (m === 0xda)
				while (!(
					b[i] === 0xff &&
					b[i + 1] !== 0 &&
					!((b[i + 1] ?? 0) >= 0xd0 && (b[i + 1] ?? 0) <= 0xd7)
				))
					i++;
		}
	}
	return out;
}
function chunk(type: string, data: Uint8Array): Uint8Array {
	const c = new Uint8Array(12 + data.length);
	const v = new DataView(c.buffer);
	v.setUint32(0, data.length);
	c.set(text(type), 4);
	c.set(data, 8);
	v.setUint32(8 + data.length, crc32(c.subarray(4, 8 + data.length)));
	return c;
}
function pngWith(chunks: Uint8Array[]): Uint8Array {
	return concat([PNG.subarray(0, 33), ...chunks, PNG.subarray(33)]);
}
function chunk4(type: string, data: Uint8Array): Uint8Array {
	const c = new Uint8Array(8 + data.length + (data.length % 2));
	c.set(text(type));
	new DataView(c.buffer).setUint32(4, data.length, true);
	c.set(data, 8);
	return c;
}
function riffChunks(webp: Uint8Array): Uint8Array[] {
	return [webp.subarray(12)];
}
function riff(chunks: Uint8Array[]): Uint8Array {
	const body = concat(chunks);
	const head = concat([text('RIFF'), new Uint8Array(4), text('WEBP')]);
	new DataView(head.buffer).setUint32(4, body.length + 4, true);
	return concat([head, body]);
}
function setU32le(b: Uint8Array, at: number, value: number): Uint8Array {
	new DataView(b.buffer, b.byteOffset).setUint32(at, value, true);
	return b;
}
/** An ISO BMFF box. */
function box(type: string, payload: Uint8Array): Uint8Array {
	const head = concat([new Uint8Array(4), text(type)]);
	new DataView(head.buffer).setUint32(0, 8 + payload.length);
	return concat([head, payload]);
}
/** Where the Ogg page at `at` ends. */
function pageEnd(b: Uint8Array, at: number): number {
	const segments = b[at + 26] ?? 0;
	let end = at + 27 + segments;
	for (let k = 0; k < segments; k++) end += b[at + 27 + k] ?? 0;
	return end;
}
/** An EBML element: its ID's bytes, an 8-byte size, the payload. */
function ebml(id: number, payload: Uint8Array): Uint8Array {
	const idBytes: number[] = [];
	for (let x = id; x > 0; x = Math.floor(x / 256)) idBytes.unshift(x % 256);
	const size = new Uint8Array(8);
	size[0] = 0x01;
	new DataView(size.buffer).setUint32(4, payload.length);
	return concat([Uint8Array.from(idBytes), size, payload]);
}
const uint = (id: number, value: number) => ebml(id, Uint8Array.of(value));
function track(type: number, codec: string, extra: Uint8Array[] = []): Uint8Array {
	return ebml(0xae, concat([uint(0xd7, 1), uint(0x83, type), ebml(0x86, text(codec)), ...extra]));
}
function opusTrack(): Uint8Array {
	const head = concat([
		text('OpusHead'),
		Uint8Array.of(1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0)
	]);
	return track(2, 'A_OPUS', [ebml(0x63a2, head)]);
}
/** A WebM with these tracks and one SimpleBlock of track 1 at 0 holding `packet`. */
function webm(tracks: Uint8Array[], packet: Uint8Array): Uint8Array {
	return concat([
		ebml(0x1a45dfa3, ebml(0x4282, text('webm'))),
		ebml(
			0x18538067,
			concat([
				ebml(0x1549a966, ebml(0x2ad7b1, Uint8Array.of(0x0f, 0x42, 0x40))),
				ebml(0x1654ae6b, concat(tracks)),
				ebml(
					0x1f43b675,
					concat([uint(0xe7, 0), ebml(0xa3, concat([Uint8Array.of(0x81, 0, 0, 0x80), packet]))])
				)
			])
		)
	]);
}
