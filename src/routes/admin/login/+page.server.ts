import { fail, redirect } from '@sveltejs/kit';
import { readForm } from '$lib/server/http';
import {
	signIn,
	safeReturn,
	COOKIE_OPTIONS,
	SESSION_COOKIE,
	DEVICE_COOKIE,
	DEVICE_COOKIE_OPTIONS
} from '$lib/server/auth';
import { db } from '$lib/server/db';
import type { Actions, PageServerLoad } from './$types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A plain HTML form, without the framework's client: "Entrar" tapped while the page's script was
 * still loading (a slow line) sent the form natively, and the client router, starting up under it,
 * cancelled that submission — the member stayed on this page without a word. The form never
 * needed JavaScript: the browser posts it and follows the redirect. (Staff caches are still
 * cleared after "Sair": the service worker does it when it sees the sign-out, src/service-worker.ts.)
 */
export const csr = false;

/** The one public page of `/admin`. A member already signed in goes straight in. */
export const load: PageServerLoad = ({ locals, url }) => {
	const volta = safeReturn(url.searchParams.get('volta'));
	if (locals.staff) redirect(303, volta);
	return { volta, ended: url.searchParams.get('saiu') === '1' };
};

export const actions = {
	default: async ({ request, cookies, getClientAddress, url, setHeaders }) => {
		const body = await readForm(request);
		if (!body.ok) return fail(body.status, { email: '', message: body.message });
		const form = body.value;
		const email = String(form.get('email') ?? '');
		const password = String(form.get('senha') ?? '');
		const volta = safeReturn(String(form.get('volta') ?? url.searchParams.get('volta') ?? ''));
		const result = await signIn(db(), {
			email,
			password,
			address: getClientAddress(),
			previousToken: cookies.get(SESSION_COOKIE),
			device: cookies.get(DEVICE_COOKIE),
			agent: request.headers.get('user-agent')
		});
		if (!result.ok) {
			// Slower with each failure (./lockout.ts): guessing gets expensive, a typo does not.
			if (result.delayMs > 0) await sleep(result.delayMs);
			if (result.retryAfterSeconds) setHeaders({ 'retry-after': String(result.retryAfterSeconds) });
			// Echo the e-mail (the member's own), never the password.
			return fail(result.status, { email: email.slice(0, 254), message: result.message });
		}
		cookies.set(SESSION_COOKIE, result.token, COOKIE_OPTIONS);
		// This browser signed in: its next sign-ins of this account go ahead of a flood (device.ts).
		cookies.set(DEVICE_COOKIE, result.device, DEVICE_COOKIE_OPTIONS);
		redirect(303, volta);
	}
} satisfies Actions;
