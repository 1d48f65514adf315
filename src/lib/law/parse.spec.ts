import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { citationId, findProvision, laws } from './index';
import { joinLines, parseLaw, toRoman } from './parse';
import type { LawArticle, LawInciso } from './types';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';

const source = readFileSync(
	new URL('../../../profiles/rolim-de-moura/laws/lei-2059-2011.txt', import.meta.url),
	'utf8'
);
const law = parseLaw(source, { id: 'lei-2059-2011', notes: rolimDeMoura.laws[0]?.errata ?? [] });

const article = (n: number): LawArticle => {
	const a = law.articles.find((x) => x.number === n);
	if (!a) throw new Error(`Art. ${n} not found`);
	return a;
};
const numerals = (list: LawInciso[]) => list.map((i) => i.numeral);
const romans = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, k) => toRoman(from + k));

/** Every id and every piece of text in the law, for the checks that hold everywhere. */
const allIds = law.articles.flatMap((a) => [
	a.id,
	...a.incisos.map((i) => i.id),
	...a.paragraphs.flatMap((p) => [p.id, ...p.incisos.map((i) => i.id)])
]);
const allTexts = law.articles.flatMap((a) => [
	a.caput,
	...[...a.incisos, ...a.paragraphs.flatMap((p) => p.incisos)].flatMap((i) => [
		i.text,
		...(i.items ?? []).map((item) => item.text)
	]),
	...a.paragraphs.map((p) => p.text)
]);

