import type { Handle, HandleServerError } from '@sveltejs/kit';
import { paraglideMiddleware } from '$lib/paraglide/server';

/** Locale from the URL (pt-BR at the root, /es/…, /en/…); `<html lang>` follows it. */
export const handle: Handle = ({ event, resolve }) =>
	paraglideMiddleware(event.request, ({ request, locale }) => {
		event.request = request;
		return resolve(event, {
			transformPageChunk: ({ html }) => html.replace('%paraglide.lang%', locale)
		});
	});

/** Never leak internals (or personal data) in an error: log the stack, answer with a code. */
export const handleError: HandleServerError = ({ error, status }) => {
	if (status !== 404) console.error(error);
	return {
		message: status === 404 ? 'Página não encontrada' : 'Erro interno',
		code: String(status)
	};
};
