import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { crc32 } from './photo-chunks';
import {
	MAX_PHOTO_BYTES,
	detectPhotoType,
	preparePhoto,
	preparePhotos,
	type Photo
} from './photos';

// 2×2 red images written by ImageMagick 6.9 with -strip (libjpeg-turbo, libpng, libwebp lossless).
const JPEG = b64(
	'/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAIDAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAB//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAHCP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ABcVLDf/2Q=='
);
const PNG = b64(
	'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACAQMAAABIeJ9nAAAAA1BMVEXAMCDS/b2hAAAADElEQVQI12NgYGAAAAAEAAEnNCcKAAAAAElFTkSuQmCC'
);
const WEBP = b64('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAdQmAIXpP+BiOh/AAA=');

/** 11° 43' 23.45" S: the rational bytes of the GPS latitude, which must never survive. */
const GPS_LATITUDE = Uint8Array.of(
	...[0, 0, 0, 11, 0, 0, 0, 1],
	...[0, 0, 0, 43, 0, 0, 0, 1],
	...[0, 0, 0x09, 0x29, 0, 0, 0, 100]
);
const DEVICE = 'GarupaPhone';

describe('detectPhotoType: by magic bytes, not by name', () => {
	const cases: [name: string, bytes: Uint8Array, type: string | null][] = [
		['JPEG', JPEG, 'image/jpeg'],
		['PNG', PNG, 'image/png'],
		['WebP', WEBP, 'image/webp'],
		['GIF', text('GIF89a\x01\x00\x01\x00'), null],
		['PDF', text('%PDF-1.7\n'), null],
		['HTML posing as an image', text('<svg onload=alert(1)>'), null],
		['RIFF that is not WebP (WAVE)', text('RIFF\x04\x00\x00\x00WAVE'), null],
		['empty', new Uint8Array(0), null]
	];
	for (const [name, bytes, type] of cases)
		test(`${name} → ${type}`, () => expect(detectPhotoType(bytes)).toBe(type));
});

describe('JPEG: APP1–APP15 and COM dropped, image data kept byte for byte', () => {
	test('Exif with GPS, XMP, ICC, a comment and a trailer → the clean image + orientation', () => {
		const dirty = jpegWith([
			segment(0xe1, concat(text('Exif\0\0'), tiffWithGps(6))),
			segment(0xe1, text('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPS 11.72</x:xmpmeta>')),
			segment(0xe2, text('ICC_PROFILE\0\x01\x01fake-profile')),
			segment(0xed, text('Photoshop 3.0\0IPTC byline')),
			segment(0xfe, text('segredo do fotógrafo'))
		]);
		const out = strip(dirty);
		expect(out.mime).toBe('image/jpeg');
		expect(find(out.bytes, GPS_LATITUDE)).toBe(-1);
		for (const gone of [DEVICE, 'xmpmeta', 'ICC_PROFILE', 'IPTC', 'segredo', 'trailer'])
			expect(find(out.bytes, text(gone)), gone).toBe(-1);
		// SOI, APP0 (JFIF) as before, then a 34-byte APP1 with only the orientation, then the rest.
		expect(jpegMarkers(out.bytes)).toEqual([
			'D8',
			'E0',
			'E1',
			...jpegMarkers(JPEG).filter((m) => m !== 'D8' && m !== 'E0')
		]);
		expect(out.bytes).toEqual(insertAfterApp0(JPEG, orientationSegment(6)));
	});

	test('orientation 1 (the default) is not written back: the output is the clean original', () => {
		const out = strip(jpegWith([segment(0xe1, concat(text('Exif\0\0'), tiffWithGps(1)))]));
		expect(out.bytes).toEqual(JPEG);
	});

	test('a camera JPEG without JFIF (Exif first) keeps working: SOI, orientation, tables', () => {
		const noJfif = concat(JPEG.subarray(0, 2), JPEG.subarray(20)); // APP0 is bytes 2–19
		const dirty = concat(
			noJfif.subarray(0, 2),
			segment(0xe1, concat(text('Exif\0\0'), tiffWithGps(8, 'II'))),
			noJfif.subarray(2)
		);
		const out = strip(dirty);
		expect(find(out.bytes, text(DEVICE))).toBe(-1);
		expect(jpegMarkers(out.bytes).slice(0, 3)).toEqual(['D8', 'E1', 'DB']);
		expect(out.bytes).toEqual(
			concat(noJfif.subarray(0, 2), orientationSegment(8), noJfif.subarray(2))
		);
	});

	test('metadata between the tables and the frame is dropped too', () => {
		const sof = find(JPEG, Uint8Array.of(0xff, 0xc0));
		const dirty = concat(
			JPEG.subarray(0, sof),
			segment(0xe1, text('Exif\0\0junk')),
			JPEG.subarray(sof)
		);
		expect(strip(dirty).bytes).toEqual(JPEG);
	});

	const corrupt: [why: string, bytes: Uint8Array][] = [
		['cut before EOI', JPEG.subarray(0, JPEG.length - 2)],
		['cut inside a segment', JPEG.subarray(0, 40)],
		['only SOI', Uint8Array.of(0xff, 0xd8, 0xff)],
		[
			'segment length past the end',
			concat(JPEG.subarray(0, 2), Uint8Array.of(0xff, 0xe1, 0xff, 0xff))
		],
		[
			'no frame before the scan',
			concat(JPEG.subarray(0, 2), segment(0xda, Uint8Array.of(1)), Uint8Array.of(0xff, 0xd9))
		]
	];
	for (const [why, bytes] of corrupt)
		test(`corrupt: ${why}`, () =>
			expect(preparePhoto(bytes)).toEqual({ ok: false, reason: 'corrupt' }));
});

