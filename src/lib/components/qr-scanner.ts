/** The scanner's work apart from its markup: the decoder, the camera, a photo, its words. */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { isOffline } from '$lib/offline/signal';
import { classifyScan, type ScanResult } from '$lib/scan';
import type { DecoderProgress, QrDetector } from './qr-detector';

export type Problem =
	| 'foreign'
	| 'no-qr'
	| 'photo-unreadable'
	| 'camera-denied'
	| 'camera-unavailable'
	| 'needs-connection'
	| 'unsupported';

export type CameraState = 'closed' | 'starting' | 'scanning';

/** Time between two reads of the video: fast enough to feel instant, light on a cheap phone. */
export const INTERVAL_MS = 250;

/** What the status line says: the code found, or what the scanner is doing. */
export function statusText(found: string | null, readingPhoto: boolean, camera: CameraState) {
	return found !== null
		? m.scan_found({ code: found })
		: readingPhoto
			? m.scan_reading_photo()
			: camera === 'starting'
				? m.scan_starting()
				: camera === 'scanning'
					? m.scan_aim()
					: '';
}

/** The vehicle code among the texts of one picture's QR codes; `'foreign'` when only others are. */
export function vehicleIn(
	texts: string[],
	origins: string[]
): { code: string; card?: string } | 'foreign' | null {
	const results = texts.map((text) => classifyScan(text, origins));
	const vehicle = results.find(
		(r): r is Extract<ScanResult, { kind: 'vehicle' }> => r.kind === 'vehicle'
	);
	if (vehicle)
		return vehicle.card ? { code: vehicle.code, card: vehicle.card } : { code: vehicle.code };
	return results.length > 0 ? 'foreign' : null;
}

/** The decoder and its wasm are fetched on first use, never with the page (nor at install). */
export async function loadDetector(
	onprogress: (progress: DecoderProgress | null) => void
): Promise<QrDetector> {
	try {
		const { loadQrDetector } = await import('./qr-detector');
		return await loadQrDetector(onprogress);
	} finally {
		onprogress(null);
	}
}

/** Why the decoder could not be loaded, in the rider's terms. */
export async function decoderProblem(error: unknown): Promise<Problem> {
	const { DecoderNeedsConnection } = await import('./qr-detector').catch(() => ({
		DecoderNeedsConnection: null
	}));
	if (DecoderNeedsConnection && error instanceof DecoderNeedsConnection) return 'needs-connection';
	return isOffline() ? 'needs-connection' : 'unsupported';
}

function cameraProblem(error: unknown): Problem {
	const name = error instanceof DOMException ? error.name : '';
	return name === 'NotAllowedError' || name === 'SecurityError'
		? 'camera-denied'
		: 'camera-unavailable';
}

/**
 * What the scanner asks of the camera: the rear one at an `ideal` 1920×1080, focusing continuously
 * where the phone can (Image Capture's `focusMode`, ignored elsewhere). Without a resolution,
 * browsers give 640×480, too coarse for a card's code a metre away. `ideal`: a camera that cannot
 * still opens, at what it has.
 */
export const CAMERA: MediaTrackConstraints & { focusMode?: ConstrainDOMString } = {
	facingMode: 'environment',
	width: { ideal: 1920 },
	height: { ideal: 1080 },
	focusMode: { ideal: 'continuous' }
};

/** The rear camera's stream, or the problem that kept it closed (a phone with a camera API). */
export async function openCamera(devices: MediaDevices): Promise<MediaStream | Problem> {
	try {
		return await devices.getUserMedia({ video: CAMERA, audio: false });
	} catch (error) {
		return cameraProblem(error);
	}
}

/** The texts of the QR codes in a chosen photo, or null when the picture cannot be read. */
export async function photoTexts(file: File, qr: QrDetector): Promise<string[] | null> {
	try {
		const bitmap = await createImageBitmap(file);
		try {
			return (await qr.detect(bitmap)).map((code) => code.rawValue);
		} finally {
			bitmap.close();
		}
	} catch {
		return null;
	}
}

/** The texts of the QR codes in the video's current frame; none when the frame cannot be read. */
export async function frameTexts(qr: QrDetector, video: HTMLVideoElement): Promise<string[]> {
	try {
		return (await qr.detect(video)).map((code) => code.rawValue);
	} catch {
		// One bad frame (e.g. while the stream resizes) is not worth a message: try the next.
		return [];
	}
}

/**
 * Offline only (the decoder's small loader is precached; online it waits for a tap). Offline as
 * the page knows it ($lib/offline/signal): a page the worker answered from the phone's copy, a
 * request that failed, not only `navigator.onLine`, which says true on lie-fi.
 */
export async function needsConnectionNow(): Promise<boolean> {
	if (!isOffline()) return false;
	try {
		const { decoderNeedsDownload } = await import('./qr-detector');
		return isOffline() && (await decoderNeedsDownload());
	} catch {
		return true; // not even the loader is on this phone
	}
}

export const kb = (bytes: number) =>
	new Intl.NumberFormat(getLocale(), {
		style: 'unit',
		unit: 'kilobyte',
		maximumFractionDigits: 0
	}).format(bytes / 1000);
