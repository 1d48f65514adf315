#!/usr/bin/env node
/**
 * The server as `npm start` runs it (scripts/cli/start.js): `node build` (adapter-node), bound to
 * the `npm start` process that started it. When that process ends — Ctrl+C, `kill`, a closed
 * terminal, even `kill -9`, which no handler can catch — the IPC channel to it closes, and the
 * server shuts down as on SIGTERM (adapter-node's graceful shutdown: the requests in flight end,
 * the database closes). Without it, killing `npm start` alone left the server holding the port.
 * Run without a parent channel (by hand), it is plain `node build`.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

if (process.channel) {
	process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
	// The channel only watches the parent: it must not keep the process alive once the server
	// has shut down.
	process.channel.unref();
}

await import(pathToFileURL(join(process.cwd(), 'build', 'index.js')).href);
