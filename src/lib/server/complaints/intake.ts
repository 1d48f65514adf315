/**
 * The one complaint intake, for POST /api/complaints and the /reclamar form: rate limit, key,
 * body, honeypot and the schema, in that order, before anything is stored (./intake-write.ts).
 */
import { catalogAt } from '$lib/profile/offenses';
import type { Kysely } from 'kysely';
import { parseComplaint, type ComplaintContext } from '$lib/domain/complaint';
import type { OffenseCatalog } from '$lib/domain/offenses';
import { profile } from '$lib/profile';
import type { Database } from '$lib/server/db';
import { clientKey, type BodyFailure, complaintsRateLimiter, type Limiter } from '$lib/server/http';
import { IDEMPOTENCY_KEY } from './idempotency';
import { createComplaint } from './intake-write';
import { preparePhotosOffThread, prepareRecordingOffThread } from './media-pool';
import type { CreateResult } from './receipt';

type Db = Kysely<Database>;

/**
 * What `parseComplaint` needs at `now`: the municipality's zone and the situations of the offense
 * catalog in force now (`createComplaint` then judges the conduct by the catalog at its instant).
 */
export function complaintContext(now: Date): ComplaintContext {
	const catalog = catalogAt(now);
	let situations = situationSets.get(catalog);
	if (!situations) {
		situations = new Set(catalog.situations.map((s) => s.code));
		situationSets.set(catalog, situations);
	}
	return { now, timeZone: profile.timeZone, situations };
}

const situationSets = new WeakMap<OffenseCatalog, ReadonlySet<string>>();

/** What a door (the API, the form) read from its request, in the shape the schema validates. */
export interface SubmittedBody {
	/** The complaint request (JSON as sent, or the form's fields through `requestOf`). */
	request: unknown;
	/** The field no person sees; anything in it is a robot. */
	honeypot: unknown;
	/** Photo uploads (the form only). */
	photos?: readonly Uint8Array[];
	/** The recording's bytes (the form's and the multipart API's `audio`), as uploaded. */
	audio?: Uint8Array;
	/** The key, when it travels in the body (the form's hidden `chave`) rather than a header. */
	idempotencyKey?: string;
}

export type InvalidReason =
	/** Too many complaints from this address: `retryAfterSeconds`. */
	| 'rate_limited'
	/** The Idempotency-Key is missing or malformed. */
	| 'key'
	/** The body could not be read: `body` says why (413, 415, 400). */
	| 'body'
	/** The honeypot was filled in: told like any refusal, nothing stored. */
	| 'honeypot'
	/** Fields the schema (or the photo check) refused: `errors` by field, message keys. */
	| 'fields';

export type SubmitOutcome =
	| {
			kind: 'invalid';
			reason: InvalidReason;
			errors?: Record<string, string>;
			retryAfterSeconds?: number;
			body?: BodyFailure;
	  }
	| CreateResult;

export interface SubmitInput {
	/** The client's address, for the rate limit. */
	client: string;
	/** The `Idempotency-Key` header, checked before the body is read; `'body'`: it is in the body. */
	idempotencyKey: string | null | 'body';
	/** Reads the body — called only once the rate limit and the key have passed. */
	read: () => Promise<SubmittedBody | BodyFailure>;
	now?: Date;
	/** Default: `complaintsRateLimiter()`. */
	limiter?: Limiter;
}

/**
 * The one complaint intake, for `POST /api/complaints` and the /reclamar form alike: rate limit,
 * key, body, honeypot, the schema at `now` (the catalog in force), photos, then `createComplaint`.
 * Checked in that order, so nothing is read or stored for a request that will be refused. Each
 * door only says the outcome in its own way (a JSON error, the form back with its fields).
 * @example (await submit(db, { client, idempotencyKey: 'k1', read })).kind //=> 'created'
 */
export async function submit(db: Db, input: SubmitInput): Promise<SubmitOutcome> {
	const now = input.now ?? new Date();
	// IPv6 by /64: one client does not get 2^64 counters.
	const limited = await (input.limiter ?? complaintsRateLimiter()).hit(clientKey(input.client));
	if (!limited.ok)
		return {
			kind: 'invalid',
			reason: 'rate_limited',
			retryAfterSeconds: limited.retryAfterSeconds
		};
	const header = input.idempotencyKey;
	if (header !== 'body' && (header === null || !IDEMPOTENCY_KEY.test(header)))
		return { kind: 'invalid', reason: 'key' };
	const read = await input.read();
	if ('ok' in read) return { kind: 'invalid', reason: 'body', body: read };
	const key = header === 'body' ? (read.idempotencyKey ?? '') : header;
	if (!IDEMPOTENCY_KEY.test(key)) return { kind: 'invalid', reason: 'key' };
	const trap = read.honeypot;
	if (trap !== '' && trap !== null && trap !== undefined)
		return { kind: 'invalid', reason: 'honeypot' };
	// Both checked in the media worker (./media-pool.ts), off the thread that answers requests.
	const [audio, photos] = await Promise.all([
		read.audio?.length ? prepareRecordingOffThread(read.audio) : null,
		preparePhotosOffThread(read.photos ?? [])
	]);
	// A recording says what happened as well as typed words do ("outro" needs one or the other).
	const parsed = parseComplaint(read.request, {
		...complaintContext(now),
		recording: audio?.ok === true
	});
	const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
	if (!photos.ok) errors.fotos = `complaint_error_photo_${photos.reason}`;
	if (audio && !audio.ok) errors.audio = `complaint_error_audio_${audio.reason}`;
	if (!parsed.ok || !photos.ok || (audio && !audio.ok))
		return { kind: 'invalid', reason: 'fields', errors };
	return createComplaint(db, {
		idempotencyKey: key,
		body: parsed.value,
		photos: photos.photos,
		...(audio?.ok ? { recording: audio.recording } : {}),
		now
	});
}
