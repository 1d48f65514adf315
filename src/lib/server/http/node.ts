/**
 * What Node's HTTP server does for every request before SvelteKit or the static files see it.
 * adapter-node serves `/_app/*`, the service worker and the manifest with sirv, before any hook
 * runs, and it hands a request's body to SvelteKit as a stream it pauses when nobody reads; both
 * are below `handle`, so this layer sits where they are: on Node's own `http.server.request.start`
 * diagnostics channel, published for each request just before the server's 'request' event.
 * Subscribed once at start-up (hooks.server.ts `init`), it runs under `node build` however that is
 * started (systemd, `npm start`, the tests) and needs no server of our own.
 *
 * - **Headers**: the security headers of ./headers.ts on every answer, static files included; an
 *   answer that is not a page and not a script (the manifest, icons, JSON) also gets a CSP that
 *   lets it run and load nothing, should it be opened as a document. Scripts get none: the CSP of
 *   the service worker's script would govern the worker itself (its fetches of map tiles).
 * - **Bodies nobody read**: an early answer (403 CSRF, 401, 405, 415, 429, a missing key, a 413)
 *   leaves the request's body paused on the connection, and the next request on that keep-alive
 *   connection is never read (the client sees a reset 5 s later, often on a valid request).
 *   When the answer's headers are written and the body is not all in yet: a body declared at most
 *   DRAIN_BYTES is read to its end and dropped, keeping the connection; any other (larger, or of
 *   unknown length) gets `Connection: close`, and after the answer the server stops writing, keeps
 *   reading and dropping what the client still sends, and closes once the client does — so the
 *   client reads its answer (the 413 too) instead of a reset (a "lingering close").
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { NOT_A_PAGE_CSP, securityHeaders } from './headers';

/** A body at most this long is read to its end after an early answer; the connection stays. */
export const DRAIN_BYTES = 1024 * 1024;
/** After a `Connection: close` answer, how long the client may keep sending before the close. */
export const LINGER_MS = 5000;

/** What becomes of a body not read to its end when the answer starts. */
export type BodyPlan = 'none' | 'drain' | 'close';

/**
 * The plan for `req`'s body, decided when the answer's headers are written.
 * @example bodyPlan({ complete: false, headers: { 'content-length': '300000' } }) //=> 'drain'
 */
export function bodyPlan(req: Pick<IncomingMessage, 'complete' | 'headers'>): BodyPlan {
	if (req.complete) return 'none';
	const chunked = req.headers['transfer-encoding'] !== undefined;
	const length = Number(req.headers['content-length'] ?? 0);
	if (!chunked && length === 0) return 'none';
	return !chunked && Number.isFinite(length) && length <= DRAIN_BYTES ? 'drain' : 'close';
}

/** Stops whoever was reading `req` (SvelteKit's body stream) and drops the rest as it arrives. */
function dropBody(req: IncomingMessage): void {
	req.removeAllListeners('data');
	req.on('data', () => {});
	req.resume();
}

/**
 * Node ends a `Connection: close` answer with `socket.destroySoon()`: FIN, then destroy as soon as
 * the answer is written. Bytes the client had already sent then meet a closed socket, whose reset
 * can reach the client before it reads the answer. Here the socket stays open for reading (the
 * body flows on into `dropBody`) until the client closes its side or LINGER_MS pass; then it is
 * destroyed. (No 'data' listener on the socket: Node's server reads it through the parser, and a
 * listener would switch that off.)
 */
function lingerOnClose(socket: Socket): void {
	const own = socket as Socket & { destroySoon?: () => void };
	if (typeof own.destroySoon !== 'function') return;
	own.destroySoon = () => {
		if (!socket.writableEnded) socket.end();
		const timer = setTimeout(() => socket.destroy(), LINGER_MS);
		timer.unref();
		socket.once('end', () => socket.destroy());
		socket.once('close', () => clearTimeout(timer));
	};
}

/**
 * Calls `listener` right before `res` writes its headers (as the `on-headers` package does), with
 * the status and the content type the answer is about to declare (sirv passes its headers to
 * `writeHead`).
 */
function beforeHeaders(
	res: ServerResponse,
	listener: (status: number, contentType: string) => void
): void {
	const writeHead = res.writeHead;
	let called = false;
	res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
		if (!called) {
			called = true;
			const given = args.find(
				(a): a is Record<string, unknown> =>
					typeof a === 'object' && a !== null && !Array.isArray(a)
			);
			const type =
				given?.['Content-Type'] ?? given?.['content-type'] ?? res.getHeader('content-type');
			const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
			listener(status, typeof type === 'string' ? type : '');
		}
		return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
	} as ServerResponse['writeHead'];
}

/** Sets up one request: the headers, and the plan for a body left unread. */
export function onRequest(req: IncomingMessage, res: ServerResponse, socket: Socket): void {
	const url = new URL(req.url ?? '/', 'http://local');
	for (const [name, value] of Object.entries(securityHeaders(url))) res.setHeader(name, value);
	let plan: BodyPlan = 'none';
	beforeHeaders(res, (status, contentType) => {
		// Pages set their own CSP (SvelteKit's, with the hashes of their inline scripts). A 304 has
		// no body, hence no type, and the browser lays its headers over the copy it kept: a CSP
		// here would turn a kept page into one that may load nothing.
		if (
			status !== 304 &&
			!res.hasHeader('content-security-policy') &&
			!/html|javascript/i.test(contentType)
		)
			res.setHeader('content-security-policy', NOT_A_PAGE_CSP);
		plan = bodyPlan(req);
		if (plan === 'close') {
			res.setHeader('connection', 'close');
			lingerOnClose(socket);
		}
	});
	// Registered before Node's own 'finish' listener, which would otherwise leave a paused body
	// on the connection (it only drains a body nobody ever listened to).
	res.once('finish', () => {
		if (plan !== 'none' && !req.complete) dropBody(req);
	});
}

let installed = false;

/** Subscribes the layer to Node's HTTP server, once per process. */
export function installNodeLayer(): void {
	if (installed) return;
	installed = true;
	subscribe('http.server.request.start', (message) => {
		const { request, response, socket } = message as {
			request: IncomingMessage;
			response: ServerResponse;
			socket: Socket;
		};
		try {
			onRequest(request, response, socket);
		} catch {
			// A subscriber's throw would end the process; the request goes on without the layer.
		}
	});
}
