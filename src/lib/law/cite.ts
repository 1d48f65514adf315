const CITE_ARTICLE = /^art\.?\s*(\d+)(?:\s*[º°])?/iu;
const CITE_SEPARATOR = /^[\s,;-]+/u;
const CITE_END = '(?=$|[\\s,;.-])';
const CITE_SOLE = new RegExp(`^(?:par[áa]grafo\\s+[úu]nico|p\\.\\s*[úu]\\.|pu)${CITE_END}`, 'iu');
const CITE_PARAGRAPH = new RegExp(`^(?:§\\s*|p)(\\d+)(?:\\s*[º°])?${CITE_END}`, 'iu');
const CITE_INCISO = new RegExp(`^(?:inciso\\s+|inc\\.\\s*)?([IVXLC]+)${CITE_END}`, 'u');
// Alíneas have no anchor of their own: they are shown inside their inciso.
const CITE_ALINEA = /^(?:al[íi]nea\s+)?["“]?[a-z]["”]?\)?$/u;

/**
 * The /lei anchor a citation points at, by its form alone ('Art. 16 §2º' → 'art16-p2',
 * 'Art. 21, XVII' → 'art21-XVII', 'Art. 8 parágrafo único' → 'art8-pu'). Kept apart from the law
 * text so pages can link to it without shipping it; `citationId` in ./index also checks that the
 * provision exists.
 * @example anchorOf('Art. 16 §2º') //=> 'art16-p2'
 */
export function anchorOf(cite: string): string | null {
	let rest = cite.normalize('NFC').trim();
	const articleMatch = CITE_ARTICLE.exec(rest);
	if (!articleMatch) return null;
	let id = `art${Number(articleMatch[1])}`;
	rest = rest.slice(articleMatch[0].length).replace(CITE_SEPARATOR, '');

	const sole = CITE_SOLE.exec(rest);
	const paragraph = sole ? null : CITE_PARAGRAPH.exec(rest);
	if (sole) id += '-pu';
	else if (paragraph) id += `-p${Number(paragraph[1])}`;
	rest = rest.slice((sole ?? paragraph)?.[0].length ?? 0).replace(CITE_SEPARATOR, '');

	const inciso = CITE_INCISO.exec(rest);
	if (inciso) {
		id += `-${inciso[1]}`;
		rest = rest.slice(inciso[0].length).replace(CITE_SEPARATOR, '');
	}

	if (rest.length > 0 && !/^caput$/iu.test(rest) && !(inciso && CITE_ALINEA.test(rest))) {
		return null;
	}
	return id;
}
