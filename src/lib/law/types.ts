/** A law as structured data: articles, paragraphs, incisos, items, each with its /lei anchor. */
export interface LawItem {
	letter: string;
	text: string;
}

/** An inciso (I, II, …); `items` are its alíneas a), b), … (Art. 6º, V). */
export interface LawInciso {
	id: string;
	numeral: string;
	text: string;
	items?: LawItem[];
	/** A heading printed before this inciso inside the article (`GRAVES`). */
	heading?: string;
}

/** A paragraph: `label` is 'Parágrafo único' or '§ 1º'. */
export interface LawParagraph {
	id: string;
	label: string;
	text: string;
	incisos: LawInciso[];
}

export interface LawArticle {
	id: string;
	number: number;
	/** 'Art. 1º' … 'Art. 9º', then 'Art. 10' …, as printed (ordinal up to nine, LC 95/1998 art. 10, I). */
	label: string;
	caput: string;
	incisos: LawInciso[];
	paragraphs: LawParagraph[];
	/** e.g. 'CAPÍTULO V — DA TARIFA'. */
	chapter: string;
	/** e.g. 'Seção IV — Dos Veículos', where the law has sections. */
	section?: string;
}

export interface LawErratum {
	id: string;
	note: string;
}

export interface Law {
	/** The regime's id: `lei-2059-2011`. */
	id: string;
	title: string;
	ementa: string;
	preamble: string;
	articles: LawArticle[];
	/** Place, date, signature and publication data, one printed line per line. */
	closing: string;
	errata: LawErratum[];
}

/** What an anchor id points at. */
export interface Provision {
	article: LawArticle;
	paragraph?: LawParagraph;
	inciso?: LawInciso;
}

/** What the profile says of a law's text: its id, and notes no parser can derive. */
export interface LawSource {
	id: string;
	/** Editorial notes (how the text names the office, a conflict between articles…). */
	notes?: readonly LawErratum[];
}
