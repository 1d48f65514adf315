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
import { ascii } from './bytes';
import { stripPng, stripWebp } from './photo-chunks';
import { stripJpeg } from './photo-jpeg';

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
