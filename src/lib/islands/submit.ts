/**
 * A form action posted from an island (rider pages load no framework client), as SvelteKit's `use:enhance` posts it,
 * without the framework's client runtime: the same request (the action's JSON protocol, so the
 * action itself is unchanged and the form still posts whole without JavaScript) and the same
 * result. The caller decides what each result means for its page.
 */
import { parse } from 'devalue';

type Data = Record<string, unknown> | undefined;

/** The form action's answer (SvelteKit's `ActionResult`), or `error` for anything else. */
export type SubmitResult =
	| { type: 'success'; status: number; data: Data }
	| { type: 'failure'; status: number; data: Data }
	| { type: 'redirect'; status: number; location: string }
	/** The action threw, the reply was not the action's (a proxy's page, a body refused), or the
	 * request never arrived (no `status` then): as `use:enhance`, all one case. */
	| { type: 'error'; status?: number; error: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The action's reply read as `use:enhance` reads it (`deserialize`): JSON whose `data` is a
 * devalue string. A reply that is not the action's JSON is an `error` carrying the HTTP status.
 * @example await resultOf(new Response('{"type":"redirect","status":303,"location":"/x"}'))
 * //=> { type: 'redirect', status: 303, location: '/x' }
 */
export async function resultOf(response: Response): Promise<SubmitResult> {
	let json: unknown;
	try {
		json = JSON.parse(await response.text());
	} catch (error) {
		return { type: 'error', status: response.status, error };
	}
	if (!isRecord(json)) return { type: 'error', status: response.status, error: json };
	const status = typeof json.status === 'number' ? json.status : response.status;
	switch (json.type) {
		case 'redirect':
			if (typeof json.location === 'string')
				return { type: 'redirect', status, location: json.location };
			break;
		case 'success':
		case 'failure': {
			let data: unknown;
			try {
				data = typeof json.data === 'string' ? parse(json.data) : undefined;
			} catch (error) {
				return { type: 'error', status: response.status, error };
			}
			return { type: json.type, status, data: isRecord(data) ? data : undefined };
		}
		case 'error':
			return { type: 'error', status: response.status, error: json.error };
	}
	return { type: 'error', status: response.status, error: json };
}

/**
 * Post `formData` to the form's action the way `use:enhance` does, and read the answer. Never
 * rejects: a request lost on the way (no signal, connection reset) is an `error` with no status.
 */
export function submitForm(
	form: HTMLFormElement,
	formData: FormData,
	send: typeof fetch = fetch
): Promise<SubmitResult> {
	// A field named "action" would shadow the attribute (sveltejs/kit#7593): read it from a bare clone.
	const action = (HTMLElement.prototype.cloneNode.call(form) as HTMLFormElement).action;
	return postAction(action, formData, form.enctype === 'multipart/form-data', send);
}

/** {@link submitForm}'s request and reading, given the action's URL and the form's encoding. */
export async function postAction(
	action: string,
	formData: FormData,
	multipart: boolean,
	send: typeof fetch = fetch
): Promise<SubmitResult> {
	const headers: Record<string, string> = {
		accept: 'application/json',
		'x-sveltekit-action': 'true'
	};
	if (!multipart) headers['content-type'] = 'application/x-www-form-urlencoded';
	let response: Response;
	try {
		response = await send(action, {
			method: 'POST',
			headers,
			cache: 'no-store',
			// The browser writes a multipart body's own content type (with its boundary).
			body: multipart
				? formData
				: new URLSearchParams([...formData].map(([k, v]) => [k, String(v)]))
		});
	} catch (error) {
		return { type: 'error', error };
	}
	return resultOf(response);
}
