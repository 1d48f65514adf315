/**
 * A municipal law's published text as structured data, so every `cite` in the app can link to the
 * exact provision on /lei (`/lei#art16-p2`).
 *
 * Pure: text in, data out. The same code runs on the server, in the browser, offline and in tests.
 *
 * Texts come hard-wrapped at a page's width (a Diário Oficial) or one paragraph per line (an HTML
 * export). Wording, spelling and punctuation are kept as published; the few printing errors that
 * matter for links are corrected in the ids only where the numbering requires it, and every such
 * decision is listed in `errata`, after the profile's own notes on the text (which need knowledge
 * of the municipality no parser has).
 */
import { anchorOf } from './cite';
import type { Law, LawErratum, LawSource, Provision } from './types';
import {
	ALINEA,
	ARTICLE,
	CHAPTER,
	HEADING,
	INCISO,
	LAW_BODY,
	PARAGRAPH,
	PLACE_AND_DATE,
	SECTION,
	SOLE_PARAGRAPH,
	TITLE,
	articleLabel,
	articleTexts,
	count,
	finishArticle,
	joinLines,
	toRoman,
	type ArticleDraft,
	type IncisoDraft,
	type ItemDraft,
	type ParagraphDraft
} from './parse-lines';

export { joinLines, toRoman } from './parse-lines';

/**
 * Parses a law's published text. Throws when the structure is not the expected one (articles out
 * of order, an inciso numbering it cannot explain): a wrong anchor would send a rider to the wrong
 * rule, so it is better to fail in the tests.
 */
