/**
 * Shrinks a photo in the browser before it is sent: the longest side at most 1,600 px, re-encoded
 * as JPEG — which also drops every byte of metadata (EXIF GPS position, device, time), since only
 * the pixels are drawn. A phone photo of 3–6 MB usually comes out under 400 KB: kinder to the
 * rider's data plan and well inside the server's limit of 5 MB per photo.
 *
 * Browser only (createImageBitmap + canvas). Anything the browser cannot decode is returned as it
 * came: the server checks the type and the size anyway, and says so per field.
 *
 * @example const small = await shrinkPhoto(input.files[0]); // File 'foto.jpg', image/jpeg
 */

/** Longest side after shrinking. */
export const MAX_SIDE = 1600;
/** JPEG quality: sharp enough to read a plate or a vest number. */
export const JPEG_QUALITY = 0.82;

/** The size that fits `width`×`height` within `max` on its longest side (never enlarged). */
export function fitWithin(
	width: number,
	height: number,
	max: number = MAX_SIDE
): { width: number; height: number } {
	const longest = Math.max(width, height);
	if (!(longest > max)) return { width, height };
	const scale = max / longest;
	return {
		width: Math.max(1, Math.round(width * scale)),
		height: Math.max(1, Math.round(height * scale))
	};
}

/** The file's name with a .jpg extension (the content is JPEG now). */
export function jpegName(name: string): string {
	const base = name.replace(/\.[^./\\]*$/, '') || 'foto';
	return `${base}.jpg`;
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
	if (typeof OffscreenCanvas !== 'undefined') {
		const canvas = new OffscreenCanvas(width, height);
		const context = canvas.getContext('2d');
		if (!context) return null;
		context.drawImage(bitmap, 0, 0, width, height);
		return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
	}
	const canvas = document.createElement('canvas');
	canvas.width = width;
	canvas.height = height;
	const context = canvas.getContext('2d');
	if (!context) return null;
	context.drawImage(bitmap, 0, 0, width, height);
	return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The photo at most MAX_SIDE px on its longest side, as a metadata-free JPEG; the original file
 * when the browser cannot decode it (or the result would not be smaller and it is already a small
 * JPEG).
 */
export async function shrinkPhoto(file: File): Promise<File> {
	if (typeof createImageBitmap !== 'function' || !file.type.startsWith('image/')) return file;
	let bitmap: ImageBitmap;
	try {
		// The EXIF orientation is applied to the pixels, so a portrait photo stays upright once
		// the EXIF is gone.
		bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
	} catch {
		return file;
	}
	try {
		const { width, height } = fitWithin(bitmap.width, bitmap.height);
		const blob = await encode(bitmap, width, height);
		if (!blob || blob.size === 0) return file;
		return new File([blob], jpegName(file.name), {
			type: 'image/jpeg',
			lastModified: file.lastModified
		});
	} catch {
		return file;
	} finally {
		bitmap.close();
	}
}
