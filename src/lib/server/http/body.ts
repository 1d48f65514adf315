/**
 * The one way a form action or an endpoint reads its request body. Whatever arrives — a wrong
 * Content-Type, a broken multipart or JSON body, a body over the route's limit (also one cut off
 * by adapter-node's BODY_SIZE_LIMIT), bytes that are not UTF-8 — becomes a 400, 413 or 415 with a
 * pt-BR message, never a 500.
 *
 * @example
 * const body = await readForm(request, { maxBytes: 64 * 1024 });
 * if (!body.ok) return fail(body.status, { message: body.message });
 * const email = text(body.value, 'email');
 */
import { error } from '@sveltejs/kit';

export type BodyCode = 'media_type' | 'malformed' | 'too_large';

export type BodyFailure = {
	ok: false;
	status: 400 | 413 | 415;
	code: BodyCode;
	message: string;
};
export type BodyResult<T> = { ok: true; value: T } | BodyFailure;

/** A staff form is a few fields: 64 KiB holds a long note many times over. */
export const FORM_BYTES = 64 * 1024;
/** A JSON API body. */
export const JSON_BYTES = 64 * 1024;

export const BODY_MESSAGES: Readonly<Record<BodyCode, string>> = {
	media_type: 'Formato de envio não aceito. Envie pelo formulário desta página.',
	malformed: 'O envio chegou incompleto ou corrompido. Tente de novo.',
	too_large: 'O envio é grande demais.'
};

const failure = (status: 400 | 413 | 415, code: BodyCode, message?: string): BodyFailure => ({
	ok: false,
	status,
	code,
	message: message ?? BODY_MESSAGES[code]
});

/** The media type of a request, lower-cased, without parameters ('' when absent). */
export function mediaType(request: Request): string {
	return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** A 413 from the adapter (BODY_SIZE_LIMIT) or from our own limit, told apart from a broken body. */
function isTooLarge(e: unknown): boolean {
	return (
		typeof e === 'object' &&
		e !== null &&
		(('status' in e && e.status === 413) ||
			('cause' in e && isTooLarge((e as { cause: unknown }).cause)))
	);
}

/**
 * The body's bytes, or a 413 once they pass `maxBytes`: by Content-Length up front, and by
 * counting while reading (a chunked body declares no length, and a declared one may lie).
 * Past the limit it stops reading and never cancels the body: cancelling destroys the connection
 * before the 413 is sent. What is left is the HTTP layer's (./node.ts): read and dropped, or the
 * connection closed after the answer.
 */
export async function readBytes(
	request: Request,
	maxBytes: number,
	tooLarge?: string
): Promise<BodyResult<Uint8Array<ArrayBuffer>>> {
	const declared = Number(request.headers.get('content-length') ?? 0);
	if (Number.isFinite(declared) && declared > maxBytes) return failure(413, 'too_large', tooLarge);
	if (!request.body) return { ok: true, value: new Uint8Array(0) };
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			if (size > maxBytes) {
				reader.releaseLock();
				return failure(413, 'too_large', tooLarge);
			}
			chunks.push(value);
		}
	} catch (e) {
		return isTooLarge(e) ? failure(413, 'too_large', tooLarge) : failure(400, 'malformed');
	}
	const body = new Uint8Array(size);
	let at = 0;
	for (const chunk of chunks) {
		body.set(chunk, at);
		at += chunk.byteLength;
	}
	return { ok: true, value: body };
}

export interface FormOptions {
	/** The most the body may weigh (default FORM_BYTES). */
	maxBytes?: number;
	/** The 413 message (default: "O envio é grande demais."). */
	tooLarge?: string;
}

/**
 * A form body (urlencoded or multipart) as FormData, or the 4xx that explains what is wrong.
 */
export async function readForm(
	request: Request,
	options: FormOptions = {}
): Promise<BodyResult<FormData>> {
	const type = mediaType(request);
	if (!FORM_TYPES.has(type)) return failure(415, 'media_type');
	const bytes = await readBytes(request, options.maxBytes ?? FORM_BYTES, options.tooLarge);
	if (!bytes.ok) return bytes;
	try {
		const copy = new Request('http://local/', {
			method: 'POST',
			headers: { 'content-type': request.headers.get('content-type') ?? type },
			body: bytes.value
		});
		return { ok: true, value: await copy.formData() };
	} catch {
		return failure(400, 'malformed');
	}
}

/** A JSON body (`application/json`, UTF-8), or the 4xx that explains what is wrong. */
export async function readJson(
	request: Request,
	options: FormOptions = {}
): Promise<BodyResult<unknown>> {
	if (mediaType(request) !== 'application/json') return failure(415, 'media_type');
	const bytes = await readBytes(request, options.maxBytes ?? JSON_BYTES, options.tooLarge);
	if (!bytes.ok) return bytes;
	try {
		return {
			ok: true,
			value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.value)) as unknown
		};
	} catch {
		return failure(400, 'malformed');
	}
}

/**
 * `readForm` for an action whose page has no better place for the message: a wrong body becomes
 * the SvelteKit error (400/413/415, the message in pt-BR), shown by the page's +error.svelte.
 */
export async function formOrError(request: Request, options: FormOptions = {}): Promise<FormData> {
	const body = await readForm(request, options);
	if (!body.ok) error(body.status, { message: body.message, code: body.code });
	return body.value;
}

/** A text field of a form ('' for a missing field or a file). */
export function text(form: FormData, name: string): string {
	const value = form.get(name);
	return typeof value === 'string' ? value : '';
}
