import { profile } from '$lib/profile';

/**
 * Whether the profile holds the text of its law. Without it (Porto Velho: Lei 1.856/2009 is not
 * available), pages cite no article and show no requirement taken from Rolim de Moura's law —
 * nothing is invented.
 */
export const lawHasText = profile.laws.some((l) => l.hasText);
