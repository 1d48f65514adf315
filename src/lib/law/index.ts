/**
 * Lei nº 2.059/2011 (Rolim de Moura, RO), parsed once from the published text, and the helpers
 * that turn the app's citations ('Art. 16 §2º') into anchors on /lei (`/lei#art16-p2`).
 */
import text from './lei-2059-2011.txt?raw';
import { citationIdIn, indexProvisions, parseLaw, type Law, type Provision } from './parse';

export type {
	Law,
	LawArticle,
	LawErratum,
	LawInciso,
	LawItem,
	LawParagraph,
	Provision
} from './parse';

export const lei2059: Law = parseLaw(text);

const provisions = indexProvisions(lei2059);

/** The article, paragraph and inciso an anchor id points at ('art21-XVII'), or null. */
export function findProvision(id: string): Provision | null {
	return provisions.get(id) ?? null;
}

/**
 * The anchor for a citation as the app writes it: 'Art. 16' → 'art16', 'Art. 16 §2º' → 'art16-p2',
 * 'Art. 21, XVII' → 'art21-XVII', 'Art. 8 parágrafo único' → 'art8-pu'. Null when the law has no
 * such provision, so a typo in a cite never becomes a dead link.
 */
export function citationId(cite: string): string | null {
	return citationIdIn(provisions, cite);
}
