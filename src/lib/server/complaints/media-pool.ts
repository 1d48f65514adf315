/**
 * The photo and recording checks off the main thread: one worker (./media-worker.ts), one job at a
 * time, a bounded queue, a time and memory cap per job. A request's photos can then never hold the
 * others (nor /healthz) up, whatever their bytes: the main thread only waits for an answer.
 *
 * A job that crashes the worker, runs out of its memory or past MEDIA_JOB_MS, or finds the queue
 * full, ends as `corrupt` ("we could not read one of the photos" / "could not play the
 * recording", a 4xx with the form's fields kept); the worker is then replaced for the next job.
 */
import { Worker } from 'node:worker_threads';
import workerCode from 'virtual:garupa-media-worker';
import type { AudioError, Recording } from './audio';
import type { MediaDone, MediaJob } from './media-worker';
import { MAX_PHOTOS, type Photo, type PhotoError, type PreparedPhotos } from './photos';

/** Per job (one photo or one recording); a real phone photo takes tens of milliseconds. */
export const MEDIA_JOB_MS = 10_000;
/** Jobs waiting beyond the running one: three requests' worth of photos and recordings. */
export const MAX_WAITING_JOBS = 12;
/** The worker's heap: its job (≤ 5 MB in, ≤ 5 MB out) with room to spare. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

type PhotoOutcome =
	{ ok: true; photo: Photo } | { ok: false; reason: Exclude<PhotoError, 'count'> };
type AudioOutcome = { ok: true; recording: Recording } | { ok: false; reason: AudioError };

interface Waiting {
	readonly id: number;
	readonly kind: MediaJob['kind'];
	readonly bytes: Uint8Array;
	readonly resolve: (done: MediaDone | null) => void;
}

let worker: Worker | null = null;
let running: { job: Waiting; timer: ReturnType<typeof setTimeout> } | null = null;
const queue: Waiting[] = [];
let nextId = 1;

/**
 * Checks and strips every photo in the worker; the first failure rejects them all, as
 * `preparePhotos` does.
 */
export async function preparePhotosOffThread(
	uploads: readonly Uint8Array[]
): Promise<PreparedPhotos> {
	if (uploads.length > MAX_PHOTOS) return { ok: false, reason: 'count' };
	const outcomes = await Promise.all(uploads.map((bytes) => preparePhotoOffThread(bytes)));
	const photos: Photo[] = [];
	for (const [index, one] of outcomes.entries()) {
		if (!one.ok) return { ok: false, reason: one.reason, index };
		photos.push(one.photo);
	}
	return { ok: true, photos };
}

export async function preparePhotoOffThread(bytes: Uint8Array): Promise<PhotoOutcome> {
	const done = await run('photo', bytes);
	return done?.photo ?? { ok: false, reason: 'corrupt' };
}

export async function prepareRecordingOffThread(bytes: Uint8Array): Promise<AudioOutcome> {
	const done = await run('audio', bytes);
	return done?.audio ?? { ok: false, reason: 'corrupt' };
}

/** How many jobs wait and run now (for tests and the bench). */
export function mediaJobsPending(): number {
	return queue.length + (running ? 1 : 0);
}

function run(kind: MediaJob['kind'], bytes: Uint8Array): Promise<MediaDone | null> {
	if (queue.length >= MAX_WAITING_JOBS) return Promise.resolve(null);
	return new Promise((resolve) => {
		queue.push({ id: nextId++, kind, bytes, resolve });
		pump();
	});
}

function pump(): void {
	if (running !== null) return;
	const job = queue.shift();
	if (job === undefined) return;
	const current = worker ?? start();
	const timer = setTimeout(() => replace(current), MEDIA_JOB_MS);
	running = { job, timer };
	// A copy of just these bytes (an upload may be a view into the whole request body), moved.
	const copy = job.bytes.slice();
	const message: MediaJob = { id: job.id, kind: job.kind, bytes: copy };
	current.postMessage(message, [copy.buffer]);
}

function start(): Worker {
	const started = new Worker(workerCode, {
		eval: true,
		resourceLimits: RESOURCE_LIMITS,
		stdout: false,
		stderr: false
	});
	started.on('message', (done: MediaDone) => {
		if (worker !== started || running?.job.id !== done.id) return;
		finish(done);
	});
	started.on('error', () => replace(started));
	started.on('exit', () => replace(started));
	// The worker alone does not keep the process alive (a running job's timer does): after the
	// listeners, which would take the reference back.
	started.unref();
	worker = started;
	return started;
}

function finish(done: MediaDone | null): void {
	const current = running;
	running = null;
	if (current) {
		clearTimeout(current.timer);
		current.job.resolve(done);
	}
	pump();
}

/** The worker failed (crash, out of memory, over time): its job fails, a new one takes the rest. */
function replace(failed: Worker): void {
	if (worker !== failed) return;
	worker = null;
	void failed.terminate();
	finish(null);
}
