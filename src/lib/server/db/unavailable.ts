/**
 * Whether an error means the database cannot answer now — the server is down or unreachable, the
 * database is gone, busy or broken — rather than a fault in the request or in our code. Such a
 * failure is temporary for the rider: the page says "temporarily unavailable" with a 503, and the
 * service worker answers from the phone's copy (src/lib/server/http/unavailable.ts).
 */

/** PostgreSQL SQLSTATE classes: connection exception, invalid authorization, insufficient
 * resources, operator intervention (shutdown, cannot connect now), system error. */
const PG_CLASSES = ['08', '28', '53', '57', '58'];
/** PostgreSQL: the database does not exist (dropped, or the URL names another). */
const PG_CODES = new Set(['3D000']);
/** A socket that cannot reach the server, or lost it. */
const NET_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EPIPE'
]);
/** SQLite: the file cannot be opened, read or written, or is locked by another process. */
const SQLITE_CODE = /^SQLITE_(?:BUSY|LOCKED|CANTOPEN|IOERR|FULL|CORRUPT|NOTADB|READONLY|PROTOCOL)/;
/** node-postgres says these without a code. */
const PG_MESSAGES =
	/Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

/**
 * @example databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) //=> true
 * @example databaseUnavailable(new TypeError("Cannot read properties of undefined")) //=> false
 */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
	if (typeof error !== 'object' || error === null || depth > 4) return false;
	const { code, message, cause, errors } = error as {
		code?: unknown;
		message?: unknown;
		cause?: unknown;
		errors?: unknown;
	};
	if (typeof code === 'string') {
		if (NET_CODES.has(code) || PG_CODES.has(code) || SQLITE_CODE.test(code)) return true;
		if (/^[0-9A-Z]{5}$/.test(code) && PG_CLASSES.includes(code.slice(0, 2))) return true;
	}
	if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
	// Node wraps a refused connection to every address of a host in an AggregateError.
	if (Array.isArray(errors) && errors.some((e) => databaseUnavailable(e, depth + 1))) return true;
	return databaseUnavailable(cause, depth + 1);
}
