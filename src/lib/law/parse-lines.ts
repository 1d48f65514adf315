/** The parser's pieces: the printed forms it recognizes, Roman numerals, joined lines, drafts. */
import type { LawArticle, LawInciso } from './types';

// The printer's "‐" (U+2010) marks a word split across lines ("seguin‐/te"); "-" and "–" are text.
export const SOFT_HYPHEN_END = '\u2010';

export const TITLE = /^LEI\s+N[º°]/u;
export const CHAPTER = /^CAP[ÍI]TULO\s+([IVXLC]+)$/iu;
export const SECTION = /^SE[ÇC][ÃA]O\s+([IVXLC]+)$/iu;
// A heading inside an article, in capitals alone on its line: the gravities of a list (`GRAVES`).
export const HEADING = /^[\p{Lu}][\p{Lu} ]+$/u;
export const ARTICLE = /^Art\.\s*(\d+)\s*º?\s*(.*)$/u;
export const SOLE_PARAGRAPH = /^Parágrafo\s+único\s*[.:]\s*(.*)$/iu;
export const PARAGRAPH = /^§\s*(\d+)\s*º\s*(.*)$/u;
// Dashes vary in print: "I – ", "I - ", "IX -não", "VIII– cobrar".
export const INCISO = /^([IVXLC]+)\s*[–‐-]\s*(.*)$/u;
export const ALINEA = /^([a-z])\)\s*(.*)$/u;
export const LAW_BODY = /^LEI:$/u;
// "<Cidade>-RO, 25 de Julho de 2011." or "Gabinete do Prefeito, 05 de abril de 2018" — where the
// signature block starts.
export const PLACE_AND_DATE = /^[^§]+,\s*\d{1,2}\s+de\s+\p{L}+\s+de\s+\d{4}\.?$/u;

const ROMAN: [number, string][] = [
	[1000, 'M'],
	[900, 'CM'],
	[500, 'D'],
	[400, 'CD'],
	[100, 'C'],
	[90, 'XC'],
	[50, 'L'],
	[40, 'XL'],
	[10, 'X'],
	[9, 'IX'],
	[5, 'V'],
	[4, 'IV'],
	[1, 'I']
];

export function toRoman(n: number): string {
	let rest = n;
	let out = '';
	for (const [value, digits] of ROMAN) {
		while (rest >= value) {
			out += digits;
			rest -= value;
		}
	}
	return out;
}

/** Joins hard-wrapped lines: one space, or nothing after the printer's hyphenation mark. */
export function joinLines(lines: readonly string[]): string {
	let out = '';
	for (const raw of lines) {
		const line = raw.trim();
		if (!line) continue;
		if (!out) out = line;
		else if (out.endsWith(SOFT_HYPHEN_END)) out = out.slice(0, -1) + line;
		else out += ' ' + line;
	}
	return out;
}

export interface ItemDraft {
	letter: string;
	lines: string[];
}
export interface IncisoDraft {
	id: string;
	numeral: string;
	lines: string[];
	items: ItemDraft[];
	heading?: string;
}
export interface ParagraphDraft {
	id: string;
	label: string;
	lines: string[];
	incisos: IncisoDraft[];
}
export interface ArticleDraft {
	number: number;
	chapter: string;
	section?: string;
	caput: string[];
	incisos: IncisoDraft[];
	paragraphs: ParagraphDraft[];
}

// Ordinal up to nine, cardinal from ten on, as printed (LC 95/1998, art. 10, I).
export const articleLabel = (n: number) => (n <= 9 ? `Art. ${n}º` : `Art. ${n}`);

export const finishInciso = (d: IncisoDraft): LawInciso => {
	const inciso: LawInciso = { id: d.id, numeral: d.numeral, text: joinLines(d.lines) };
	if (d.heading) inciso.heading = d.heading;
	if (d.items.length > 0)
		inciso.items = d.items.map((i) => ({ letter: i.letter, text: joinLines(i.lines) }));
	return inciso;
};

export const finishArticle = (d: ArticleDraft): LawArticle => ({
	id: `art${d.number}`,
	number: d.number,
	label: articleLabel(d.number),
	caput: joinLines(d.caput),
	incisos: d.incisos.map(finishInciso),
	paragraphs: d.paragraphs.map((p) => ({
		id: p.id,
		label: p.label,
		text: joinLines(p.lines),
		incisos: p.incisos.map(finishInciso)
	})),
	chapter: d.chapter,
	...(d.section ? { section: d.section } : {})
});

/** All the text of an article, for checks that look at the article as a whole. */
export const articleTexts = (a: LawArticle): string[] => {
	const incisos = (list: LawInciso[]) =>
		list.flatMap((i) => [i.text, ...(i.items ?? []).map((item) => item.text)]);
	return [
		a.caput,
		...incisos(a.incisos),
		...a.paragraphs.flatMap((p) => [p.text, ...incisos(p.incisos)])
	];
};

export const count = (s: string, ch: string) => s.split(ch).length - 1;
