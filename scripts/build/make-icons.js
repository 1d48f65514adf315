#!/usr/bin/env node
// Regenerates the app icons in static/icons/ and static/favicon.svg.
// Dependency-free: shapes are rasterised with supersampling and written as
// 8-bit indexed PNGs (PLTE + tRNS) through node:zlib.
//
// Mark: white ring with a bold geometric "G" inside, on dark blue (#0b3d91).
//
// Usage: node scripts/build/make-icons.js

import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BLUE = [0x0b, 0x3d, 0x91];
const WHITE = [0xff, 0xff, 0xff];

// Mark geometry in unit coordinates: centre (0, 0), ring outer radius 1, y pointing up.
const RING_OUT = 1;
const RING_IN = 0.84;
const G_OUT = 0.62;
const G_IN = 0.42;
const G_OPEN = Math.PI / 4; // arc is open between 0 and 45 degrees (upper right)
const BAR_X0 = 0.06; // crossbar runs from here to G_OUT
const BAR_HALF = (G_OUT - G_IN) / 2; // crossbar half-thickness = half the stroke width

/** Is the unit-space point (x, y) (y up) on the white mark? */
function inMark(x, y) {
	const r = Math.hypot(x, y);
	if (r <= RING_OUT && r >= RING_IN) return true;
	if (r <= G_OUT && r >= G_IN) {
		const a = Math.atan2(y, x);
		if (!(a > 0 && a < G_OPEN)) return true;
	}
	return x >= BAR_X0 && x <= G_OUT && Math.abs(y) <= BAR_HALF;
}

/** Is the pixel-space point inside a rounded square of side `size` and corner radius `rad`? */
function inRoundedSquare(px, py, size, rad) {
	if (rad <= 0) return true;
	const cx = Math.min(Math.max(px, rad), size - rad);
	const cy = Math.min(Math.max(py, rad), size - rad);
	return Math.hypot(px - cx, py - cy) <= rad;
}

/**
 * Rasterise one icon.
 * @param {number} size        edge in pixels
 * @param {number} markRadius  ring outer radius as a fraction of size
 * @param {number} cornerRadius background corner radius as a fraction of size (0 = full bleed)
 */
function render(size, markRadius, cornerRadius) {
	const SS = 5; // 5x5 supersampling -> 26 coverage levels
	const scale = markRadius * size;
	const half = size / 2;
	const rad = cornerRadius * size;
	const palette = new Map(); // "bg,fg" -> index
	const colors = [];
	const pixels = new Uint8Array(size * size);

	for (let py = 0; py < size; py++) {
		for (let px = 0; px < size; px++) {
			let bg = 0;
			let fg = 0;
			for (let sy = 0; sy < SS; sy++) {
				for (let sx = 0; sx < SS; sx++) {
					const x = px + (sx + 0.5) / SS;
					const y = py + (sy + 0.5) / SS;
					if (!inRoundedSquare(x, y, size, rad)) continue;
					bg++;
					if (inMark((x - half) / scale, (half - y) / scale)) fg++;
				}
			}
			const key = bg === 0 ? '0,0' : `${bg},${fg}`;
			let idx = palette.get(key);
			if (idx === undefined) {
				idx = colors.length;
				if (idx > 255) throw new Error('palette overflow');
				palette.set(key, idx);
				const t = bg === 0 ? 0 : fg / bg;
				colors.push([
					...BLUE.map((c, i) => Math.round(c + (WHITE[i] - c) * t)),
					Math.round((255 * bg) / (SS * SS))
				]);
			}
			pixels[py * size + px] = idx;
		}
	}
	return encodePng(size, pixels, colors);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(buf) {
	let c = 0xffffffff;
	for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([len, body, crc]);
}

function encodePng(size, pixels, colors) {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(size, 0);
	ihdr.writeUInt32BE(size, 4);
	ihdr[8] = 8; // bit depth
	ihdr[9] = 3; // colour type: indexed
	// compression, filter, interlace = 0

	// Order the palette so opaque entries come last; tRNS then only needs the translucent ones.
	const order = colors.map((c, i) => i).sort((a, b) => colors[a][3] - colors[b][3]);
	const remap = new Uint8Array(colors.length);
	order.forEach((oldIdx, newIdx) => (remap[oldIdx] = newIdx));
	const sorted = order.map((i) => colors[i]);

	const plte = Buffer.from(sorted.flatMap((c) => c.slice(0, 3)));
	const alphas = sorted.map((c) => c[3]);
	const lastTranslucent = alphas.findLastIndex((a) => a < 255);

	const raw = Buffer.alloc(size * (size + 1));
	for (let y = 0; y < size; y++) {
		raw[y * (size + 1)] = 0; // filter: none (best for indexed data)
		for (let x = 0; x < size; x++) raw[y * (size + 1) + 1 + x] = remap[pixels[y * size + x]];
	}

	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', ihdr),
		chunk('PLTE', plte),
		...(lastTranslucent >= 0
			? [chunk('tRNS', Buffer.from(alphas.slice(0, lastTranslucent + 1)))]
			: []),
		chunk('IDAT', deflateSync(raw, { level: 9 })),
		chunk('IEND', Buffer.alloc(0))
	]);
}

function faviconSvg() {
	// 64x64 viewBox, same proportions as the 512 icon.
	const S = 64;
	const c = S / 2;
	const k = 0.4 * S; // ring outer radius in px
	const f = (n) => +n.toFixed(2);
	const ringR = f(((RING_OUT + RING_IN) / 2) * k);
	const ringW = f((RING_OUT - RING_IN) * k);
	const gR = f(((G_OUT + G_IN) / 2) * k);
	const gW = f((G_OUT - G_IN) * k);
	const sx = f(c + gR * Math.cos(G_OPEN));
	const sy = f(c - gR * Math.sin(G_OPEN));
	const ex = f(c + gR);
	const bx = f(c + BAR_X0 * k);
	const by = f(c - BAR_HALF * k);
	const bw = f((G_OUT - BAR_X0) * k);
	const bh = f(2 * BAR_HALF * k);
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}">` +
		`<rect width="${S}" height="${S}" rx="${f(0.22 * S)}" fill="#0b3d91"/>` +
		`<g fill="none" stroke="#fff">` +
		`<circle cx="${c}" cy="${c}" r="${ringR}" stroke-width="${ringW}"/>` +
		`<path d="M${sx} ${sy}A${gR} ${gR} 0 1 0 ${ex} ${c}" stroke-width="${gW}"/>` +
		`</g>` +
		`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="#fff"/>` +
		`</svg>\n`
	);
}

const outputs = [
	// [file, size, ring radius / size, corner radius / size]
	['static/icons/icon-192.png', 192, 0.4, 0.22],
	['static/icons/icon-512.png', 512, 0.4, 0.22],
	['static/icons/icon-maskable-512.png', 512, 0.31, 0], // inside the 80% safe zone (r <= 0.4)
	['static/icons/apple-touch-icon.png', 180, 0.36, 0] // opaque; iOS rounds the corners itself
];

mkdirSync(join(ROOT, 'static/icons'), { recursive: true });
for (const [file, size, mark, corner] of outputs) {
	const png = render(size, mark, corner);
	writeFileSync(join(ROOT, file), png);
	console.log(`${file}: ${size}x${size}, ${png.length} bytes`);
}
const svg = faviconSvg();
writeFileSync(join(ROOT, 'static/favicon.svg'), svg);
console.log(`static/favicon.svg: ${svg.length} bytes`);