describe('PNG: text, time, Exif, ICC and unknown chunks dropped', () => {
	test('tEXt, iTXt, zTXt, eXIf, tIME, iCCP and a private chunk → the clean original', () => {
		const dirty = pngWith([
			chunk('tEXt', text('Author\0Fulano')),
			chunk('iTXt', text(`Description\0\0\0\0\0GPS ${DEVICE}`)),
			chunk('zTXt', text('Comment\0\0x')),
			chunk('eXIf', tiffWithGps(6)),
			chunk('tIME', Uint8Array.of(0x07, 0xea, 12, 2, 14, 0, 0)),
			chunk('iCCP', text('profile\0\0x')),
			chunk('prVt', text('anything'))
		]);
		const out = strip(dirty);
		expect(out.mime).toBe('image/png');
		expect(out.bytes).toEqual(PNG);
		expect(find(out.bytes, GPS_LATITUDE)).toBe(-1);
		expect(find(out.bytes, text(DEVICE))).toBe(-1);
	});

	test('the output still parses: chunks with valid CRCs, IHDR first, IEND last, IDAT inflates', () => {
		const out = strip(pngWith([chunk('eXIf', tiffWithGps(3)), chunk('pHYs', new Uint8Array(9))]));
		const chunks = pngChunks(out.bytes);
		expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'pHYs', 'PLTE', 'IDAT', 'IEND']);
		for (const c of chunks) expect(c.crcOk, c.type).toBe(true);
		// 2×2, 1 bit per pixel, palette: two rows of (filter byte + 1 byte).
		const idat = chunks.find((c) => c.type === 'IDAT');
		expect(idat && inflateSync(idat.data).length).toBe(4);
	});

	const corrupt: [why: string, bytes: Uint8Array][] = [
		['bad CRC', flip(PNG, 30)],
		['no IEND', PNG.subarray(0, PNG.length - 12)],
		['IHDR not first', concat(PNG.subarray(0, 8), PNG.subarray(33))],
		['unknown critical chunk', pngWith([chunk('ABCD', new Uint8Array(1))])]
	];
	for (const [why, bytes] of corrupt)
		test(`corrupt: ${why}`, () =>
			expect(preparePhoto(bytes)).toEqual({ ok: false, reason: 'corrupt' }));
});

describe('WebP: EXIF, XMP and ICCP chunks dropped, VP8X flags cleared', () => {
	test('extended WebP with all three → VP8X (flags 0) + the image, RIFF size fixed', () => {
		const vp8l = WEBP.subarray(12);
		const dirty = riff([
			chunk4('VP8X', Uint8Array.of(0x20 | 0x08 | 0x04, 0, 0, 0, 1, 0, 0, 1, 0, 0)),
			chunk4('ICCP', text('fake-profile')),
			vp8l,
			chunk4('EXIF', tiffWithGps(6)),
			chunk4('XMP ', text(`<x:xmpmeta>${DEVICE}</x:xmpmeta>`))
		]);
		const out = strip(dirty);
		expect(out.mime).toBe('image/webp');
		expect(find(out.bytes, GPS_LATITUDE)).toBe(-1);
		expect(find(out.bytes, text(DEVICE))).toBe(-1);
		expect(find(out.bytes, text('fake-profile'))).toBe(-1);
		const chunks = webpChunks(out.bytes);
		expect(chunks.map((c) => c.type)).toEqual(['VP8X', 'VP8L']);
		expect(chunks[0]?.data[0]).toBe(0);
		expect(out.bytes.subarray(out.bytes.length - vp8l.length)).toEqual(vp8l);
	});

	test('a simple (lossy/lossless) WebP is returned unchanged', () => {
		expect(strip(WEBP).bytes).toEqual(WEBP);
	});

	test('bytes after the RIFF are dropped', () => {
		expect(strip(concat(WEBP, text('trailer GPS'))).bytes).toEqual(WEBP);
	});

	const corrupt: [why: string, bytes: Uint8Array][] = [
		['RIFF size past the end', setU32le(WEBP, 4, 400)],
		['chunk size past the end', setU32le(WEBP, 16, 400)],
		[
			'no image chunk',
			riff([chunk4('VP8X', new Uint8Array(10)), chunk4('EXIF', new Uint8Array(4))])
		],
		['first chunk not VP8/VP8L/VP8X', riff([chunk4('EXIF', new Uint8Array(4)), WEBP.subarray(12)])]
	];
	for (const [why, bytes] of corrupt)
		test(`corrupt: ${why}`, () =>
			expect(preparePhoto(bytes)).toEqual({ ok: false, reason: 'corrupt' }));
});

