/**
 * The signed card read from a photo: a synthetic camera frame at 640×480 (what browsers give with
 * no resolution asked) and at 1920×1080 (what the scanner now asks for), the card's code taking the
 * same share of the picture (a 70 mm code about a metre away: 3 and 9 px a module), with sensor
 * noise. Decoded by zxing (the scanner's first-use decoder, here in Node) from the PNG, then the
 * signature verified with WebCrypto (src/lib/domain/card.ts). Prints the medians; run by
 * `npm run bench`; alone: `npx tsx scripts/bench/bench-card.ts`.
 */
import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { checkCard } from '../../src/lib/domain/card';
import { cardLink, cardQr, signedCardDigits } from '../../src/lib/server/registry';
import { profile } from '../../src/lib/profile';

const RUNS = Number(process.env.BENCH_CARD_RUNS ?? 15);
const key = createPrivateKey(readFileSync('tests/fixtures/card-key.sample.pem'));
const digits = signedCardDigits(
	{
		ibge: profile.ibge,
		kid: 1,
		prefixo: '7',
		placa: 'NDJ8041',
		validUntil: '2028-02-07',
		issuedOn: '2026-12-07',
		serial: 10007
	},
	key
);
const link = cardLink('https://garupa.example', '7');
const qr = cardQr(link, digits);

/** A grey frame with the code centred at `px` pixels a module, and ±12 of noise. */
function photo(width: number, height: number, px: number): Uint8Array {
	const png = new PNG({ width, height });
	const side = (qr.modules + 8) * px;
	const x0 = Math.floor((width - side) / 2);
	const y0 = Math.floor((height - side) / 2);
	let seed = 7;
	const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 25) - 12;
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const mx = Math.floor((x - x0) / px) - 4;
			const my = Math.floor((y - y0) / px) - 4;
			const inside = x >= x0 && y >= y0 && x < x0 + side && y < y0 + side;
			const dark =
				inside && mx >= 0 && my >= 0 && mx < qr.modules && my < qr.modules && qr.dark(mx, my);
			const base = !inside ? 150 : dark ? 40 : 215;
			const v = Math.max(0, Math.min(255, base + noise()));
			const i = (y * width + x) * 4;
			png.data[i] = png.data[i + 1] = png.data[i + 2] = v;
			png.data[i + 3] = 255;
		}
	return new Uint8Array(PNG.sync.write(png));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function measure(width: number, height: number, px: number) {
	const image = photo(width, height, px);
	const decode: number[] = [];
	const verify: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		const t0 = performance.now();
		const [found] = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true });
		const t1 = performance.now();
		const text = found?.text ?? '';
		if (!text.startsWith(link)) throw new Error(`${width}px: the card was not read`);
		const check = await checkCard(
			text.slice(link.length),
			profile.ibge,
			profile.cardKeys,
			'2026-12-07'
		);
		const t2 = performance.now();
		if (check.kind !== 'valid') throw new Error(`${width}px: ${check.kind}`);
		decode.push(t1 - t0);
		verify.push(t2 - t1);
	}
	return { decodeMs: median(decode), verifyMs: median(verify) };
}

const wasm = readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
await prepareZXingModule({
	overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
	fireImmediately: true
});
const at640 = await measure(640, 480, 3);
const at1920 = await measure(1920, 1080, 9);
const f = (n: number) => n.toFixed(1);
console.log(
	`Card QR: version ${qr.version}, ${qr.modules} modules, ${digits.length} digits, link ${link.length} characters`
);
console.log(
	`640×480 (3 px a module): decode ${f(at640.decodeMs)} ms, verify ${f(at640.verifyMs)} ms (median of ${RUNS})`
);
console.log(
	`1920×1080 (9 px a module): decode ${f(at1920.decodeMs)} ms, verify ${f(at1920.verifyMs)} ms (median of ${RUNS})`
);
console.log(
	JSON.stringify({
		qrVersion: qr.version,
		decode640Ms: Number(f(at640.decodeMs)),
		verify640Ms: Number(f(at640.verifyMs)),
		decode1920Ms: Number(f(at1920.decodeMs)),
		verify1920Ms: Number(f(at1920.verifyMs))
	})
);
