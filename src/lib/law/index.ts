/**
 * The profile's law texts (profiles/<municipio>/, each regime's `text`), parsed once, and the
 * helpers that turn the app's citations ('Art. 16 §2º') into anchors on /lei (`/lei#art16-p2`).
 * Only /lei and the server import this: the texts stay out of every other page's bundle.
 */
import { lawTexts } from '$lib/profile/data/law-texts';
import { profile } from '$lib/profile';
import { citationIdIn, indexProvisions, parseLaw } from './parse';
import type { Law, Provision } from './types';

export type {
	Law,
	LawArticle,
	LawErratum,
	LawInciso,
	LawItem,
	LawParagraph,
	Provision
} from './types';

/** Every law of the profile whose text is available, by law id (`lei-2059-2011`). */
export const laws: Readonly<Record<string, Law>> = Object.fromEntries(
	Object.entries(lawTexts).map(([id, text]) => [
		id,
		parseLaw(text, { id, notes: profile.laws.find((l) => l.id === id)?.errata ?? [] })
	])
);

const provisionsOf = new Map(Object.entries(laws).map(([id, law]) => [id, indexProvisions(law)]));

/** The newest law with a text: the one citations point at unless a law id is given. */
export const defaultLawId: string | null =
	[...profile.laws].reverse().find((l) => l.hasText)?.id ?? null;

function provisions(lawId: string | null) {
	return (lawId ? provisionsOf.get(lawId) : undefined) ?? new Map<string, Provision>();
}

/** The article, paragraph and inciso an anchor id points at ('art21-XVII'), or null. */
export function findProvision(id: string, lawId: string | null = defaultLawId): Provision | null {
	return provisions(lawId).get(id) ?? null;
}

/**
 * The anchor for a citation as the app writes it: 'Art. 16' → 'art16', 'Art. 16 §2º' → 'art16-p2',
 * 'Art. 21, XVII' → 'art21-XVII', 'Art. 8 parágrafo único' → 'art8-pu'. Null when the law has no
 * such provision (or no text), so a typo in a cite never becomes a dead link.
 */
export function citationId(cite: string, lawId: string | null = defaultLawId): string | null {
	return citationIdIn(provisions(lawId), cite);
}