describe('preparePhotos: limits', () => {
	test('up to 3 photos of any of the three types', () => {
		const out = preparePhotos([JPEG, PNG, WEBP]);
		expect(out.ok && out.photos.map((p) => p.mime)).toEqual([
			'image/jpeg',
			'image/png',
			'image/webp'
		]);
	});
	test('a 4th photo is refused', () => {
		expect(preparePhotos([JPEG, JPEG, JPEG, JPEG])).toEqual({ ok: false, reason: 'count' });
	});
	test('over 5 MB is refused before parsing, with the photo index', () => {
		const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
		big.set(JPEG);
		expect(preparePhotos([PNG, big])).toEqual({ ok: false, reason: 'size', index: 1 });
	});
	test('exactly 5 MB is accepted (a JPEG padded with comment segments)', () => {
		const filler: Uint8Array[] = [];
		let size = JPEG.length;
		while (MAX_PHOTO_BYTES - size > 65537) {
			filler.push(segment(0xfe, new Uint8Array(65533)));
			size += 65537;
		}
		filler.push(segment(0xfe, new Uint8Array(MAX_PHOTO_BYTES - size - 4)));
		const padded = jpegWith(filler, false);
		expect(padded.length).toBe(MAX_PHOTO_BYTES);
		expect(strip(padded).bytes).toEqual(JPEG);
	});
	test('a GIF is refused as a type, with the photo index', () => {
		expect(preparePhotos([JPEG, JPEG, text('GIF89a')])).toEqual({
			ok: false,
			reason: 'type',
			index: 2
		});
	});
});

// ─── Builders: real bytes, written here so each test shows what it feeds in ───────────────────

function b64(s: string): Uint8Array {
	return new Uint8Array(Buffer.from(s, 'base64'));
}
function text(s: string): Uint8Array {
	return new TextEncoder().encode(s);
}
function concat(...parts: Uint8Array[]): Uint8Array {
	return new Uint8Array(Buffer.concat(parts));
}
function find(haystack: Uint8Array, needle: Uint8Array): number {
	return Buffer.from(haystack).indexOf(Buffer.from(needle));
}
function flip(b: Uint8Array, at: number): Uint8Array {
	const c = b.slice();
	c[at] = (c[at] ?? 0) ^ 0xff;
	return c;
}
function setU32le(b: Uint8Array, at: number, value: number): Uint8Array {
	const c = b.slice();
	new DataView(c.buffer).setUint32(at, value, true);
	return c;
}

function strip(bytes: Uint8Array): Photo {
	const out = preparePhoto(bytes);
	if (!out.ok) throw new Error(`refused: ${out.reason}`);
	return out.photo;
}

/**
 * A TIFF (Exif) block: IFD0 with Make, Orientation and a GPS IFD pointer; the GPS IFD with
 * GPSLatitudeRef 'S' and GPSLatitude 11/1, 43/1, 2345/100.
 */
function tiffWithGps(orientation: number, order: 'MM' | 'II' = 'MM'): Uint8Array {
	const le = order === 'II';
	const b = new Uint8Array(116);
	const v = new DataView(b.buffer);
	const u16 = (at: number, x: number) => v.setUint16(at, x, le);
	const u32 = (at: number, x: number) => v.setUint32(at, x, le);
	b.set(text(order));
	u16(2, 42);
	u32(4, 8);
	// IFD0 at 8: three entries, ends at 50.
	u16(8, 3);
	const entry = (at: number, tag: number, type: number, count: number) => {
		u16(at, tag);
		u16(at + 2, type);
		u32(at + 4, count);
	};
	entry(10, 0x010f, 2, 12); // Make, ASCII, at 80
	u32(18, 80);
	entry(22, 0x0112, 3, 1); // Orientation, SHORT
	u16(30, orientation);
	entry(34, 0x8825, 4, 1); // GPSInfo IFD pointer, LONG
	u32(42, 50);
	u32(46, 0);
	// GPS IFD at 50: two entries, ends at 80.
	u16(50, 2);
	entry(52, 0x0001, 2, 2); // GPSLatitudeRef 'S\0', inline
	b.set(text('S\0'), 60);
	entry(64, 0x0002, 5, 3); // GPSLatitude, 3 RATIONAL, at 92
	u32(72, 92);
	u32(76, 0);
	b.set(text(`${DEVICE}\0`), 80);
	for (const [i, [num, den]] of [
		[11, 1],
		[43, 1],
		[2345, 100]
	].entries()) {
		v.setUint32(92 + i * 8, num ?? 0, le);
		v.setUint32(96 + i * 8, den ?? 1, le);
	}
	return b;
}

