/**
 * A stand-in for the map's tile server, for the bench on a machine without internet: an HTTPS
 * server on 127.0.0.1 that answers every `/{z}/{x}/{y}.png` with a map-like PNG tile (a pale
 * ground, streets and blocks, about the size of an OpenStreetMap tile of a small town), with the
 * headers tile.openstreetmap.org sends. Chromium reaches it under the tile server's own name
 * (`--host-resolver-rules`, `--ignore-certificate-errors`), so the page runs exactly as in
 * production — same TILE_URL, same CSP — and Lighthouse measures /pontos with its tiles loading
 * instead of failing.
 *
 * The certificate is self-signed, made by `openssl` for this run; without `openssl` the bench
 * goes on without the stand-in (and says so).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

/** A deterministic 256×256 tile: ground, blocks, a grid of streets with edges, a little noise. */
export function tilePng(z, x, y) {
	const png = new PNG({ width: 256, height: 256 });
	let seed = (z * 73856093) ^ (x * 19349663) ^ (y * 83492791);
	const random = () => {
		seed = (seed * 1103515245 + 12345) & 0x7fffffff;
		return seed / 0x7fffffff;
	};
	const streetsX = [0, 1, 2, 3].map((i) => Math.floor(i * 64 + random() * 30));
	const streetsY = [0, 1, 2, 3].map((i) => Math.floor(i * 64 + random() * 30));
	const near = (v, list, width) => list.some((s) => v >= s && v < s + width);
	for (let py = 0; py < 256; py++) {
		for (let px = 0; px < 256; px++) {
			const i = (py * 256 + px) * 4;
			let rgb = [242, 239, 233]; // OpenStreetMap's ground
			if ((Math.floor(px / 32) + Math.floor(py / 32)) % 5 === 0) rgb = [224, 223, 223]; // blocks
			if ((px * 7 + py * 13) % 97 < 3) rgb = [205, 235, 176]; // green
			const street = near(px, streetsX, 6) || near(py, streetsY, 6);
			const edge = near(px, streetsX, 8) || near(py, streetsY, 8);
			if (edge && !street) rgb = [200, 196, 190];
			if (street) rgb = [255, 255, 255];
			// Buildings' outlines and labels give real tiles their detail: some, not everywhere.
			const noise = (px >> 4) % 4 === 0 && (py >> 4) % 6 === 0 ? Math.floor(random() * 12) : 0;
			png.data[i] = rgb[0] - noise;
			png.data[i + 1] = rgb[1] - noise;
			png.data[i + 2] = rgb[2] - noise;
			png.data[i + 3] = 255;
		}
	}
	return PNG.sync.write(png, { colorType: 2 });
}

/** Starts the stand-in; resolves to its port, the Chromium flags that route `host` to it, and `close`. */
export async function startTileStandIn(host) {
	const dir = mkdtempSync(join(tmpdir(), 'garupa-tiles-'));
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-days',
				'1',
				'-subj',
				`/CN=${host}`,
				'-keyout',
				join(dir, 'key.pem'),
				'-out',
				join(dir, 'cert.pem')
			],
			{ stdio: 'ignore' }
		);
	} catch {
		rmSync(dir, { recursive: true, force: true });
		return null;
	}
	const key = readFileSync(join(dir, 'key.pem'));
	const cert = readFileSync(join(dir, 'cert.pem'));
	rmSync(dir, { recursive: true, force: true });
	const cache = new Map();
	const server = createServer({ key, cert }, (req, res) => {
		const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
		if (!match) {
			res.writeHead(404).end();
			return;
		}
		const id = match.slice(1, 4).join('/');
		let body = cache.get(id);
		if (!body) cache.set(id, (body = tilePng(...match.slice(1, 4).map(Number))));
		res.writeHead(200, {
			'content-type': 'image/png',
			'content-length': body.length,
			'cache-control': 'max-age=86400, stale-while-revalidate=604800, stale-if-error=604800',
			'access-control-allow-origin': '*'
		});
		res.end(body);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		port,
		chromeFlags: [
			`--host-resolver-rules=MAP ${host} 127.0.0.1:${port}`,
			'--ignore-certificate-errors'
		],
		close: () => new Promise((resolve) => server.close(resolve))
	};
}