export function parseLaw(text: string, source: LawSource): Law {
	const lines = text
		.replace(/\r\n?/g, '\n')
		.split('\n')
		.map((l) => l.trim())
		.filter((l) => l.length > 0);

	let title = '';
	const ementa: string[] = [];
	const preamble: string[] = [];
	const closing: string[] = [];
	const errata: LawErratum[] = [];
	const drafts: ArticleDraft[] = [];

	type Phase = 'header' | 'ementa' | 'preamble' | 'body' | 'closing';
	let phase: Phase = 'header';
	let chapter = '';
	let section: string | undefined;
	let heading: string | undefined;
	let article: ArticleDraft | undefined;
	let inciso: IncisoDraft | undefined;
	// Where a continuation line goes: the last caput, paragraph, inciso or alínea opened.
	let sink: string[] = [];

	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? '';

		if (phase === 'header') {
			if (TITLE.test(line)) {
				title = line;
				phase = 'ementa';
			}
			continue;
		}
		if (phase === 'ementa') {
			ementa.push(line);
			// A quoted ementa runs to its closing quote; an unquoted one is its line.
			if (line.endsWith('”') || !/^[“"]/u.test(ementa[0] ?? '')) phase = 'preamble';
			continue;
		}
		if (phase === 'closing') {
			closing.push(line);
			continue;
		}

		const chapterMatch = CHAPTER.exec(line);
		if (chapterMatch) {
			// The chapter name is the next printed line.
			const name = lines[i + 1] ?? '';
			chapter = `CAPÍTULO ${chapterMatch[1]?.toUpperCase()} — ${name}`;
			section = undefined;
			i++;
			phase = 'body';
			continue;
		}

		const sectionMatch = SECTION.exec(line);
		if (sectionMatch) {
			section = `Seção ${sectionMatch[1]?.toUpperCase()} — ${lines[i + 1] ?? ''}`;
			i++;
			continue;
		}

		const articleMatch = ARTICLE.exec(line);
		// Only the next number opens an article: "Art. 37, caput" inside Art. 29 is a citation.
		if (articleMatch && Number(articleMatch[1]) === drafts.length + 1) {
			article = {
				number: drafts.length + 1,
				chapter,
				...(section ? { section } : {}),
				caput: [articleMatch[2] ?? ''],
				incisos: [],
				paragraphs: []
			};
			drafts.push(article);
			inciso = undefined;
			sink = article.caput;
			phase = 'body';
			continue;
		}

		if (phase === 'preamble') {
			if (!LAW_BODY.test(line)) preamble.push(line);
			continue;
		}
		if (!article) continue;

		if (PLACE_AND_DATE.test(line)) {
			closing.push(line);
			phase = 'closing';
			continue;
		}

		const sole = SOLE_PARAGRAPH.exec(line);
		const numbered = PARAGRAPH.exec(line);
		if (sole || numbered) {
			const paragraph: ParagraphDraft = sole
				? {
						id: `art${article.number}-pu`,
						label: 'Parágrafo único',
						lines: [sole[1] ?? ''],
						incisos: []
					}
				: {
						id: `art${article.number}-p${numbered?.[1]}`,
						label: `§ ${numbered?.[1]}º`,
						lines: [numbered?.[2] ?? ''],
						incisos: []
					};
			article.paragraphs.push(paragraph);
			inciso = undefined;
			sink = paragraph.lines;
			continue;
		}

		const incisoMatch = INCISO.exec(line);
		if (incisoMatch) {
			// Incisos after a paragraph belong to that paragraph (art16-p1-I).
			const parent = article.paragraphs.at(-1);
			const siblings = parent ? parent.incisos : article.incisos;
			const parentId = parent ? parent.id : `art${article.number}`;
			const printed = incisoMatch[1] ?? '';
			const expected = toRoman(siblings.length + 1);
			if (printed !== expected) {
				// A dropped leading "X" (Art. 21: "VIII" between XVII and XIX) is a misprint of the
				// expected numeral; anything else means the text is not what this parser knows.
				if (!expected.endsWith(printed)) {
					throw new Error(
						`${parentId}: inciso "${printed}" fora de sequência (esperado ${expected})`
					);
				}
				errata.push({
					id: `numeracao-${parentId}-${expected}`,
					note:
						`${articleLabel(article.number)}: ` +
						`o texto publicado imprime “${printed}” no inciso entre ${toRoman(siblings.length)} ` +
						`e ${toRoman(siblings.length + 2)}. Pela sequência, trata-se do inciso ${expected}, ` +
						`e assim ele é numerado aqui.`
				});
			}
			inciso = {
				id: `${parentId}-${expected}`,
				numeral: expected,
				lines: [incisoMatch[2] ?? ''],
				items: [],
				...(heading ? { heading } : {})
			};
			heading = undefined;
			siblings.push(inciso);
			sink = inciso.lines;
			continue;
		}

		const alineaMatch = ALINEA.exec(line);
		if (alineaMatch && inciso) {
			const item: ItemDraft = { letter: alineaMatch[1] ?? '', lines: [alineaMatch[2] ?? ''] };
			inciso.items.push(item);
			sink = item.lines;
			continue;
		}

		if (HEADING.test(line) && article.incisos.length + (inciso ? 1 : 0) > 0) {
			heading = line;
			continue;
		}
		if (HEADING.test(line) && sink === article.caput) {
			heading = line;
			continue;
		}

		sink.push(line);
	}

	if (!title) throw new Error('Título da lei (LEI Nº …) não encontrado');
	if (drafts.length === 0) throw new Error('Nenhum artigo encontrado');

	const articles = drafts.map(finishArticle);

	errata.push(...(source.notes ?? []));

	// Arts. 10 and 14 end with a closing quote that was never opened: kept, but flagged so nobody
	// "fixes" the transcription or reads them as quotations.
	const strayQuotes = articles.filter((a) => {
		const all = articleTexts(a).join(' ');
		return count(all, '”') > count(all, '“');
	});
	if (strayQuotes.length > 0) {
		const numbers = strayQuotes.map((a) => a.label.replace('Art. ', ''));
		const list =
			numbers.length === 1
				? `O Art. ${numbers[0]} termina`
				: `Os Arts. ${numbers.slice(0, -1).join(', ')} e ${numbers.at(-1)} terminam`;
		errata.push({
			id: 'aspas',
			note:
				`${list} com aspas de fechamento (”) ` +
				'sem a abertura correspondente no texto publicado. Não há citação: o texto é mantido ' +
				'como publicado.'
		});
	}

	return {
		id: source.id,
		title,
		ementa: joinLines(ementa),
		preamble: joinLines(preamble),
		articles,
		closing: closing.join('\n'),
		errata
	};
}

/** Every anchor id of the law (articles, paragraphs, incisos) and what it points at. */
export function indexProvisions(law: Law): Map<string, Provision> {
	const index = new Map<string, Provision>();
	const add = (id: string, provision: Provision) => {
		if (index.has(id)) throw new Error(`id repetido: ${id}`);
		index.set(id, provision);
	};
	for (const article of law.articles) {
		add(article.id, { article });
		for (const inciso of article.incisos) add(inciso.id, { article, inciso });
		for (const paragraph of article.paragraphs) {
			add(paragraph.id, { article, paragraph });
			for (const inciso of paragraph.incisos) add(inciso.id, { article, paragraph, inciso });
		}
	}
	return index;
}

/**
 * The anchor id for a citation as the app writes it ('Art. 16 §2º', 'Art. 21, XVII',
 * 'Art. 8 parágrafo único', 'art21-XVII'), or null when it names nothing in `index`.
 */
export function citationIdIn(index: ReadonlyMap<string, Provision>, cite: string): string | null {
	const id = anchorOf(cite);
	return id !== null && index.has(id) ? id : null;
}