describe('Lei 2.059/2011: structure', () => {
	test('32 articles numbered 1..32 in order, with their labels', () => {
		expect(law.articles.map((a) => a.number)).toEqual(Array.from({ length: 32 }, (_, k) => k + 1));
		expect(article(1).label).toBe('Art. 1º');
		expect(article(16).label).toBe('Art. 16');
	});

	test('the index module parses the same text (the profile folder, compiled in)', () => {
		expect(laws['lei-2059-2011']).toEqual(law);
	});

	test('header, preamble and closing', () => {
		expect(law.id).toBe('lei-2059-2011');
		expect(law.title).toBe('LEI Nº 2.059/2011');
		expect(law.ementa).toMatch(/^“Dispõe sobre a Criação do Sistema .* providências”$/);
		// "seguin‐/te" is hyphenated across lines in print.
		expect(law.preamble).toMatch(/sanciona a seguinte:$/);
		expect(law.closing.split('\n')[0]).toBe('Rolim de Moura-RO, 25 de Julho de 2011.');
		expect(law.closing).toContain('SEBASTIÃO DIAS FERRAZ');
	});

	const chapters: [n: number, chapter: string][] = [
		[1, 'CAPÍTULO I — DISPOSIÇÕES PRELIMINARES'],
		[4, 'CAPÍTULO II — DOS CONDUTORES'],
		[6, 'CAPÍTULO III — DA ESPECIFICAÇÃO DOS VEÍCULOS'],
		// Printed without the space ("DAAUTORIZAÇÃO"): wording is kept as published.
		[10, 'CAPÍTULO IV — DAAUTORIZAÇÃO DO SERVIÇO'],
		[16, 'CAPÍTULO V — DA TARIFA'],
		[25, 'CAPÍTULO VI — DAS INFRAÇÕES'],
		[26, 'CAPÍTULO VII — DO AUTO DE INFRAÇÃO E DA DEFESA'],
		[32, 'CAPÍTULO VIII — DISPOSIÇÕES FINAIS']
	];
	test.each(chapters)('Art. %i is in %s', (n, chapter) => {
		expect(article(n).chapter).toBe(chapter);
	});

	test('Art. 16: caput, §1º and §2º with the night window', () => {
		const a = article(16);
		expect(a.caput).toBe(
			'A tarifa será fixada por bandeirada com duas tarifas diferenciadas, bandeira I e bandeira II.'
		);
		expect(a.incisos).toEqual([]);
		expect(a.paragraphs.map((p) => [p.id, p.label])).toEqual([
			['art16-p1', '§ 1º'],
			['art16-p2', '§ 2º']
		]);
		expect(a.paragraphs[0]?.text).toBe(
			'Quando o serviço for prestado em horário noturno, aos domingos ou feriados, será cobrada ' +
				'bandeira II (dois).'
		);
		expect(a.paragraphs[1]?.text).toBe(
			'Horário noturno, para efeitos desta lei, é o compreendido entre as 20 (vinte) horas de um ' +
				'dia e 05 (cinco) horas do dia seguinte.'
		);
	});

	const incisoRanges: [n: number, last: number, paragraphs: string[]][] = [
		[4, 9, []],
		[5, 5, []],
		[6, 5, []],
		[11, 4, []],
		[19, 5, []],
		[20, 8, []],
		[21, 22, ['art21-pu']],
		[22, 12, ['art22-p1', 'art22-p2', 'art22-p3']],
		[24, 5, ['art24-pu']],
		[25, 5, []],
		[26, 6, ['art26-p1', 'art26-p2', 'art26-p3']]
	];
	test.each(incisoRanges)('Art. %i has incisos I–%i and paragraphs %j', (n, last, paragraphs) => {
		const a = article(n);
		expect(numerals(a.incisos)).toEqual(romans(1, last));
		expect(a.incisos.map((i) => i.id)).toEqual(romans(1, last).map((r) => `art${n}-${r}`));
		expect(a.paragraphs.map((p) => p.id)).toEqual(paragraphs);
	});

	test('Art. 21: the inciso printed "VIII" after XVII is XVIII (erratum)', () => {
		const a = article(21);
		const ids = a.incisos.map((i) => i.id);
		expect(new Set(ids).size).toBe(22);
		const xviii = a.incisos[17];
		expect(xviii?.id).toBe('art21-XVIII');
		expect(xviii?.numeral).toBe('XVIII');
		expect(xviii?.text).toMatch(/^utilizar o ponto de mototáxi para efetuar serviços estranhos/);
		expect(a.incisos[7]?.text).toMatch(/^abandonar o veículo no ponto de mototáxi/);
		expect(a.paragraphs[0]?.label).toBe('Parágrafo único');
		expect(a.paragraphs[0]?.text).toBe(
			'Os valores das multas de que trata esta Lei serão definidos em regulamento.'
		);
	});

	test('Art. 6 V: alíneas a)–h) stay inside the inciso', () => {
		const v = article(6).incisos[4];
		expect(v?.id).toBe('art6-V');
		expect(v?.text).toBe('possuir os seguintes equipamentos:');
		expect(v?.items?.map((i) => i.letter)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
		expect(v?.items?.[6]?.text).toBe(
			'dispositivo luminoso com a inscrição “MOTOTÁXI” localizado acima do farol;'
		);
		expect(article(6).incisos.filter((i) => i.items)).toHaveLength(1);
	});

	test('parágrafo único ids, whatever the printed punctuation (":" in Art. 1, "." elsewhere)', () => {
		expect(article(1).paragraphs.map((p) => p.id)).toEqual(['art1-pu']);
		expect(article(8).paragraphs.map((p) => p.id)).toEqual(['art8-pu']);
		expect(article(1).paragraphs[0]?.text).toMatch(/^As permissões sujeitar-se-ão/);
	});

	test('every id is unique', () => {
		expect(new Set(allIds).size).toBe(allIds.length);
		expect(allIds.length).toBeGreaterThan(32 + 22 + 12);
	});

	test('no text keeps a line break, a double space or the hyphenation mark', () => {
		for (const t of [...allTexts, law.ementa, law.preamble]) {
			expect(t).not.toMatch(/\n|\r| {2}|\u2010/);
			expect(t).toBe(t.trim());
			expect(t.length).toBeGreaterThan(0);
		}
	});

	test('wording is kept as published (no spelling fixes)', () => {
		expect(article(4).incisos[2]?.text).toBe(
			'estar inscrito junto á órgão competente da Prefeitura Municipal;'
		);
		expect(article(21).incisos[15]?.text).toMatch(/estabelecidas pela SEMAM$/);
		expect(article(14).caput).toMatch(/nestes locais nominados”\.$/);
		expect(article(10).caput).toMatch(/\(IBGE\)”\.$/);
	});
});

describe('Lei 2.059/2011: errata', () => {
	const byId = new Map(law.errata.map((e) => [e.id, e.note]));

	test('one entry each for the numbering, the names of the office and the stray quotes', () => {
		expect([...byId.keys()]).toEqual(['numeracao-art21-XVIII', 'orgaos', 'aspas']);
	});

	const notes: [id: string, mentions: string[]][] = [
		['numeracao-art21-XVIII', ['Art. 21', '“VIII”', 'XVIII']],
		[
			'orgaos',
			['SEMAD', 'SEMAM', 'SENTRAN', 'Meio Ambiente', 'o aplicativo chama o órgão de SEMAM']
		],
		['aspas', ['Arts. 10 e 14', '”']]
	];
	test.each(notes)('%s mentions %j', (id, mentions) => {
		for (const m of mentions) expect(byId.get(id)).toContain(m);
	});
});

describe('citation ids', () => {
	const cases: [cite: string, id: string | null][] = [
		['Art. 16', 'art16'],
		['Art. 16 §2º', 'art16-p2'],
		['Art. 16 §1º', 'art16-p1'],
		['Art. 16 § 1º', 'art16-p1'],
		['Art. 21 XVII', 'art21-XVII'],
		['Art. 21, XVII', 'art21-XVII'],
		['art21-XVII', 'art21-XVII'],
		['Art. 21, XVIII', 'art21-XVIII'],
		['Art. 8 parágrafo único', 'art8-pu'],
		['Art. 8º, parágrafo único', 'art8-pu'],
		['art8-pu', 'art8-pu'],
		['Art. 28 §1º', 'art28-p1'],
		['Art. 6º, IV', 'art6-IV'],
		['Art. 6 V a)', 'art6-V'],
		['Art. 15', 'art15'],
		['art16-p2', 'art16-p2'],
		// Nothing to link to: a dead anchor is worse than no link.
		['Art. 33', null],
		['Art. 16 §3º', null],
		['Art. 16 parágrafo único', null],
		['Art. 21, XXIII', null],
		['Lei 4.320', null],
		['', null]
	];
	test.each(cases)('%j → %j', (cite, id) => {
		expect(citationId(cite)).toBe(id);
	});
});

describe('findProvision', () => {
	test('an inciso of an article', () => {
		const p = findProvision('art21-XVII');
		expect(p?.article.number).toBe(21);
		expect(p?.paragraph).toBeUndefined();
		expect(p?.inciso?.text).toContain('tarifas em desacordo');
	});

	test('a paragraph', () => {
		const p = findProvision('art16-p2');
		expect(p?.article.id).toBe('art16');
		expect(p?.paragraph?.text).toContain('20 (vinte) horas');
		expect(p?.inciso).toBeUndefined();
	});

	test('an article, and nothing for unknown ids', () => {
		expect(findProvision('art32')?.article.caput).toMatch(/^Esta lei entra em vigor/);
		expect(findProvision('art33')).toBeNull();
		expect(findProvision('art21-VIII')?.inciso?.text).toMatch(/^abandonar o veículo/);
	});

	test('every id of the law resolves', () => {
		for (const id of allIds) expect(findProvision(id)).not.toBeNull();
	});
});

describe('parser details', () => {
	const joins: [lines: string[], joined: string][] = [
		[['a seguin\u2010', 'te:'], 'a seguinte:'],
		[['sujeitar-se-', 'ão'], 'sujeitar-se- ão'],
		[['  Horário noturno ', '', ' é '], 'Horário noturno é']
	];
	test.each(joins)('joinLines(%j) → %j', (lines, joined) => {
		expect(joinLines(lines)).toBe(joined);
	});

	test('an inciso number that cannot be a misprint of the next one fails loudly', () => {
		const broken = source.replace('XIX – trafegar com o capacete', 'XL – trafegar com o capacete');
		expect(() => parseLaw(broken, { id: 'lei-2059-2011' })).toThrow(
			/art21: inciso "XL" fora de sequência/
		);
	});

	test('Windows line endings parse the same', () => {
		expect(
			parseLaw(source.replace(/\n/g, '\r\n'), {
				id: 'lei-2059-2011',
				notes: rolimDeMoura.laws[0]?.errata ?? []
			})
		).toEqual(law);
	});
});

describe('every citation the profile makes points at a provision of the law', () => {
	test('bandeira rules', async () => {
		const { rolimDeMoura } = await import('$lib/profile/rolim-de-moura');
		const { citationId } = await import('./index');
		for (const r of rolimDeMoura.bandeiraRules) {
			for (const cite of [r.cite, r.night.cite, r.sundays?.cite, r.holidays?.cite]) {
				if (cite) expect(citationId(cite), cite).not.toBeNull();
			}
		}
	});
});
