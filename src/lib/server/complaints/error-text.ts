/**
 * A complaint's error keys (`complaint_error_*`, from the shared schema and the photo and audio
 * checks) in the caller's words: the /reclamar form and POST /api/complaints say them alike.
 */
import { m } from '$lib/paraglide/messages';
import type { locales } from '$lib/paraglide/runtime';

type Message = (
	inputs: Record<string, never>,
	options: { locale: (typeof locales)[number] }
) => string;

/** The message `key` names, in `locale`; `fallback` when no message has that key. */
export function complaintErrorText(
	key: string,
	locale: (typeof locales)[number],
	fallback: Message
): string {
	const message: unknown = Reflect.get(m, key);
	return (typeof message === 'function' ? (message as Message) : fallback)({}, { locale });
}
