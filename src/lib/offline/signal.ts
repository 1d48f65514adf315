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
 * Browser only, no dependencies: the rider pages' scripts load it on their first visit; what only
 * a page that lost the signal or that the worker answered needs is in ./signal-later.ts.
 */

/** `unavailable`: the network works but the server answers 5xx (its database is down, say). */
export type Connection = 'online' | 'offline' | 'unavailable';

export { HOW_SERVED, SERVED, type KeptBecause } from './served';

/** The request that asks the server again while the page is not online: small, never cached. */
const PROBE = '/api/bandeira';
const PROBE_TIMEOUT_MS = 10_000;

let state: Connection = 'online';
/** A request of this page got its outcome: fresher than the worker's word about the page's load. */
let heard = false;
let started = false;
const listeners = new Set<() => void>();
/**
 * What only a page that lost the signal, or that the worker answered, needs (asking again later;
 * the worker's word): loaded then, not on every first visit (first-visit budgets).
 */
let later: Promise<typeof import('./signal-later')> | undefined;
function more(then: (m: typeof import('./signal-later')) => void): void {
	later ??= import('./signal-later');
	later.then(then, () => (later = undefined)); // not on this phone (offline, never kept): next time
}

function set(next: Connection): void {
	if (next !== state) {
		state = next;
		listeners.forEach((listener) => listener());
	}
	if (!started) return;
	if (next !== 'online') more((m) => m.askAgainLater(probe, connection));
	else
		void later?.then(
			(m) => m.stopAsking(),
			() => undefined
		);
}

/** Asks the server whether it answers now; the outcome is the new connection. */
function probe(): void {
	watch(fetch(PROBE, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })).catch(
		() => undefined
	);
}

function start(): void {
	if (started || typeof document === 'undefined') return;
	started = true;
	if (navigator.onLine === false) set('offline');
	addEventListener('offline', () => set('offline'));
	// A hint only: the phone says it has a network again, so ask the server whether it answers.
	addEventListener('online', () => state !== 'online' && probe());
	// Answered by the worker: it says whether it was from the phone's copy, and why.
	if (navigator.serviceWorker?.controller)
		more((m) =>
			m.askWorker((because) => {
				if (!heard) set(because === 'server' ? 'unavailable' : 'offline');
			})
		);
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

/** `fetch`, {@link watch}ed: for a page's posts (the form's, the outbox's), so they tell the notes. */
export const watchedFetch: typeof fetch = (input, init) => watch(fetch(input, init));
