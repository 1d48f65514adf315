import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { qrPath, vehicleUrl, type QrPath } from './qr-cards';

/** The path drawn on a white bitmap, `scale` pixels per module, as an ImageData. */
function rasterize({ size, d }: QrPath, scale = 4): ImageData {
	const width = size * scale;
	const data = new Uint8ClampedArray(width * width * 4).fill(255);
	for (const [, x = '0', y = '0', run = '0'] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
		for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++)
			for (let px = Number(x) * scale; px < (Number(x) + Number(run)) * scale; px++)
				data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
	return { data, width, height: width, colorSpace: 'srgb' } as ImageData;
}

beforeAll(async () => {
	// The wasm from node_modules, not zxing's default CDN (no internet in tests).
	const wasm = readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
	await prepareZXingModule({
		overrides: {
			wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength)
		},
		fireImmediately: true
	});
});

describe('vehicleUrl', () => {
	const cases: [base: string, prefixo: string, url: string][] = [
		['https://garupa.example', '7', 'https://garupa.example/v/007'],
		['https://garupa.example/', '120', 'https://garupa.example/v/120'],
		['https://example.gov.br/garupa', '1234', 'https://example.gov.br/garupa/v/1234']
	];
	for (const [base, prefixo, url] of cases)
		test(`${base} + ${prefixo} → ${url}`, () => expect(vehicleUrl(base, prefixo)).toBe(url));
});

describe('qrPath', () => {
	test.each(['http://localhost:4175/v/007', 'https://garupa.rolimdemoura.ro.gov.br/v/1234'])(
		'decodes back to %s',
		async (url) => {
			const results = await readBarcodes(rasterize(qrPath(url)), { formats: ['QRCode'] });
			expect(results.map((r) => r.text)).toEqual([url]);
		}
	);

	test('keeps a 4-module quiet zone', () => {
		const { size, d } = qrPath('https://garupa.example/v/007');
		const coords = [...d.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((m) => m.slice(1).map(Number));
		expect(Math.min(...coords.map(([x = 0]) => x))).toBe(4);
		expect(Math.max(...coords.map(([x = 0, , run = 0]) => x + run))).toBe(size - 4);
	});
});
