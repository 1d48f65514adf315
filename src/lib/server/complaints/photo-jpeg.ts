/**
 * JPEG without its metadata (ITU T.81 B.1; JFIF 1.02; Exif 2.32 §4.5.4; Adobe TN 5116 §18): only
 * the markers a decoder needs are kept (a list of what to keep), the Exif orientation alone
 * written back.
 *
 * One pass over the bytes, forward only, into one output buffer no larger than the input: the
 * time is linear and the memory bounded whatever the markers (a 5 MB file of 2.6 million RST
 * markers outside a scan once cost seconds and hundreds of MB, one small array per marker).
 */
import { ascii, u16be, u16le, u32be, u32le } from './bytes';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DNL = 0xdc;
const DRI = 0xdd;
const DHT = 0xc4;
const DAC = 0xcc;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;
/**
 * SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frames browsers decode (baseline,
 * extended, progressive, lossless; Huffman or arithmetic).
 */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== DHT && m !== 0xc8 && m !== DAC;
/** Tables and restart interval: copied as they are (they hold numbers only). */
const TABLES = new Set([DQT, DHT, DAC, DRI, DNL]);

/**
 * Keeps SOI; the frame (SOFn, exactly one); the tables (DQT, DHT, DAC), DRI and DNL; each scan
 * (SOS and its entropy-coded data, the RSTn markers inside it); EOI. Two markers are rewritten
 * from the values a decoder reads, nothing else copied from them: APP0 `JFIF` (version, density
 * units and densities; its thumbnail and any JFXX extension dropped) and APP14 `Adobe` (the
 * colour transform of a CMYK or RGB file; its flags zeroed). Everything else is dropped: APP1–
 * APP15 (Exif and its GPS IFD, XMP, ICC in APP2, MPF, Photoshop IRB in APP13, C2PA in APP11),
 * other APP0 content, COM, JPG (C8), JPGn (F0–FD), and whatever follows EOI. The Exif orientation
 * alone is written back in a fresh 34-byte APP1, or a portrait photo would show lying down.
 *
 * Null when the markers do not add up to an image: a second SOI or frame, a scan before the
 * frame, a reserved marker, a length past the end, RSTn or TEM outside a scan (T.81 allows them
 * only inside entropy-coded data), no EOI.
 */
export function stripJpeg(b: Uint8Array): Uint8Array | null {
	const body = new Uint8Array(b.length);
	let o = 0;
	const copy = (start: number, end: number) => {
		body.set(b.subarray(start, end), o);
		o += end - start;
	};
	let jfif: Uint8Array | null = null;
	let adobe: Uint8Array | null = null;
	let orientation: number | null = null;
	let exifSeen = false;
	let frame = false;
	let scan = false;
	let i = 2;
	for (;;) {
		if (b[i] !== 0xff) return null;
		while (b[i] === 0xff) i++; // fill bytes before a marker (B.1.1.2)
		const marker = b[i++];
		if (marker === undefined) return null;
		if (marker === EOI) break;
		// SOI again, stuffing, TEM or RSTn outside a scan, reserved 02–BF.
		if (marker < 0xc0 || marker === SOI || isRst(marker)) return null;
		const length = u16be(b, i);
		if (length === null || length < 2 || i + length > b.length) return null;
		const start = i - 2;
		const payload = b.subarray(i + 2, i + length);
		i += length;
		if (isSof(marker)) {
			if (frame) return null; // one image per file (no hierarchical DHP/EXP either)
			if (!wellFormed(marker, payload)) return null;
			frame = true;
			copy(start, i);
		} else if (TABLES.has(marker)) {
			if (!wellFormed(marker, payload)) return null;
			copy(start, i);
		} else if (marker === APP0 && jfif === null && ascii(payload, 0, 5) === 'JFIF\0')
			jfif = payload.length >= 12 ? payload.subarray(5, 12) : null;
		else if (marker === APP14 && adobe === null && ascii(payload, 0, 5) === 'Adobe')
			adobe = payload.length >= 12 ? payload.subarray(5, 12) : null;
		else if (marker === APP1 && !exifSeen && ascii(payload, 0, 6) === 'Exif\0\0') {
			exifSeen = true;
			orientation = exifOrientation(payload);
		} else if (marker === SOS) {
			if (!frame || !wellFormed(marker, payload)) return null;
			scan = true;
			copy(start, i);
			// Entropy-coded data runs to the next marker: 0xFF is followed by 0x00 (stuffing) or a RST.
			const data = i;
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
			copy(data, i);
		}
		// Anything else (other APPn, COM, JPG, JPGn, DHP, EXP): skipped by its length.
	}
	if (!frame || !scan) return null;
	const head: number[] = [0xff, SOI];
	// JFIF wants APP0 right after SOI; Exif readers accept APP1 after it.
	if (jfif !== null) head.push(0xff, APP0, 0x00, 0x10, ...JFIF, ...jfif, 0, 0);
	if (orientation !== null) head.push(...orientationApp1(orientation));
	// Adobe: DCTEncodeVersion, flags0 and flags1 zeroed, ColorTransform (0 none, 1 YCbCr, 2 YCCK).
	if (adobe !== null)
		head.push(
			0xff,
			APP14,
			0x00,
			0x0e,
			...ADOBE,
			...adobe.subarray(0, 2),
			0,
			0,
			0,
			0,
			adobe[6] ?? 0
		);
	const out = new Uint8Array(head.length + o + 2);
	out.set(head);
	out.set(body.subarray(0, o), head.length);
	out.set([0xff, EOI], head.length + o);
	return out;
}

