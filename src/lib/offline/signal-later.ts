/**
 * The part of ./signal.ts that only some pages need, loaded when they do: asking the server again
 * while the page is not online, and asking the service worker whether it answered this page from the
 * phone's copy. (The islands' bundle is precached whole, lazy parts included: offline, this loads
 * from the phone.)
 */
import { HOW_SERVED, SERVED, type Connection, type KeptBecause } from './signal';

/** Seconds before each new try while not online; the last repeats. */
const RETRY_SECONDS = [5, 10, 20, 40, 60];

let tries = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let watching = false;

/**
 * Calls `probe` after a while (longer each time, only while the page is visible, and at once when
 * the rider looks again), until {@link stopAsking}.
 */
export function askAgainLater(probe: () => void, connection: () => Connection): void {
	if (!watching) {
		watching = true;
		document.addEventListener('visibilitychange', () => {
			if (document.visibilityState === 'visible' && connection() !== 'online') probe();
		});
	}
	if (timer !== undefined) return;
	const seconds = RETRY_SECONDS[Math.min(tries, RETRY_SECONDS.length - 1)] ?? 60;
	tries++;
	timer = setTimeout(() => {
		timer = undefined;
		if (document.visibilityState === 'visible') probe();
	}, seconds * 1000);
}

export function stopAsking(): void {
	clearTimeout(timer);
	timer = undefined;
	tries = 0;
}

/** Asks the worker that answered this page how it did; `kept` hears why, if from the phone's copy. */
export function askWorker(kept: (because: KeptBecause) => void): void {
	const worker = navigator.serviceWorker;
	if (!worker?.controller) return;
	worker.addEventListener('message', (event: MessageEvent<unknown>) => {
		const data = event.data as { type?: unknown; because?: unknown } | null;
		if (data?.type !== SERVED) return;
		const because = data.because;
		if (because === 'network' || because === 'timeout' || because === 'server') kept(because);
	});
	worker.startMessages();
	worker.controller.postMessage({ type: HOW_SERVED });
}
