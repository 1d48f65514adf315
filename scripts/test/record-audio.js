#!/usr/bin/env node
// Records audio with Chromium's MediaRecorder (the fake microphone: a beep) and writes the bytes,
// as a rider's phone would upload them. It made src/lib/server/complaints/fixtures/chromium-3s.{webm,mp4}
// and measures what a recording weighs at a bitrate (the upload limit is 1 MB, src/lib/server/complaints/audio).
//
// Usage: node scripts/test/record-audio.js <seconds> <bits per second | default> <mime> <out>
//   node scripts/test/record-audio.js 3 24000 'audio/webm;codecs=opus' src/lib/server/complaints/fixtures/chromium-3s.webm
//   node scripts/test/record-audio.js 3 24000 audio/mp4 src/lib/server/complaints/fixtures/chromium-3s.mp4
//   node scripts/test/record-audio.js 1 40000 video/webm src/lib/server/complaints/fixtures/chromium-video-1s.webm
// A video/… type records the fake camera too (the bitrate is then for both), as a video that
// the server's check must refuse. It prints which recording types Chromium supports, then what it wrote.
// Chromium is /usr/bin/chromium (CHROMIUM to change it). The page is served by Playwright's router
// on http://localhost/ because getUserMedia needs a secure context (about:blank is not one).

import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const TYPES = [
	'audio/webm',
	'audio/webm;codecs=opus',
	'audio/webm;codecs=pcm',
	'audio/ogg',
	'audio/ogg;codecs=opus',
	'audio/mp4',
	'audio/mp4;codecs=opus',
	'audio/mp4;codecs=mp4a.40.2',
	'video/webm',
	'video/mp4'
];

const [seconds, bitrate, mimeType, out] = process.argv.slice(2);
if (!seconds || !bitrate || !mimeType || !out) {
	console.error('usage: node scripts/test/record-audio.js <seconds> <bps|default> <mime> <out>');
	process.exit(2);
}

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']
});
try {
	const context = await browser.newContext({ permissions: ['microphone'] });
	const page = await context.newPage();
	await page.route('http://localhost/record', (route) =>
		route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>record</title>' })
	);
	await page.goto('http://localhost/record');
	const supported = await page.evaluate(
		(types) => types.filter((t) => MediaRecorder.isTypeSupported(t)),
		TYPES
	);
	console.log(`supported: ${supported.join(', ')}`);
	const result = await page.evaluate(
		async ({ ms, bps, mime }) => {
			const video = mime.startsWith('video/');
			const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video });
			const recorder = new MediaRecorder(stream, {
				mimeType: mime,
				...(bps === 'default'
					? {}
					: video
						? { bitsPerSecond: Number(bps) }
						: { audioBitsPerSecond: Number(bps) })
			});
			/** @type {Blob[]} */
			const chunks = [];
			recorder.ondataavailable = (event) => chunks.push(event.data);
			const stopped = new Promise((resolve) => (recorder.onstop = resolve));
			// A chunk a second, as a page that keeps the recording in IndexedDB as it goes.
			recorder.start(1000);
			await new Promise((resolve) => setTimeout(resolve, ms));
			recorder.stop();
			await stopped;
			for (const track of stream.getTracks()) track.stop();
			const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
			let binary = '';
			for (let i = 0; i < bytes.length; i += 0x8000)
				binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
			return { mime: recorder.mimeType, bps: recorder.audioBitsPerSecond, base64: btoa(binary) };
		},
		{ ms: Number(seconds) * 1000, bps: bitrate, mime: mimeType }
	);
	const bytes = Buffer.from(result.base64, 'base64');
	writeFileSync(out, bytes);
	console.log(`${result.mime}, ${result.bps} bit/s: ${bytes.length} bytes → ${out}`);
} finally {
	await browser.close();
}
