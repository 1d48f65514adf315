/**
 * JPEG without its metadata (ITU T.81 B.1; JFIF; Exif 2.32 §4.5.4): APP1–APP15 and COM dropped,
 * the Exif orientation alone written back.
 */
import { ascii, concat, u16be, u16le, u32be, u32le } from './bytes';

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
export function stripJpeg(b: Uint8Array): Uint8Array | null {
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
