/**
 * QR decoding for the scanner, loaded with `import()` only when the rider opens it: neither the
 * decoder nor its 1.1 MB WebAssembly belong in a page's first load.
 *
 * The browser's own BarcodeDetector (Shape Detection API; Chrome on Android and macOS) is used
 * when it reads QR codes. Elsewhere — Firefox, Safari, Chromium on Linux — the barcode-detector
 * ponyfill does, with zxing's wasm served from this app (`/_app/immutable/…`, precached by the
 * service worker): never a CDN, so it works offline and sends nothing to third parties.
 */
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the scanner needs from a detector: the text of every QR code in a picture. */
export interface QrDetector {
	detect(source: HTMLVideoElement | ImageBitmap): Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
	new (options: { formats: string[] }): QrDetector;
	getSupportedFormats(): Promise<readonly string[]>;
}

/** The native BarcodeDetector if this browser has one that reads QR codes. */
async function nativeDetector(): Promise<QrDetector | null> {
	if (!('BarcodeDetector' in globalThis)) return null;
	const Native = (globalThis as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
	try {
		const formats = await Native.getSupportedFormats();
		return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
	} catch {
		return null;
	}
}

let ponyfill: Promise<QrDetector> | undefined;

async function ponyfillDetector(): Promise<QrDetector> {
	const { BarcodeDetector, prepareZXingModule, purgeZXingModule } =
		await import('barcode-detector/ponyfill');
	try {
		// Fetch and compile the wasm now, while the camera starts, not at the first frame; and
		// know here, not at every frame, if it cannot run.
		await prepareZXingModule({
			overrides: {
				locateFile: (path: string, prefix: string) =>
					path.endsWith('.wasm') ? zxingWasmUrl : prefix + path
			},
			fireImmediately: true
		});
	} catch (error) {
		purgeZXingModule();
		throw error;
	}
	return new BarcodeDetector({ formats: ['qr_code'] });
}

/** A QR detector: the browser's own, or the self-hosted zxing one (created once per page). */
export async function loadQrDetector(): Promise<QrDetector> {
	const native = await nativeDetector();
	if (native) return native;
	ponyfill ??= ponyfillDetector().catch((error: unknown) => {
		ponyfill = undefined; // let a later attempt retry (e.g. the wasm failed to download)
		throw error;
	});
	return ponyfill;
}