/** `JFIF\0` and `Adobe`, the identifiers of the two segments rewritten. */
const JFIF = [0x4a, 0x46, 0x49, 0x46, 0x00];
const ADOBE = [0x41, 0x64, 0x6f, 0x62, 0x65];

/**
 * Whether a kept segment's length is exactly what its own counts say (T.81 B.2.2–B.2.4, B.2.3):
 * a frame of 1–4 components, a scan of 1–4, whole quantization and Huffman tables, a 2-byte
 * restart interval or line count. Kept segments then hold table values, not hidden text.
 */
function wellFormed(marker: number, p: Uint8Array): boolean {
	if (isSof(marker)) {
		const components = p[5] ?? 0;
		return components >= 1 && components <= 4 && p.length === 6 + 3 * components;
	}
	if (marker === SOS) {
		const components = p[0] ?? 0;
		return components >= 1 && components <= 4 && p.length === 4 + 2 * components;
	}
	if (marker === DRI || marker === DNL) return p.length === 2;
	if (marker === DAC) return p.length > 0 && p.length % 2 === 0;
	let at = 0;
	while (at < p.length) {
		const kind = p[at] ?? 0xff;
		if (marker === DQT) {
			// Pq (0: 8-bit, 1: 16-bit) and Tq (0–3), then 64 values.
			if (kind >> 4 > 1 || (kind & 0x0f) > 3) return false;
			at += 1 + 64 * ((kind >> 4) + 1);
		} else {
			// DHT: Tc (0 DC, 1 AC) and Th (0–3), 16 counts, then that many values (at most 256).
			if (kind >> 4 > 1 || (kind & 0x0f) > 3 || at + 17 > p.length) return false;
			let values = 0;
			for (let k = 1; k <= 16; k++) values += p[at + k] ?? 0;
			if (values > 256) return false;
			at += 17 + values;
		}
	}
	return at === p.length;
}

/**
 * Orientation 2–8 from an APP1 payload (`Exif\0\0` + TIFF), else null (1 is the default). Reads
 * only the IFD0 entries that fit in the payload.
 */
function exifOrientation(p: Uint8Array): number | null {
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
	const fits = Math.min(count, Math.floor((tiff.length - ifd - 2) / 12));
	for (let e = 0; e < fits; e++) {
		const at = ifd + 2 + e * 12;
		if (u16(at) === 0x0112 && u16(at + 2) === 3) {
			const value = u16(at + 8);
			return value !== null && value >= 2 && value <= 8 ? value : null;
		}
	}
	return null;
}

/** APP1 with a big-endian TIFF holding one IFD0 entry: Orientation (0x0112, SHORT). */
function orientationApp1(orientation: number): number[] {
	return [
		...[0xff, APP1, 0x00, 0x22],
		...[0x45, 0x78, 0x69, 0x66, 0x00, 0x00], // Exif\0\0
		...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // MM, 42, IFD0 at 8
		...[0x00, 0x01], // one entry
		...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
		...[0x00, 0x00, 0x00, 0x00] // no next IFD
	];
}
