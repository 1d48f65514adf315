/**
 * Photos attached to a complaint: the real type from the first bytes (JPEG, PNG or WebP; the
 * name and the declared type are not trusted), size and count limits, and metadata removed
 * WITHOUT re-encoding — a phone photo carries the rider's GPS position, the device and the time
 * in EXIF/XMP, which SEMAM does not need and the LGPD (Lei 13.709/2018, Art. 6º III) says not to
 * keep. Pixels are copied byte for byte, so the evidence is not altered.
 *
 * Each format keeps only what draws the image (a list of what to keep, not of what to drop: an
 * unknown or private chunk may carry anything, such as C2PA credentials naming the author).
 */

export type PhotoMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** Per photo, after nothing: the upload as received. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTOS = 3;

declare const stripped: unique symbol;

/** A photo that went through `preparePhotos`: type checked, metadata removed. */
export interface Photo {
	readonly mime: PhotoMime;
	readonly bytes: Uint8Array;
	readonly [stripped]: true;
}

/** `type`: not JPEG/PNG/WebP; `size`: over 5 MB; `corrupt`: structure broken; `count`: over 3. */
export type PhotoError = 'type' | 'size' | 'corrupt' | 'count';

export type PreparedPhotos =
	| { ok: true; photos: Photo[] }
	| { ok: false; reason: PhotoError; /** 0-based, absent for `count` */ index?: number };

/**
 * Checks and strips every upload; the first failure rejects them all (the rider fixes and resends).
 * @example preparePhotos([jpegWithGps]) //=> { ok: true, photos: [{ mime: 'image/jpeg', bytes: … }] }
 */
export function preparePhotos(uploads: readonly Uint8Array[]): PreparedPhotos {
	if (uploads.length > MAX_PHOTOS) return { ok: false, reason: 'count' };
	const photos: Photo[] = [];
	for (const [index, bytes] of uploads.entries()) {
		const one = preparePhoto(bytes);
		if (!one.ok) return { ok: false, reason: one.reason, index };
		photos.push(one.photo);
	}
	return { ok: true, photos };
}

