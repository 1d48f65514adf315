import { profile } from '$lib/profile';
import { brDateTime } from '$lib/domain/br';
import type { Sending } from '../sending.svelte';

/** The hint and, when there is one, the error of a field, for aria-describedby. */
export const describedBy = (id: string, error: string | undefined, hint = false) =>
	[hint ? `${id}-dica` : '', error ? `${id}-erro` : ''].filter(Boolean).join(' ') || undefined;

/** When a record was entered, in the municipality's time. */
export const when = (iso: string) => brDateTime(iso, profile.timeZone);

/**
 * What the panels get from the page to post a form: one post for the whole page, so a post in one
 * panel holds the buttons of the other until it comes back, as when it was a single page.
 */
export interface Posting {
	post: Sending;
}
