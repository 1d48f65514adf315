import type { Handle, HandleServerError, ServerInit } from '@sveltejs/kit';
import { sequence } from '@sveltejs/kit/hooks';
import { building } from '$app/environment';
import { m } from '$lib/paraglide/messages';
import { paraglideMiddleware } from '$lib/paraglide/server';
import { handleAdmin } from '$lib/server/auth';
import {
	compress,
	handleAddress,
	warnProxyOnce,
	handleHeaders,
	handleUnavailable,
	markIfUnavailable,
	handleOrigin,
	installNodeLayer
} from '$lib/server/http';
import { config, handleLog, log, logError } from '$lib/server/runtime';
import { closeDb, db, holdInstanceLock, RESTORE_RUNNING } from '$lib/server/db';
import { scheduleContactErasure } from '$lib/server/complaints';
import { profileStartupErrors, initDatabase } from '$lib/server/app';

/** Create and migrate the database, and load the sample registry when it is empty (not while
 * building: the build machine needs no database). */
export const init: ServerInit = async () => {
	if (building) return;
	// Below SvelteKit: headers on static files, and bodies left unread by an early answer.
	installNodeLayer();
	// GARUPA_MUNICIPIO names the profile: unknown, invalid or not the one built in → no start.
	const problems = profileStartupErrors(config.municipio);
	if (problems.length > 0) {
		process.stderr.write(`${problems.join('\n')}\n`);
		process.exit(1);
	}
	// Behind a proxy (ADDRESS_HEADER): say once what the setup must guarantee.
	warnProxyOnce();
	// While this process runs, `npm run restore` refuses to replace its database; during a
	// restore, this process does not start.
	const releaseInstanceLock = await holdInstanceLock(config.database, (error) =>
		log('error', 'trava de instância perdida (conexão com o PostgreSQL caiu)', {
			error: String(error)
		})
	).catch((error: unknown) => {
		if (!(error instanceof Error && error.message === RESTORE_RUNNING)) throw error;
		process.stderr.write(`${RESTORE_RUNNING}\n`);
		process.exit(1);
	});
	await initDatabase();
	// LGPD: riders' contacts erased hourly once their retention after close ends (lgpd.ts).
	const stopErasure = scheduleContactErasure(db, config.contactRetentionDays);
	// SIGTERM/SIGINT: adapter-node stops accepting, waits for the requests in flight (at most
	// SHUTDOWN_TIMEOUT seconds, 30 by default), then emits this; with the database closed nothing
	// holds the event loop and the process exits 0.
	process.once('sveltekit:shutdown', (reason: string) => {
		stopErasure();
		void Promise.all([closeDb(), releaseInstanceLock()]).then(
			() => log('info', 'encerrado', { reason }),
			(error: unknown) => log('error', 'falha ao fechar o banco', { reason, error: String(error) })
		);
	});
};

/** Locale from the URL (pt-BR at the root, /es/…, /en/…); `<html lang>` follows it. */
const handleLocale: Handle = async ({ event, resolve }) => {
	const original = event.request;
	// The JSON APIs (ours and Open311) speak the caller's Accept-Language themselves and have no
	// localized URLs: skip the middleware's request copy (a measurable share of each complaint POST).
	const { pathname } = event.url;
	if (
		pathname.startsWith('/api/') ||
		pathname.startsWith('/open311/') ||
		pathname === '/healthz' ||
		pathname === '/readyz'
	)
		return compress(original, await resolve(event));
	const response = await paraglideMiddleware(original, ({ request, locale }) => {
		event.request = request;
		return resolve(event, {
			transformPageChunk: ({ html }) => html.replace('%paraglide.lang%', locale)
		});
	});
	return compress(original, response);
};

/** `/admin` first: the session and the access check come before anything else runs. */
// Headers (nosniff, Referrer-Policy, Permissions-Policy) on every answer, the hook's own too.
// Cross-site form posts are refused before any of them is read (origin.ts: the origins trusted are
// a run-time setting, so SvelteKit's own check, fixed at build time, is off in svelte.config.js).
export const handle: Handle = sequence(
	handleLog,
	handleUnavailable,
	handleAddress,
	handleHeaders,
	handleOrigin,
	handleAdmin,
	handleLocale
);

/** Never leak internals (or personal data) in an error: a 4xx is logged as one line with its code,
 * a 5xx with its stack (src/lib/server/runtime/log.ts); the answer carries only a message and a code. */
export const handleError: HandleServerError = ({ error, event, status }) => {
	logError(event, error, status);
	// The database down: 503 "temporarily unavailable", in the page's language (handleUnavailable).
	if (status === 500 && markIfUnavailable(event, error))
		return { message: m.service_unavailable_heading(), code: '503' };
	const message =
		status === 404
			? 'Página não encontrada'
			: status === 413
				? 'Envio grande demais'
				: status < 500
					? 'Pedido inválido'
					: 'Erro interno';
	return { message, code: String(status) };
};
