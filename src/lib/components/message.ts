import { m } from '$lib/paraglide/messages';

type Messages = Record<string, ((inputs?: Record<string, never>) => string) | undefined>;

/** A message by its key (error keys travel as data: from the schema, the server, the outbox). */
export function messageOf(key: string): string {
	return (
		(m as unknown as Messages)[key]?.() ??
		(m as unknown as Messages)['complaint_error_value']?.() ??
		key
	);
}
