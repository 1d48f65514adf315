import { get } from 'node:https';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTileStandIn, tilePng } from './tile-stand-in.js';

type StandIn = NonNullable<Awaited<ReturnType<typeof startTileStandIn>>>;

/** GET over https from the stand-in (its certificate is self-signed, made for this run). */
const fetchTile = (port: number, path: string) =>
	new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
		get({ host: '127.0.0.1', port, path, rejectUnauthorized: false }, (res) => {
			const parts: Buffer[] = [];
			res.on('data', (d: Buffer) => parts.push(d));
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					type: String(res.headers['content-type'] ?? ''),
					body: Buffer.concat(parts)
				})
			);
		}).on('error', reject);
	});

describe('the bench’s stand-in for the tile server (scripts/bench/tile-stand-in.js)', () => {
	let standIn: StandIn | null = null;
	beforeAll(async () => {
		standIn = await startTileStandIn('tile.openstreetmap.org');
	});
	afterAll(async () => {
		await standIn?.close();
	});

	test('starts (openssl makes its certificate) and tells Chromium to reach it by the tile server’s name', () => {
		expect(standIn).not.toBeNull();
		expect(standIn?.chromeFlags).toEqual([
			`--host-resolver-rules=MAP tile.openstreetmap.org 127.0.0.1:${standIn?.port}`,
			'--ignore-certificate-errors'
		]);
	});

	test('answers /{z}/{x}/{y}.png with a 256×256 PNG the size of a small town’s tile', async () => {
		const tile = await fetchTile(standIn!.port, '/13/2689/4364.png');
		expect(tile.status).toBe(200);
		expect(tile.type).toBe('image/png');
		const png = PNG.sync.read(tile.body);
		expect([png.width, png.height]).toEqual([256, 256]);
		// OpenStreetMap's tiles of a small town weigh roughly 5–30 KB.
		expect(tile.body.length).toBeGreaterThan(5_000);
		expect(tile.body.length).toBeLessThan(30_000);
	});

	test('any other path is a 404', async () => {
		expect((await fetchTile(standIn!.port, '/')).status).toBe(404);
		expect((await fetchTile(standIn!.port, '/13/x/1.png')).status).toBe(404);
	});

	test('tiles are deterministic, and differ from one another', () => {
		expect(tilePng(13, 1, 2).equals(tilePng(13, 1, 2))).toBe(true);
		expect(tilePng(13, 1, 2).equals(tilePng(13, 1, 3))).toBe(false);
	});
});
