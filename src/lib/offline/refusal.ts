/**
 * A complaint the server refused, in the rider's words, and what they can do about it: fix it
 * (the server said what is missing or wrong, or the photos are too large) or try again later and,
 * if it is refused again, go to the office. Shown on /reclamar's card and in "Minhas reclamações".
 */
import { m } from '$lib/paraglide/messages';
import type { Refusal } from './outbox-outcome';

/**
 * @example refusalWords({ status: 403 }, 'SEMAM').fix //=> false
 * @example refusalWords({ status: 400, errors: { situations: 'Escolha…' } }, 'SEMAM') //=> { text: 'Escolha…', fix: true }
 */
export function refusalWords(
	problem: Refusal | undefined,
	office: string
): { text: string; fix: boolean } {
	const words = Object.values(problem?.errors ?? {});
	// The form action's own words, each already in the rider's language.
	if (words.length) return { text: [...new Set(words)].join(' '), fix: true };
	if (problem?.status === 413) return { text: m.complaint_error_too_large(), fix: true };
	return {
		text: m.outbox_refused_status({ status: String(problem?.status ?? ''), office }),
		fix: false
	};
}
