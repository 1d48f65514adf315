/**
 * Whether this page reaches the server: the one answer that every note saying "offline" reads (the
 * banner, the kept copies of /tarifa and /lei, the scanner's "needs one connection", the clock note,
 * the outbox's "Guardada no celular", Minhas reclamações).
 *
 * `navigator.onLine` alone cannot say it. On "lie-fi" (a captive portal, one bar of signal at the
 * stand) the phone reports `true` while every request fails, and a browser may report `true` in a
 * page the service worker answered from the phone's copy because the network had failed. So the
 * answer follows what actually happened:
 *  - the service worker says whether it answered this page from the phone's copy, and why: the
 *    network failed, it was too slow, or the server answered 5xx (src/service-worker.ts);
 *  - the page's own requests to the server, sent through {@link watch}, say whether they got there;
 *  - `navigator.onLine === false` (and the `offline` event) only make the note appear sooner.
 * While not online the server is asked again now and then (a small GET of /api/bandeira, less often
 * as it goes on, and only while the page is visible), so the notes leave when the signal returns
 * even where no `online` event comes.
 *
 * Browser only, no dependencies: the rider pages' scripts load it on their first visit.
 */

/** `unavailable`: the network works but the server answers 5xx (its database is down, say). */
export type Connection = 'online' | 'offline' | 'unavailable';

/** Why the service worker answered a page from the phone's copy. */
export type KeptBecause = 'network' | 'timeout' | 'server';

/** The page asks the worker how it was answered: `{ type: HOW_SERVED }`… */
export const HOW_SERVED = 'garupa:how-served';
/** …and the worker replies `{ type: SERVED, because: KeptBecause | null }` (null: from the network). */
export const SERVED = 'garupa:served';

/** The request that asks the server again while the page is not online: small, never cached. */
const PROBE = '/api/bandeira';
/** Seconds before each new try while not online; the last repeats. */
const RETRY_SECONDS = [5, 10, 20, 40, 60];
const PROBE_TIMEOUT_MS = 10_000;

let state: Connection = 'online';
/** A request of this page got its outcome: fresher than the worker's word about the page's load. */
let heard = false;
let started = false;
let tries = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

function set(next: Connection): void {
	if (next === 'online') {
		clearTimeout(retry);
		retry = undefined;
		tries = 0;
	} else later();
	if (next === state) return;
	state = next;
	emit();
}

function later(): void {
	if (!started || retry !== undefined) return;
	const seconds = RETRY_SECONDS[Math.min(tries, RETRY_SECONDS.length - 1)] ?? 60;
	tries++;
	retry = setTimeout(() => {
		retry = undefined;
		// Hidden: nothing is asked until the rider looks again (visibilitychange below).
		if (document.visibilityState === 'visible') void probe();
	}, seconds * 1000);
}

async function probe(): Promise<void> {
	await watch(
		fetch(PROBE, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
	).catch(() => undefined);
}

function start(): void {
	if (started || typeof document === 'undefined') return;
	started = true;
	if (navigator.onLine === false) set('offline');
	addEventListener('offline', () => set('offline'));
	// A hint only: the phone says it has a network again, so ask the server whether it answers.
	addEventListener('online', () => state !== 'online' && void probe());
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'visible' && state !== 'online') void probe();
	});
	const worker = navigator.serviceWorker;
	if (!worker?.controller) return; // not answered by the worker: nothing kept to tell
	worker.addEventListener('message', (event: MessageEvent<unknown>) => {
		const data = event.data as { type?: unknown; because?: unknown } | null;
		if (data?.type !== SERVED) return;
		const because = data.because;
		if (because !== 'network' && because !== 'timeout' && because !== 'server') return;
		if (!heard) set(because === 'server' ? 'unavailable' : 'offline');
	});
	worker.startMessages();
	worker.controller.postMessage({ type: HOW_SERVED });
}

/** `online`, `offline` or `unavailable`, as last seen. */
export function connection(): Connection {
	start();
	return state;
}

/** The network fails (or the phone says it has none): the notes that say "no signal" show. */
export const isOffline = (): boolean => connection() === 'offline';

/**
 * Calls `listener` whenever the connection changes (not now).
 * Returns the function that stops it.
 */
export function onConnection(listener: () => void): () => void {
	start();
	listeners.add(listener);
	return () => listeners.delete(listener);
}

/**
 * A request to the server (never one a cache may answer), watched: failing on the way means
 * offline, a 5xx unavailable, any other answer online. Resolves and rejects as the request does.
 * A request the caller aborted says nothing about the connection.
 * @example const res = await watch(fetch('/api/bandeira', { cache: 'no-store' }));
 */
export async function watch(request: Promise<Response>): Promise<Response> {
	start();
	let response: Response;
	try {
		response = await request;
	} catch (error) {
		if (!(error instanceof DOMException && error.name === 'AbortError')) {
			heard = true;
			set('offline');
		}
		throw error;
	}
	heard = true;
	set(response.status >= 500 ? 'unavailable' : 'online');
	return response;
}
