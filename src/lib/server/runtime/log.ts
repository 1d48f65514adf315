/**
 * The server's log: one JSON object a line on stdout (stderr for errors), for journald or any
 * collector. A request is one line — time, level, request id, route id, status, duration — and
 * never carries personal data: no address, no query string, no body, no header but the request id
 * the proxy sent (or a new one). The route id is the route's pattern (`/reclamacoes/[protocol]`),
 * never the path a rider typed.
 *
 * Errors (a log must help without leaking): a 4xx is that same single line with an error code and no stack; a 5xx
 * adds a line with the stack, which is how a developer finds the bug.
 *
 * At a terminal (`node build` on a developer's machine) the lines are short text instead, and a
 * request answered without error is not shown (./log-text.js): JSON is for journald and files.
 */
import { randomUUID } from 'node:crypto';
import { isHttpError, isRedirect, type Handle, type RequestEvent } from '@sveltejs/kit';
import { textLine } from './log-text.js';

export type Level = 'info' | 'warn' | 'error';

export interface RequestLine {
	requestId: string;
	route: string | null;
	method: string;
	status: number;
	durationMs: number;
	/** For a 4xx/5xx raised by the framework or an uncaught error: a short code, never a message. */
	error?: string;
}

/** Writes one line. `fields` must hold no personal data. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
	const entry = { time: new Date().toISOString(), level, msg, ...fields };
	const line = process.stdout.isTTY ? textLine(entry) : JSON.stringify(entry);
	if (line === null) return;
	if (level === 'error') console.error(line);
	else console.log(line);
}

/**
 * A request id a proxy may pass on (`X-Request-Id`): 1–64 letters, digits, `.`, `_` or `-`,
 * starting with a letter or a digit (a UUID is one). Anything else — a name, an e-mail, markup, a
 * line break, a header of 10 KB — is never logged: the request gets a new id instead.
 */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The id a request is logged under: the `X-Request-Id` sent when well formed, else a new UUID.
 * @example requestIdFrom('abc-123') //=> 'abc-123'
 * @example requestIdFrom('maria@example.com') // a new UUID
 */
export function requestIdFrom(sent: string | null): string {
	return sent !== null && REQUEST_ID.test(sent) ? sent : randomUUID();
}

const ids = new WeakMap<RequestEvent, string>();
const codes = new WeakMap<RequestEvent, string>();

/** The id this request is logged under (also sent back as `X-Request-Id`). */
export function requestId(event: RequestEvent): string {
	let id = ids.get(event);
	if (id === undefined) {
		id = requestIdFrom(event.request.headers.get('x-request-id'));
		ids.set(event, id);
	}
	return id;
}

/** The short code a framework error status is logged with. */
export function errorCode(status: number): string {
	const known: Record<number, string> = {
		400: 'bad_request',
		403: 'forbidden',
		404: 'not_found',
		405: 'method_not_allowed',
		413: 'payload_too_large',
		415: 'unsupported_media_type'
	};
	return known[status] ?? (status >= 500 ? 'internal_error' : `http_${status}`);
}

/**
 * For `handleError`: a 4xx only marks the request, whose line then carries the code (no stack, no
 * message: messages can quote what the client sent); a 5xx logs its stack now, with the request id.
 */
export function logError(event: RequestEvent, error: unknown, status: number): string {
	const code = errorCode(status);
	codes.set(event, code);
	if (status >= 500) {
		const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
		log('error', 'erro interno', {
			requestId: requestId(event),
			route: event.route.id,
			status,
			stack
		});
	}
	return code;
}

/** The first hook: times the request and writes its line once the response is ready. */
export const handleLog: Handle = async ({ event, resolve }) => {
	const started = performance.now();
	const id = requestId(event);
	let status = 500;
	try {
		const response = await resolve(event);
		status = response.status;
		try {
			response.headers.set('x-request-id', id);
		} catch {
			// Immutable headers (a fetched response passed through): the log line still has the id.
		}
		return response;
	} catch (thrown) {
		// A later hook may throw redirect() or error(): SvelteKit answers with that status, and so
		// does this line (a thrown redirect is not a server fault).
		if (isRedirect(thrown) || isHttpError(thrown)) status = thrown.status;
		throw thrown;
	} finally {
		const line: RequestLine = {
			requestId: id,
			route: event.route.id,
			method: event.request.method,
			status,
			durationMs: Math.round((performance.now() - started) * 10) / 10
		};
		const code = codes.get(event);
		if (code !== undefined) line.error = code;
		log(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', 'request', { ...line });
	}
};
