import { json } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import {
	apiError,
	apiLocale,
	BODY_MESSAGES,
	mediaType,
	readForm,
	readJson,
	type BodyFailure
} from '$lib/server/http';
import { complaintErrorText, submit, MAX_AUDIO_BYTES } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { RequestHandler } from './$types';

/** A complaint is a few fields and up to 2,000 characters of text; photos go by the form. */
const MAX_BODY_BYTES = 64 * 1024;
/** The same, with one recording of up to 1 MB and the multipart framing. */
const MAX_MULTIPART_BYTES = MAX_BODY_BYTES + MAX_AUDIO_BYTES + 16 * 1024;
/** A field no person sees (hidden by CSS in the form); bots fill it in. */
const HONEYPOT = 'website';

/**
 * POST /api/complaints — files a complaint (JSON, see `parseComplaint`) with an `Idempotency-Key`
 * header; or, with a recording of the rider's voice, `multipart/form-data` with the same JSON as
 * the text part `complaint` and the recording as the file part `audio` (WebM, Ogg or MP4 audio,
 * checked by its bytes; up to 1 MB and 90 s). 201 with `{ protocol, token, status, offenses, statusUrl }`, the same 201 and body again
 * for a retry with the same key and body. Errors, checked in this order (by `submit`, the intake
 * the /reclamar form shares) so that nothing is read or stored for a request that will be
 * refused: 429 (+ Retry-After), 400 key, 415, 413, 400 JSON, 422 fields, 422
 * `idempotency_conflict`, 409 `in_progress` (+ Retry-After).
 *
 * No CORS: the app posts from its own origin, and a cross-origin JSON POST needs a preflight
 * this route does not answer.
 */
export const POST: RequestHandler = async ({ request, getClientAddress }) => {
	const locale = apiLocale(request);
	const outcome = await submit(db(), {
		// By the address adapter-node reports: behind a proxy, set ADDRESS_HEADER and XFF_DEPTH.
		client: getClientAddress(),
		idempotencyKey: request.headers.get('idempotency-key'),
		read: async () => {
			const body =
				mediaType(request) === 'multipart/form-data'
					? await readMultipart(request)
					: await readJson(request, { maxBytes: MAX_BODY_BYTES });
			if (!body.ok) return body;
			const audio: Uint8Array | undefined =
				'audio' in body ? (body.audio as Uint8Array | undefined) : undefined;
			if (!isRecord(body.value) || !(HONEYPOT in body.value))
				return { request: body.value, honeypot: undefined, audio };
			const { [HONEYPOT]: honeypot, ...rest } = body.value;
			return { request: rest, honeypot, audio };
		}
	});
	switch (outcome.kind) {
		case 'created':
		case 'replayed':
			return json(outcome.response, { status: 201, headers: { 'cache-control': 'no-store' } });
		case 'conflict':
			return refuse(422, 'idempotency_conflict', m.api_complaint_conflict({}, { locale }));
		case 'in_progress':
			return refuse(409, 'in_progress', m.api_complaint_in_progress({}, { locale }), {
				headers: { 'retry-after': '1' }
			});
		case 'invalid':
			switch (outcome.reason) {
				case 'rate_limited': {
					const seconds = outcome.retryAfterSeconds ?? 60;
					const minutes = Math.ceil(seconds / 60);
					return refuse(
						429,
						'rate_limited',
						m.api_complaint_rate_limited({ minutes }, { locale }),
						{
							headers: { 'retry-after': String(seconds) }
						}
					);
				}
				case 'key':
					return refuse(
						400,
						'invalid_idempotency_key',
						m.api_complaint_key_missing({}, { locale })
					);
				case 'body':
					return outcome.body?.code === 'media_type'
						? refuse(415, 'unsupported_media_type', m.api_complaint_media_type({}, { locale }))
						: outcome.body?.code === 'too_large'
							? refuse(
									413,
									'too_large',
									mediaType(request) === 'multipart/form-data'
										? m.api_complaint_multipart_too_large({}, { locale })
										: m.api_complaint_too_large({}, { locale })
								)
							: refuse(400, 'malformed_json', m.api_complaint_malformed({}, { locale }));
				case 'honeypot':
					// Said like any refusal, so a bot learns nothing; nothing is stored.
					return refuse(422, 'invalid', m.api_complaint_invalid({}, { locale }));
				case 'fields': {
					const fields = Object.fromEntries(
						Object.entries(outcome.errors ?? {}).map(([field, k]) => [
							field,
							complaintErrorText(k, locale, m.api_complaint_field_invalid)
						])
					);
					return refuse(422, 'invalid', m.api_complaint_invalid({}, { locale }), { fields });
				}
			}
	}
};

/** The API's error answer without CORS (same origin only). */
function refuse(
	status: number,
	code: string,
	message: string,
	extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {}
): Response {
	return apiError(status, code, message, extra.fields, { cors: false, headers: extra.headers });
}

/**
 * A multipart complaint: the JSON in the part `complaint` (text, or a file sent as JSON) and the
 * recording's bytes in the file part `audio`. A missing or unreadable `complaint` is a 400 like
 * broken JSON.
 */
async function readMultipart(
	request: Request
): Promise<{ ok: true; value: unknown; audio: Uint8Array | undefined } | BodyFailure> {
	const form = await readForm(request, { maxBytes: MAX_MULTIPART_BYTES });
	if (!form.ok) return form;
	const part = form.value.get('complaint');
	const text = typeof part === 'string' ? part : part ? await part.text() : null;
	const file = form.value.get('audio');
	const audio =
		typeof file === 'object' && file !== null && file.size > 0
			? new Uint8Array(await file.arrayBuffer())
			: undefined;
	try {
		if (text === null) throw new SyntaxError('no complaint part');
		return { ok: true, value: JSON.parse(text) as unknown, audio };
	} catch {
		return { ok: false, status: 400, code: 'malformed', message: BODY_MESSAGES.malformed };
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
