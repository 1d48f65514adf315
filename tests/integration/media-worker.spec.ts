/**
 * Hostile photos against the built server (issue 32): three 5 MB photos of RST markers posted to
 * /reclamar get the form back with a 4xx that says, in the rider's language, that a photo could
 * not be read — with the typed words kept — while /healthz keeps answering; a camera-shaped photo
 * is taken. The photo checks run in the media worker, bundled into the build
 * (scripts/build/media-worker-plugin.js): this is the test that it ships. Timings and memory are
 * the bench's (scripts/bench/bench-media.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
	RIDER_WORDS,
	cameraShapedJpeg,
	complaintForm,
	postForm,
	rstFloodJpeg
} from './hostile-media';
import { PROXY, ensureBuilt, rider, startServer, stopServer, type Server } from './server-harness';

let dir: string;
let server: Server;
beforeAll(async () => {
	ensureBuilt();
	dir = mkdtempSync(join(tmpdir(), 'garupa-media-'));
	server = await startServer(`file:${join(dir, 'media.db')}`, {
		...PROXY,
		// As `npm start` sets it (scripts/cli/start-env.js): three 5 MB photos and the fields.
		BODY_SIZE_LIMIT: '17M'
	});
}, 300_000);
afterAll(async () => {
	if (server) await stopServer(server);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

const hostile = rstFloodJpeg();

test(
	'three hostile photos: a 400 saying a photo could not be read (pt-BR, es, en), words kept; /healthz answers meanwhile',
	{ timeout: 120_000 },
	async () => {
		const said = {
			'': 'Não conseguimos ler uma das fotos',
			'/es': 'No pudimos leer una de las fotos',
			'/en': 'We could not read one of the photos'
		};
		for (const [prefix, words] of Object.entries(said)) {
			const posting = postForm(
				server.url,
				`${prefix}/reclamar`,
				complaintForm([hostile, hostile, hostile]),
				rider()
			);
			const health = await fetch(`${server.url}/healthz`);
			expect(health.status).toBe(200);
			const answer = await posting;
			expect(answer.status).toBe(400);
			const html = await answer.text();
			expect(html).toContain(words);
			expect(html).toContain(RIDER_WORDS);
		}
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
		expect(server.output()).not.toMatch(/\n\s+at /);
	}
);

test(
	'a camera-shaped photo (Exif, thumbnail, JPGn, 4 MB of scan) is taken',
	{ timeout: 60_000 },
	async () => {
		const answer = await postForm(
			server.url,
			'/reclamar',
			complaintForm([cameraShapedJpeg()]),
			rider()
		);
		expect(answer.status).toBe(303);
		expect(answer.headers.get('location')).toMatch(/\/reclamacoes\//);
	}
);
