#!/usr/bin/env node
// Writes a YUV4MPEG2 (.y4m) video of a QR code, for Chromium's fake camera in end-to-end tests:
//   chromium --use-fake-device-for-media-stream --use-file-for-fake-video-capture=/abs/qr.y4m
// Chromium loops the file, so a few identical frames are enough.
//
// Usage: node scripts/test/make-qr-y4m.js <text> <out.y4m>

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import QRCode from 'qrcode';

/** Luma of a dark module and of paper, in the video range (BT.601: 16 black, 235 white). */
const DARK = 16;
const LIGHT = 235;
/** Chroma 128 = no colour: a grey-scale picture. */
const NEUTRAL = 128;
/** ISO/IEC 18004 asks for a quiet zone of 4 modules around the symbol. */
const QUIET = 4;

/**
 * @typedef {object} Y4mOptions
 * @property {number} [width] frame width in pixels (even), default 640
 * @property {number} [height] frame height in pixels (even), default 480
 * @property {number} [frames] number of frames, default 10
 * @property {number} [moduleSize] pixels per module, default 12 (smaller if the symbol would not fit)
 */

/**
 * A 4:2:0 YUV4MPEG2 video showing `text` as a QR code (error correction M), centred on white.
 * @example makeQrY4m('http://localhost:4173/v/007').length //=> 4608103 (43-byte header + 10 × (6 + 460 800))
 * @param {string} text
 * @param {Y4mOptions} [options]
 * @returns {Buffer}
 */
export function makeQrY4m(text, { width = 640, height = 480, frames = 10, moduleSize } = {}) {
	if (width % 2 || height % 2) throw new Error('4:2:0 needs an even width and height');
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
	const n = modules.size;
	const fit = Math.floor(Math.min(width, height) / (n + 2 * QUIET));
	const scale = Math.min(moduleSize ?? 12, fit);
	if (scale < 2) throw new Error(`a ${n}×${n} QR code does not fit in ${width}×${height}`);

	const luma = Buffer.alloc(width * height, LIGHT);
	const left = Math.floor((width - n * scale) / 2);
	const top = Math.floor((height - n * scale) / 2);
	for (let row = 0; row < n; row++) {
		for (let col = 0; col < n; col++) {
			if (!modules.get(row, col)) continue;
			for (let y = 0; y < scale; y++) {
				const start = (top + row * scale + y) * width + left + col * scale;
				luma.fill(DARK, start, start + scale);
			}
		}
	}
	const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL); // U then V
	const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
	const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
	return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/**
 * Writes {@link makeQrY4m}'s video to `path` (parent folders created) and returns the absolute path.
 * @param {string} text
 * @param {string} path
 * @param {Y4mOptions} [options]
 * @returns {string}
 */
export function writeQrY4m(text, path, options) {
	const out = resolve(path);
	mkdirSync(dirname(out), { recursive: true });
	writeFileSync(out, makeQrY4m(text, options));
	return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
	const [text, path] = process.argv.slice(2);
	if (!text || !path) {
		console.error('Usage: node scripts/test/make-qr-y4m.js <text> <out.y4m>');
		process.exit(2);
	}
	console.log(writeQrY4m(text, path));
}
