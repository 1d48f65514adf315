/**
 * The server's log lines as a developer reads them at a terminal (`npm start`, `node build`): the
 * start-up and job messages as short text, and of the requests only those that went wrong (4xx,
 * 5xx) — one line per request would bury the start-up summary within minutes. JSON stays what the
 * server writes anywhere else (journald, a file, a pipe): log.ts decides by `process.stdout.isTTY`,
 * scripts/cli/start.js by its own terminal. Plain JavaScript, so that scripts/cli/start.js can import it
 * without a build.
 */

/** @typedef {{ time?: unknown; level?: unknown; msg?: unknown; [field: string]: unknown }} LogEntry */

/** @param {unknown} time */
function clock(time) {
	const at = typeof time === 'string' ? new Date(time) : new Date();
	return Number.isNaN(at.getTime())
		? '--:--:--'
		: at.toLocaleTimeString('pt-BR', { hour12: false });
}

/**
 * One short line for a log entry, or null when a terminal need not show it (a request answered
 * without error).
 * @param {LogEntry} entry
 * @returns {string | null}
 * @example textLine({ time, level: 'info', msg: 'request', route: '/(rider)', status: 200 }) //=> null
 * @example textLine({ time, level: 'warn', msg: 'request', method: 'POST', route: '/(rider)/reclamar', status: 400, error: 'bad_request', durationMs: 3.2 }) //=> '14:07:01 aviso POST /(rider)/reclamar → 400 bad_request (3 ms)'
 */
export function textLine(entry) {
	const level = entry.level === 'error' ? 'ERRO' : entry.level === 'warn' ? 'aviso' : '';
	const head = `${clock(entry.time)}${level ? ` ${level}` : ''}`;
	if (entry.msg === 'request') {
		if (entry.level !== 'warn' && entry.level !== 'error') return null;
		const code = typeof entry.error === 'string' ? ` ${entry.error}` : '';
		const took =
			typeof entry.durationMs === 'number' ? ` (${Math.round(entry.durationMs)} ms)` : '';
		return `${head} ${entry.method ?? ''} ${entry.route ?? '(sem rota)'} → ${entry.status}${code}${took}`;
	}
	const detail = typeof entry.error === 'string' ? `: ${entry.error}` : '';
	const stack = typeof entry.stack === 'string' ? `\n${entry.stack}` : '';
	return `${head} ${String(entry.msg ?? '')}${detail}${stack}`;
}

/**
 * A line of the server's output as a terminal shows it: a JSON log line through `textLine`,
 * anything else (adapter-node's own words) as it is.
 * @param {string} line
 * @returns {string | null}
 */
export function terminalLine(line) {
	if (!line.startsWith('{')) return line;
	/** @type {unknown} */
	let entry;
	try {
		entry = JSON.parse(line);
	} catch {
		return line;
	}
	return entry !== null && typeof entry === 'object'
		? textLine(/** @type {LogEntry} */ (entry))
		: line;
}