export function preparePhoto(
	bytes: Uint8Array
): { ok: true; photo: Photo } | { ok: false; reason: Exclude<PhotoError, 'count'> } {
	if (bytes.length > MAX_PHOTO_BYTES) return { ok: false, reason: 'size' };
	const mime = detectPhotoType(bytes);
	if (mime === null) return { ok: false, reason: 'type' };
	const clean =
		mime === 'image/jpeg'
			? stripJpeg(bytes)
			: mime === 'image/png'
				? stripPng(bytes)
				: stripWebp(bytes);
	if (clean === null) return { ok: false, reason: 'corrupt' };
	// Photo's brand marks what only this module creates.
	return { ok: true, photo: { mime, bytes: clean } as Photo };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The type by magic bytes, or null. */
export function detectPhotoType(b: Uint8Array): PhotoMime | null {
	if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
	if (PNG_SIGNATURE.every((x, i) => b[i] === x)) return 'image/png';
	if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'image/webp';
	return null;
}

// ─── JPEG (ITU T.81 B.1; JFIF; Exif 2.32 §4.5.4) ────────────────────────────────────────────────

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP15 = 0xef;
const COM = 0xfe;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;
/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * Drops APP1–APP15 (Exif and its GPS IFD, XMP, ICC in APP2, MPF, Photoshop IRB in APP13, C2PA in
 * APP11) and COM, anywhere in the file, and whatever follows EOI; keeps APP0 (JFIF), the tables,
 * the frame and the scans. The Exif orientation alone is written back in a fresh 34-byte APP1, or
 * a portrait photo would show lying down. Null when the markers do not add up to an image.
 */
function stripJpeg(b: Uint8Array): Uint8Array | null {
	const parts: Uint8Array[] = [];
	let orientation: number | null = null;
	let frame = false;
	let scan = false;
	let i = 2;
	for (;;) {
		if (b[i] !== 0xff) return null;
		while (b[i] === 0xff) i++; // fill bytes before a marker (B.1.1.2)
		const marker = b[i++];
		if (marker === undefined) return null;
		if (marker === EOI) break;
		if (marker === SOI || marker === 0x00) return null;
		if (isRst(marker) || marker === 0x01) {
			parts.push(Uint8Array.of(0xff, marker));
			continue;
		}
		const length = u16be(b, i);
		if (length === null || length < 2 || i + length > b.length) return null;
		const segment = b.subarray(i - 2, i + length);
		const isMetadata = (marker >= APP1 && marker <= APP15) || marker === COM;
		if (marker === APP1 && orientation === null)
			orientation = exifOrientation(b.subarray(i + 2, i + length));
		if (!isMetadata) parts.push(segment);
		i += length;
		if (isSof(marker)) frame = true;
		if (marker === SOS) {
			if (!frame) return null;
			scan = true;
			// Entropy-coded data runs to the next marker: 0xFF is followed by 0x00 (stuffing) or a RST.
			const start = i;
			while (i < b.length) {
				if (b[i] === 0xff) {
					const next = b[i + 1];
					if (next === undefined) return null;
					if (next === 0x00 || isRst(next)) {
						i += 2;
						continue;
					}
					break;
				}
				i++;
			}
			if (i >= b.length) return null;
			parts.push(b.subarray(start, i));
		}
	}
	if (!frame || !scan) return null;
	// JFIF wants APP0 right after SOI; Exif readers accept APP1 after it.
	const app0 = parts[0]?.[1] === APP0 ? parts.splice(0, 1) : [];
	const soi = Uint8Array.of(0xff, SOI);
	return concat([
		soi,
		...app0,
		...orientationApp1(orientation),
		...parts,
		Uint8Array.of(0xff, EOI)
	]);
}

/** Orientation 2–8 from an APP1 payload (`Exif\0\0` + TIFF), else null (1 is the default). */
function exifOrientation(p: Uint8Array): number | null {
	if (ascii(p, 0, 6) !== 'Exif\0\0') return null;
	const tiff = p.subarray(6);
	const order = ascii(tiff, 0, 2);
	if (order !== 'II' && order !== 'MM') return null;
	const le = order === 'II';
	const u16 = (at: number) => (le ? u16le(tiff, at) : u16be(tiff, at));
	const u32 = (at: number) => (le ? u32le(tiff, at) : u32be(tiff, at));
	if (u16(2) !== 42) return null;
	const ifd = u32(4);
	const count = ifd === null ? null : u16(ifd);
	if (ifd === null || count === null) return null;
	for (let e = 0; e < count; e++) {
		const at = ifd + 2 + e * 12;
		if (u16(at) === 0x0112 && u16(at + 2) === 3) {
			const value = u16(at + 8);
			return value !== null && value >= 2 && value <= 8 ? value : null;
		}
	}
	return null;
}

/** APP1 with a big-endian TIFF holding one IFD0 entry: Orientation (0x0112, SHORT). */
function orientationApp1(orientation: number | null): Uint8Array[] {
	if (orientation === null) return [];
	return [
		Uint8Array.of(
			...[0xff, APP1, 0x00, 0x22],
			...[0x45, 0x78, 0x69, 0x66, 0x00, 0x00], // Exif\0\0
			...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // MM, 42, IFD0 at 8
			...[0x00, 0x01], // one entry
			...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
			...[0x00, 0x00, 0x00, 0x00] // no next IFD
		)
	];
}

// ─── PNG (ISO/IEC 15948, PNG 3rd edition) ───────────────────────────────────────────────────────

/**
 * Ancillary chunks that change how the image looks. Dropped, besides unknown and private chunks:
 * tEXt, iTXt, zTXt (free text: author, software, comments), eXIf (Exif with GPS), tIME, iCCP (as
 * ICC in JPEG), sPLT (named palettes).
 */
const PNG_KEEP = new Set([
	'tRNS',
	'gAMA',
	'cHRM',
	'sRGB',
	'cICP',
	'mDCV',
	'cLLI',
	'sBIT',
	'bKGD',
	'hIST',
	'pHYs',
	// APNG frames
	'acTL',
	'fcTL',
	'fdAT'
]);
const PNG_CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/** Null for a bad CRC, an unknown critical chunk, or no IHDR first / IEND last. */
function stripPng(b: Uint8Array): Uint8Array | null {
	const parts: Uint8Array[] = [b.subarray(0, 8)];
	let i = 8;
	for (let n = 0; ; n++) {
		const length = u32be(b, i);
		if (length === null || length > 0x7fffffff || i + 12 + length > b.length) return null;
		const type = ascii(b, i + 4, 4);
		if (!/^[A-Za-z]{4}$/.test(type)) return null;
		if ((n === 0) !== (type === 'IHDR')) return null;
		const end = i + 12 + length;
		if (crc32(b.subarray(i + 4, end - 4)) !== u32be(b, end - 4)) return null;
		const critical = type.charCodeAt(0) < 0x61;
		if (critical && !PNG_CRITICAL.has(type)) return null;
		if (critical || PNG_KEEP.has(type)) parts.push(b.subarray(i, end));
		i = end;
		if (type === 'IEND') return concat(parts);
	}
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309) of the chunk type and data, as PNG stores it. */
export function crc32(bytes: Uint8Array): number {
	crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		return c >>> 0;
	});
	let c = 0xffffffff;
	for (const byte of bytes) c = must(crcTable[(c ^ byte) & 0xff]) ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

