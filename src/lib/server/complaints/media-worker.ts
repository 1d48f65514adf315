/**
 * The photo and recording checks, run in a worker thread (./media-pool.ts): one job at a time,
 * bytes in, the outcome out. Only relative imports of pure modules, so that the build bundles it
 * into one script (scripts/build/media-worker-plugin.js).
 */
import { parentPort } from 'node:worker_threads';
import { prepareRecording } from './audio';
import { preparePhoto } from './photos';

export interface MediaJob {
	readonly id: number;
	readonly kind: 'photo' | 'audio';
	readonly bytes: Uint8Array;
}

export interface MediaDone {
	readonly id: number;
	readonly photo?: ReturnType<typeof preparePhoto>;
	readonly audio?: ReturnType<typeof prepareRecording>;
}

parentPort?.on('message', (job: MediaJob) => {
	if (job.kind === 'photo') {
		const photo = preparePhoto(job.bytes);
		const done: MediaDone = { id: job.id, photo };
		parentPort?.postMessage(done, photo.ok ? [photo.photo.bytes.buffer as ArrayBuffer] : []);
	} else {
		const done: MediaDone = { id: job.id, audio: prepareRecording(job.bytes) };
		parentPort?.postMessage(done);
	}
});
