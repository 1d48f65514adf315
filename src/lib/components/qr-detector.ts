/**
 * QR decoding for the scanner, loaded with `import()` only when the rider opens it: neither the
 * decoder nor its 1.1 MB WebAssembly belong in a page's first load, nor in the service worker's
 * install download (riders pay for every kilobyte).
 *
 * The browser's own BarcodeDetector (Shape Detection API; Chrome on Android and macOS) is used
 * when it reads QR codes. Elsewhere — Firefox, Safari, Chromium on Linux — the barcode-detector
 * ponyfill does, with zxing's wasm served from this app (`/_app/immutable/…`): never a CDN, so it
 * sends nothing to third parties. Both are fetched the first time they are needed (with the
 * download's progress, for a slow line) and the service worker keeps them from then on, so
 * scanning works offline after one use online.
 */
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { keepFirstUseFiles } from '$lib/offline/first-use.js';
import { isOffline } from '$lib/offline/signal';

/** Size of the wasm file, uncompressed (vite.config.ts: define). */
declare const __ZXING_WASM_BYTES__: number;

/** What the scanner needs from a detector: the text of every QR code in a picture. */
export interface QrDetector {
	detect(source: HTMLVideoElement | ImageBitmap): Promise<{ rawValue: string }[]>;
}

/** The decoder's download so far, in bytes of the (uncompressed) wasm. */
export interface DecoderProgress {
	loaded: number;
	total: number;
}

/** The decoder cannot be loaded: offline (or no signal) and never fetched on this device. */
export class DecoderNeedsConnection extends Error {
	constructor() {
		super('the QR decoder was never downloaded on this device and there is no connection');
		this.name = 'DecoderNeedsConnection';
	}
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

/** Whether the wasm is kept on this device (the service worker's first-use cache). */
async function wasmKept(): Promise<boolean> {
	if (!('caches' in globalThis)) return false;
	try {
		return (await caches.match(zxingWasmUrl)) !== undefined;
	} catch {
		return false;
	}
}

/** The wasm's bytes, reporting the download as it goes. */
async function fetchWasm(onProgress: (p: DecoderProgress) => void): Promise<ArrayBuffer> {
	const total = __ZXING_WASM_BYTES__;
	let loaded = 0;
	onProgress({ loaded, total }); // shown from the request on: a slow line may wait for the first byte
	const response = await fetch(zxingWasmUrl);
	if (!response.ok || !response.body) throw new Error(`wasm: HTTP ${response.status}`);
	const parts: Uint8Array[] = [];
	const reader = response.body.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		parts.push(value);
		loaded += value.byteLength;
		onProgress({ loaded: Math.min(loaded, total), total });
	}
	const bytes = new Uint8Array(loaded);
	let at = 0;
	for (const part of parts) {
		bytes.set(part, at);
		at += part.byteLength;
	}
	return bytes.buffer;
}

/**
 * Whether scanning must wait for a connection: no QR reader of the browser's own and the decoder
 * never downloaded on this device (asked when the phone is offline).
 */
export async function decoderNeedsDownload(): Promise<boolean> {
	return (await nativeDetector()) === null && !(await wasmKept());
}

let ponyfill: Promise<QrDetector> | undefined;

async function ponyfillDetector(onProgress: (p: DecoderProgress) => void): Promise<QrDetector> {
	keepFirstUseFiles();
	// Offline before the first use: say so now (an import() that fails offline may keep failing
	// in this page even once the signal is back).
	if (isOffline() && !(await wasmKept())) throw new DecoderNeedsConnection();
	try {
		const [{ BarcodeDetector, prepareZXingModule, purgeZXingModule }, wasmBinary] =
			await Promise.all([import('barcode-detector/ponyfill'), fetchWasm(onProgress)]);
		try {
			// Compile the wasm now, while the camera starts, not at the first frame; and know here,
			// not at every frame, if it cannot run.
			await prepareZXingModule({
				overrides: {
					wasmBinary,
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
	} catch (error) {
		if (error instanceof TypeError && !(await wasmKept())) throw new DecoderNeedsConnection();
		throw error;
	}
}

/**
 * A QR detector: the browser's own, or the self-hosted zxing one (created once per page).
 * `onProgress` follows the decoder's download, when there is one.
 * @throws DecoderNeedsConnection offline, when the decoder was never downloaded on this device
 */
export async function loadQrDetector(
	onProgress: (p: DecoderProgress) => void = () => {}
): Promise<QrDetector> {
	const native = await nativeDetector();
	if (native) return native;
	ponyfill ??= ponyfillDetector(onProgress).catch((error: unknown) => {
		ponyfill = undefined; // let a later attempt retry (e.g. the wasm failed to download)
		throw error;
	});
	return ponyfill;
}
