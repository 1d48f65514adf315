import { json } from '@sveltejs/kit';
import { parseComplaint } from '$lib/domain/complaint';
import { m } from '$lib/paraglide/messages';
import { apiLocale, type ApiLocale } from '$lib/server/api';
import { complaintContext, createComplaint } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { complaintsRateLimiter } from '$lib/server/rate-limit';
import type { RequestHandler } from './$types';

/** A complaint is a few fields and up to 2,000 characters of text; photos go by the form. */
const MAX_BODY_BYTES = 64 * 1024;
/** How much of an oversized body is read (and dropped) so the 413 reaches the client. */
const DRAIN_BYTES = 1024 * 1024;
/** draft-ietf-httpapi-idempotency-key-header leaves the syntax to us: a UUID fits, so does a ULID. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;
/** A field no person sees (hidden by CSS in the form); bots fill it in. */
const HONEYPOT = 'website';

/**
 * POST /api/complaints — files a complaint (JSON, see `parseComplaint`) with an `Idempotency-Key`
 * header; 201 with `{ protocol, token, status, offenses, statusUrl }`, the same 201 and body again
 * for a retry with the same key and body. Errors, checked in this order so that nothing is read
 * or stored for a request that will be refused: 429 (+ Retry-After), 400 key, 415, 413, 400 JSON,
 * 422 fields, 422 `idempotency_conflict`, 409 `in_progress` (+ Retry-After).
 *
 * No CORS: the app posts from its own origin, and a cross-origin JSON POST needs a preflight
 * this route does not answer.
 */
export const POST: RequestHandler = async ({ request, getClientAddress }) => {
	const locale = apiLocale(request);

	// By the address adapter-node reports: behind a proxy, set ADDRESS_HEADER and XFF_DEPTH.
	const limited = await complaintsRateLimiter().hit(getClientAddress());
	if (!limited.ok) {
		const minutes = Math.ceil(limited.retryAfterSeconds / 60);
		return refuse(429, 'rate_limited', m.api_complaint_rate_limited({ minutes }, { locale }), {
			headers: { 'retry-after': String(limited.retryAfterSeconds) }
		});
	}

	const key = request.headers.get('idempotency-key');
	if (key === null || !IDEMPOTENCY_KEY.test(key))
		return refuse(400, 'invalid_idempotency_key', m.api_complaint_key_missing({}, { locale }));

	const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
	if (type !== 'application/json')
		return refuse(415, 'unsupported_media_type', m.api_complaint_media_type({}, { locale }));

	const bytes = await readLimited(request, MAX_BODY_BYTES);
	if (bytes === null) return refuse(413, 'too_large', m.api_complaint_too_large({}, { locale }));

	let input: unknown;
	try {
		input = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
	} catch {
		return refuse(400, 'malformed_json', m.api_complaint_malformed({}, { locale }));
	}

	if (isRecord(input) && HONEYPOT in input) {
		const { [HONEYPOT]: trap, ...rest } = input;
		// Said like any refusal, so a bot learns nothing; nothing is stored.
		if (trap !== '' && trap !== null && trap !== undefined)
			return refuse(422, 'invalid', m.api_complaint_invalid({}, { locale }));
		input = rest;
	}

	const now = new Date();
	const parsed = parseComplaint(input, complaintContext(now));
	if (!parsed.ok) {
		const fields = Object.fromEntries(
			Object.entries(parsed.errors).map(([field, k]) => [field, fieldMessage(k, locale)])
		);
		return refuse(422, 'invalid', m.api_complaint_invalid({}, { locale }), { fields });
	}

	const result = await createComplaint(db(), { idempotencyKey: key, body: parsed.value, now });
	switch (result.kind) {
		case 'created':
		case 'replayed':
			return json(result.response, { status: 201, headers: { 'cache-control': 'no-store' } });
		case 'conflict':
			return refuse(422, 'idempotency_conflict', m.api_complaint_conflict({}, { locale }));
		case 'in_progress':
			return refuse(409, 'in_progress', m.api_complaint_in_progress({}, { locale }), {
				headers: { 'retry-after': '1' }
			});
	}
};

/** `{"error": {"code","message","fields"?}}` as api.ts writes it, without CORS (same origin only). */
function refuse(
	status: number,
	code: string,
	message: string,
	extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {}
): Response {
	return json(
		{ error: extra.fields ? { code, message, fields: extra.fields } : { code, message } },
		{ status, headers: { 'cache-control': 'no-store', ...extra.headers } }
	);
}

/**
 * The body, or null once it passes `limit` bytes: by Content-Length up front, and by counting
 * while reading, since a chunked body declares no length (and a declared one may lie).
 */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
	if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
	if (!request.body) return new Uint8Array(0);
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > limit) {
			// Read and drop the rest (up to a bound) before answering, so the client reads its 413
			// instead of a connection reset; past the bound, cut it off.
			while (size <= DRAIN_BYTES) {
				const next = await reader.read();
				if (next.done) return null;
				size += next.value.byteLength;
			}
			await reader.cancel();
			return null;
		}
		chunks.push(value);
	}
	const body = new Uint8Array(size);
	let at = 0;
	for (const chunk of chunks) {
		body.set(chunk, at);
		at += chunk.byteLength;
	}
	return body;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Message = (inputs: Record<string, never>, options: { locale: ApiLocale }) => string;
const isMessage = (value: unknown): value is Message => typeof value === 'function';

/** A validation message key (`complaint_error_*`) in the caller's language. */
function fieldMessage(key: string, locale: ApiLocale): string {
	const message: unknown = Reflect.get(m, key);
	return isMessage(message)
		? message({}, { locale })
		: m.api_complaint_field_invalid({}, { locale });
}
