/**
 * PNG (ISO/IEC 15948, 3rd edition) and WebP (RFC 9649) without their metadata: only the chunks
 * that draw the image are kept.
 */
import { ascii, must, u32be, u32le } from './bytes';

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

/**
 * Null for a bad CRC, an unknown critical chunk, no IHDR first (13 bytes, width and height 1 to
 * 2^31 − 1) or no IEND last. One pass into one buffer no larger than the input.
 */
export function stripPng(b: Uint8Array): Uint8Array | null {
	const out = new Uint8Array(b.length);
	out.set(b.subarray(0, 8));
	let o = 8;
	let i = 8;
	for (let n = 0; ; n++) {
		const length = u32be(b, i);
		if (length === null || length > 0x7fffffff || i + 12 + length > b.length) return null;
		const type = ascii(b, i + 4, 4);
		if (!/^[A-Za-z]{4}$/.test(type)) return null;
		if ((n === 0) !== (type === 'IHDR')) return null;
		if (type === 'IHDR' && !sizeOk(u32be(b, i + 8), u32be(b, i + 12), length)) return null;
		const end = i + 12 + length;
		if (crc32(b.subarray(i + 4, end - 4)) !== u32be(b, end - 4)) return null;
		const critical = type.charCodeAt(0) < 0x61;
		if (critical && !PNG_CRITICAL.has(type)) return null;
		if (critical || PNG_KEEP.has(type)) {
			out.set(b.subarray(i, end), o);
			o += end - i;
		}
		i = end;
		if (type === 'IEND') return out.slice(0, o);
	}
}

/** IHDR's width and height (ISO/IEC 15948 §11.2.2): 1 to 2^31 − 1; IHDR holds 13 bytes. */
function sizeOk(width: number | null, height: number | null, length: number): boolean {
	const ok = (x: number | null) => x !== null && x > 0 && x <= 0x7fffffff;
	return length === 13 && ok(width) && ok(height);
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

/** Null when the RIFF sizes do not add up or no image chunk is found. One pass, one buffer. */
export function stripWebp(b: Uint8Array): Uint8Array | null {
	const riffSize = u32le(b, 4);
	if (riffSize === null || riffSize < 4 || riffSize % 2 !== 0 || 8 + riffSize > b.length)
		return null;
	const end = 8 + riffSize; // bytes after the RIFF (a trailer) are dropped
	const out = new Uint8Array(end);
	out.set(b.subarray(0, 12));
	let o = 12;
	let image = false;
	for (let i = 12; i < end;) {
		const type = ascii(b, i, 4);
		const size = u32le(b, i + 4);
		if (size === null || i + 8 + size > end) return null;
		const next = i + 8 + size + (size % 2);
		if (next > end) return null;
		if (i === 12 && !['VP8 ', 'VP8L', 'VP8X'].includes(type)) return null;
		if (WEBP_KEEP.has(type)) {
			out.set(b.subarray(i, next), o);
			if (type === 'VP8X') {
				if (size < 10) return null;
				out[o + 8] = must(out[o + 8]) & ~(VP8X_ICC | VP8X_EXIF | VP8X_XMP);
			}
			if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') image = true;
			o += next - i;
		}
		i = next;
	}
	if (!image) return null;
	new DataView(out.buffer).setUint32(4, o - 8, true);
	return out.slice(0, o);
}