// ─── WebP (RFC 9649) ────────────────────────────────────────────────────────────────────────────

/** Image and animation chunks; EXIF, `XMP `, ICCP and unknown chunks are dropped. */
const WEBP_KEEP = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);
/** VP8X flags (RFC 9649 §2.7): ICC profile, EXIF, XMP. */
const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** Null when the RIFF sizes do not add up or no image chunk is found. */
function stripWebp(b: Uint8Array): Uint8Array | null {
	const riffSize = u32le(b, 4);
	if (riffSize === null || riffSize < 4 || riffSize % 2 !== 0 || 8 + riffSize > b.length)
		return null;
	const end = 8 + riffSize; // bytes after the RIFF (a trailer) are dropped
	const parts: Uint8Array[] = [];
	let image = false;
	for (let i = 12; i < end;) {
		const type = ascii(b, i, 4);
		const size = u32le(b, i + 4);
		if (size === null || i + 8 + size > end) return null;
		const next = i + 8 + size + (size % 2);
		if (next > end) return null;
		if (i === 12 && !['VP8 ', 'VP8L', 'VP8X'].includes(type)) return null;
		if (WEBP_KEEP.has(type)) {
			const chunk = b.slice(i, next);
			if (type === 'VP8X') {
				if (size < 10) return null;
				chunk[8] = must(chunk[8]) & ~(VP8X_ICC | VP8X_EXIF | VP8X_XMP);
			}
			if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') image = true;
			parts.push(chunk);
		}
		i = next;
	}
	if (!image) return null;
	const body = concat(parts);
	const head = new Uint8Array(12);
	head.set(b.subarray(0, 4));
	new DataView(head.buffer).setUint32(4, 4 + body.length, true);
	head.set(b.subarray(8, 12), 8);
	return concat([head, body]);
}

// ─── Bytes ──────────────────────────────────────────────────────────────────────────────────────

function ascii(b: Uint8Array, at: number, length: number): string {
	if (at < 0 || at + length > b.length) return '';
	return String.fromCharCode(...b.subarray(at, at + length));
}

function u16be(b: Uint8Array, at: number): number | null {
	return at >= 0 && at + 2 <= b.length ? new DataView(b.buffer, b.byteOffset).getUint16(at) : null;
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

function concat(parts: readonly Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
}

/** For indexes the loop bounds already checked. */
function must<T>(value: T | undefined): T {
	if (value === undefined) throw new Error('unreachable: index out of range');
	return value;
}