function segment(marker: number, payload: Uint8Array): Uint8Array {
	const head = Uint8Array.of(0xff, marker, 0, 0);
	new DataView(head.buffer).setUint16(2, payload.length + 2);
	return concat(head, payload);
}
/** The clean JPEG with `segments` after APP0 and, unless told, a trailer after EOI. */
function jpegWith(segments: Uint8Array[], trailer = true): Uint8Array {
	return concat(
		JPEG.subarray(0, 20),
		...segments,
		JPEG.subarray(20),
		text(trailer ? 'trailer' : '')
	);
}
function insertAfterApp0(jpeg: Uint8Array, seg: Uint8Array): Uint8Array {
	return concat(jpeg.subarray(0, 20), seg, jpeg.subarray(20));
}
function orientationSegment(orientation: number): Uint8Array {
	const tiff = new Uint8Array(26);
	const v = new DataView(tiff.buffer);
	tiff.set(text('MM'));
	v.setUint16(2, 42);
	v.setUint32(4, 8);
	v.setUint16(8, 1);
	v.setUint16(10, 0x0112);
	v.setUint16(12, 3);
	v.setUint32(14, 1);
	v.setUint16(18, orientation);
	return segment(0xe1, concat(text('Exif\0\0'), tiff));
}

/** Markers in file order, as hex, walking lengths and skipping entropy-coded data. */
function jpegMarkers(b: Uint8Array): string[] {
	const out: string[] = [];
	let i = 0;
	while (i < b.length) {
		expect(b[i], `marker at ${i}`).toBe(0xff);
		const m = b[i + 1] ?? 0;
		out.push(m.toString(16).toUpperCase());
		if (m === 0xd8) i += 2;
		else if (m === 0xd9) {
			expect(i + 2, 'EOI ends the file').toBe(b.length);
			break;
		} else {
			i += 2 + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0);
			if (m === 0xda) while (!(b[i] === 0xff && b[i + 1] !== 0 && b[i + 1] !== undefined)) i++;
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
/** The clean PNG with `chunks` right after IHDR (signature 8 + IHDR 25 bytes). */
function pngWith(chunks: Uint8Array[]): Uint8Array {
	return concat(PNG.subarray(0, 33), ...chunks, PNG.subarray(33));
}
function pngChunks(b: Uint8Array) {
	const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
	const out: { type: string; data: Uint8Array; crcOk: boolean }[] = [];
	for (let i = 8; i < b.length;) {
		const length = v.getUint32(i);
		const type = Buffer.from(b.subarray(i + 4, i + 8)).toString('latin1');
		const data = b.subarray(i + 8, i + 8 + length);
		out.push({
			type,
			data,
			crcOk: crc32(b.subarray(i + 4, i + 8 + length)) === v.getUint32(i + 8 + length)
		});
		i += 12 + length;
	}
	return out;
}

function chunk4(type: string, data: Uint8Array): Uint8Array {
	const c = new Uint8Array(8 + data.length + (data.length % 2));
	c.set(text(type));
	new DataView(c.buffer).setUint32(4, data.length, true);
	c.set(data, 8);
	return c;
}
function riff(chunks: Uint8Array[]): Uint8Array {
	const body = concat(text('WEBP'), ...chunks);
	const head = concat(text('RIFF'), new Uint8Array(4));
	new DataView(head.buffer).setUint32(4, body.length, true);
	return concat(head, body);
}
function webpChunks(b: Uint8Array) {
	const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
	expect(v.getUint32(4, true), 'RIFF size').toBe(b.length - 8);
	const out: { type: string; data: Uint8Array }[] = [];
	for (let i = 12; i < b.length;) {
		const size = v.getUint32(i + 4, true);
		out.push({
			type: Buffer.from(b.subarray(i, i + 4)).toString('latin1'),
			data: b.subarray(i + 8, i + 8 + size)
		});
		i += 8 + size + (size % 2);
	}
	expect(out.reduce((n, c) => n + 8 + c.data.length + (c.data.length % 2), 12)).toBe(b.length);
	return out;
}
