/**
 * What one try's answer means for a complaint in the outbox (sent, wait and try later, a key
 * conflict, a refusal kept for the rider), and how long to wait after failed tries.
 */
import type { SubmitResult } from '$lib/islands/submit';

/** Why the server refused a complaint. */
export interface Refusal {
	/** The HTTP status. */
	status: number;
	/** The server's words, by field (`form`: the whole complaint), when the form action answered. */
	errors?: Record<string, string>;
}

/** Seconds to wait after `tries` failed tries in a row: 5, 10, 20… up to 10 minutes. */
export const backoffSeconds = (tries: number) => Math.min(5 * 2 ** Math.max(0, tries - 1), 600);

export type Outcome =
	| { kind: 'sent'; location: string }
	/** Try again later: `signal` (the request never arrived) or `server` (5xx, 429, 409). */
	| { kind: 'later'; why: 'signal' | 'server'; retryAfterSeconds?: number }
	/** The server holds this key for another complaint (this one was not stored). */
	| { kind: 'conflict' }
	| { kind: 'refused'; problem: Refusal };

const errorsOf = (
	data: Record<string, unknown> | undefined
): Record<string, string> | undefined => {
	const errors = data?.errors;
	if (typeof errors !== 'object' || errors === null) return undefined;
	const words = Object.entries(errors).filter(
		(e): e is [string, string] => typeof e[1] === 'string'
	);
	return words.length ? Object.fromEntries(words) : undefined;
};

/**
 * What one try's answer means for the complaint. A request that never arrived, and any answer
 * that is not the server's own (a captive portal's page with status 200), is "no signal"; a 5xx,
 * 408 or 429 is the server being unable now; a 409 is the same key still being stored. Any other
 * 4xx is a refusal — also one before the form action ran (a 403 for an address the server does not
 * answer for, 413 over the body limit, 415): it is the rider who must hear of it.
 * @example outcomeOf({ type: 'error', status: 403, error: null }) //=> { kind: 'refused', problem: { status: 403 } }
 */
export function outcomeOf(answer: SubmitResult): Outcome {
	if (answer.type === 'redirect') return { kind: 'sent', location: answer.location };
	const status = answer.status;
	if (status === undefined) return { kind: 'later', why: 'signal' };
	const data = answer.type === 'error' ? undefined : answer.data;
	if (data?.code === 'idempotency_conflict') return { kind: 'conflict' };
	if (status >= 500 || status === 429 || status === 408 || status === 409) {
		const retry = Number(data?.retryAfter);
		return {
			kind: 'later',
			why: 'server',
			...(Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : {})
		};
	}
	if (status >= 400) {
		const errors = errorsOf(data);
		return { kind: 'refused', problem: errors ? { status, errors } : { status } };
	}
	// A 2xx or 3xx that is not the action's answer: somebody else's page in the way.
	return { kind: 'later', why: 'signal' };
}
