import { localText } from './regime';
import { describe, expect, test } from 'vitest';
import {
	catalogOn,
	citeOf,
	commonSituations,
	offenseCatalogAt as catalogAtIn,
	situationsOf as situationsIn,
	escalate as escalateIn,
	offensesOf as offensesIn,
	penaltyRuleOf as penaltyRuleIn,
	type ConfirmedOffense,
	type Escalation,
	type OffenseCatalog,
	type Penalty
} from './offenses';
import { offenseCatalog, offenseCatalogs } from '$lib/profile/offenses';
import { lei2059Offenses, rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import { citationId, findProvision } from '$lib/law';
import { parseLaw } from '$lib/law/parse';

const lei2059 = parseLaw(rolimDeMouraFiles.lawTexts['lei-2059-2011'] ?? '', {
	id: 'lei-2059-2011'
});
const catalog = lei2059Offenses;
// Lei 2.059/2011's catalog and Rolim de Moura's zone unless a case names others.
const zone = 'America/Porto_Velho';
const offensesOf = (codes: readonly string[], c: OffenseCatalog = catalog) => offensesIn(codes, c);
const penaltyRuleOf = (id: string, c: OffenseCatalog = catalog) => penaltyRuleIn(id, c);
const escalate = (
	history: readonly ConfirmedOffense[],
	offense: string,
	on: string,
	months: number,
	c: OffenseCatalog = catalog
) => escalateIn(history, offense, on, months, c);
const offenseCatalogAt = (at: Date, cs: readonly OffenseCatalog[] = offenseCatalogs) =>
	catalogAtIn(at, cs, zone);
const situationsOf = (codes: string[], at: Date, cs: readonly OffenseCatalog[] = offenseCatalogs) =>
	situationsIn(codes, at, cs, zone);
const situation = (code: string) => catalog.situations.find((s) => s.code === code);

describe('the catalog is dated data of Lei 2.059/2011', () => {
	test('in force from the law’s first day (Art. 32)', () => {
		expect(catalog).toMatchObject({ validFrom: '2011-10-24', law: 'Lei 2.059/2011' });
		expect(catalogOn('2011-10-23', offenseCatalogs)).toBeNull();
		expect(catalogOn('2026-12-02', offenseCatalogs)).toBe(offenseCatalog);
	});
	test('a newer law wins from its date, whatever the order', () => {
		const newer: OffenseCatalog = { ...catalog, validFrom: '2027-01-01', law: 'Lei nova' };
		expect(catalogOn('2027-01-01', [newer, catalog])?.law).toBe('Lei nova');
		expect(catalogOn('2026-12-31', [newer, catalog])?.law).toBe('Lei 2.059/2011');
	});
});

describe('situations in plain words', () => {
	test('codes are kebab-case and unique', () => {
		const codes = catalog.situations.map((s) => s.code);
		for (const code of codes) expect(code).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
		expect(new Set(codes).size).toBe(codes.length);
	});
	test('every situation is worded in pt-BR, es and en', () => {
		for (const s of catalog.situations) {
			for (const locale of ['pt-BR', 'es', 'en'] as const) {
				expect(s.wording[locale].trim(), `${s.code} ${locale}`).not.toBe('');
			}
		}
	});

	const required: [code: string, articles: string[], danger: boolean, why: string][] = [
		['fumando', ['art20-VII'], false, 'fumar durante o percurso (Art. 20, VII)'],
		['cobrou-mais', ['art21-XVII'], false, 'tarifa em desacordo com a tabela (Art. 21, XVII)'],
		['sem-touca', ['art20-VIII'], false, 'deixar de fornecer touca (Art. 20, VIII)'],
		['cobrou-touca', ['art20-VIII'], false, 'cobrar a touca (Art. 20, VIII)'],
		['fone-de-ouvido', ['art21-X'], false, 'fones nos ouvidos (Art. 21, X)'],
		['direcao-perigosa', ['art21-XII'], true, 'risco à segurança do passageiro (Art. 21, XII)'],
		['embriagado', ['art21-XIII'], true, 'álcool ou entorpecente (Art. 21, XIII)'],
		['desrespeito', ['art20-VI'], false, 'urbanidade e respeito (Art. 20, VI)'],
		['moto-suja', ['art20-I'], false, 'higiene do veículo e do capacete (Art. 20, I)'],
		['sem-capacete', ['art21-XX', 'art5-IV'], false, 'capacete com viseira (Art. 21, XX; 5º, IV)'],
		['capacete-no-guidao', ['art21-XIX'], false, 'capacete no guidão (Art. 21, XIX)'],
		['interrompeu-sem-outra', ['art20-IV'], false, 'outro veículo (Art. 20, IV)'],
		['nao-devolveu', ['art21-IV'], false, 'devolver a tarifa (Art. 21, IV)'],
		['fura-fila', ['art21-V'], false, 'fila no ponto (Art. 21, V)'],
		['aliciou-no-ponto', ['art21-XIV'], false, 'aliciar em ponto de ônibus (Art. 21, XIV)'],
		['carga-na-garupa', ['art21-XV'], false, 'mercadorias e animais (Art. 21, XV)'],
		['fora-do-assento', ['art21-IX'], false, 'fora do assento traseiro (Art. 21, IX)'],
		['sem-colete', ['art21-VI', 'art5-III'], false, 'equipamentos e colete (Art. 21, VI; 5º, III)'],
		['moto-defeituosa', ['art22-V'], true, 'veículo defeituoso (Art. 22, V)'],
		['armado', ['art24-II'], true, 'arma no veículo (Art. 24, II)'],
		['agressao', ['art24-V'], true, 'agressão física (Art. 24, V)'],
		['mais-de-um-passageiro', ['art5-I'], false, 'um só passageiro (Art. 5º, I; Art. 18)'],
		['sem-luvas', ['art5-V'], false, 'usar luvas (Art. 5º, V)'],
		['propaganda', ['art20-III'], false, 'propaganda sem autorização (Art. 20, III)'],
		['sem-documentos', ['art21-XXII'], false, 'documentos e tabela (Art. 21, XXII)'],
		[
			'moto-nao-autorizada',
			['art22-II', 'art24-III'],
			false,
			'não autorizado (Art. 22, II; 24, III)'
		],
		['abandonou-moto', ['art21-VIII'], false, 'abandonar no ponto (Art. 21, VIII)'],
		['ponto-outros-servicos', ['art21-XVIII'], false, 'printed VIII, numbered XVIII (Art. 21)']
	];
	for (const [code, articles, danger, why] of required) {
		test(`${code} → ${articles.join(', ')}${danger ? ' (danger)' : ''}: ${why}`, () => {
			expect(situation(code)?.articles).toEqual(articles);
			expect(situation(code)?.danger ?? false).toBe(danger);
		});
	}

	test('dangerous situations come with 190 and 192', () => {
		expect(catalog.emergency.map((e) => e.number)).toEqual(['190', '192']);
	});
});

describe('every provision cited exists in the law and has a penalty rule', () => {
	const cited = new Set([
		...catalog.situations.flatMap((s) => s.articles),
		...catalog.notObservable.map((n) => n.article),
		...catalog.penalties.flatMap((r) => [r.provision, r.basis]),
		...catalog.escalation.flatMap((r) => (r.kind === 'reincidence' ? [r.of, r.basis] : [r.basis]))
	]);
	for (const id of cited) {
		test(`${id} is a provision of Lei 2.059/2011, cited as "${citeOf(id)}"`, () => {
			expect(findProvision(id), id).not.toBeNull();
			expect(citationId(citeOf(id))).toBe(id);
		});
	}
	for (const id of new Set(catalog.situations.flatMap((s) => s.articles))) {
		test(`${id} has a penalty rule (Art. 18–25)`, () => {
			expect(penaltyRuleOf(id, catalog)).not.toBeNull();
		});
	}
});

describe('coverage of Art. 20 and Art. 21: each inciso is reported by a rider or listed as not observable', () => {
	const reached = new Set(catalog.situations.flatMap((s) => s.articles));
	const listed = new Set(catalog.notObservable.map((n) => n.article));
	const incisos = lei2059.articles
		.filter((a) => a.number === 20 || a.number === 21)
		.flatMap((a) => a.incisos.map((i) => i.id));

	test('the law has 8 incisos in Art. 20 and 22 in Art. 21', () => {
		expect(incisos.filter((id) => id.startsWith('art20-'))).toHaveLength(8);
		expect(incisos.filter((id) => id.startsWith('art21-'))).toHaveLength(22);
	});
	for (const id of incisos) {
		test(`${id}: ${reached.has(id) ? 'reachable' : 'not observable'}, not both`, () => {
			expect(reached.has(id) || listed.has(id), `${id} is neither reached nor listed`).toBe(true);
			expect(reached.has(id) && listed.has(id), `${id} is both reached and listed`).toBe(false);
		});
	}
	test('the not-observable list holds only incisos of Art. 20 and 21, once each, with reasons', () => {
		for (const n of catalog.notObservable) {
			expect(incisos, n.article).toContain(n.article);
			for (const locale of ['pt-BR', 'es', 'en'] as const) {
				expect(localText(n.reason, locale).trim()).not.toBe('');
			}
		}
		expect(listed.size).toBe(catalog.notObservable.length);
	});
});

describe('penalty of each provision (Art. 19–25)', () => {
	const cases: [article: string, penalty: Penalty | null, penaltyCite: string, why: string][] = [
		['art20-VII', 'advertencia', 'Art. 20', 'Art. 20 caput: advertência'],
		['art21-XVII', 'multa', 'Art. 21', 'Art. 21 caput: multa'],
		['art22-V', 'apreensao', 'Art. 22', 'Art. 22 caput: apreensão'],
		['art24-II', 'suspensao', 'Art. 24', 'Art. 24 caput: suspensão'],
		['art25-IV', 'cassacao', 'Art. 25', 'Art. 25 caput: cassação'],
		['art5-I', null, 'Art. 18', 'an infraction by Art. 18 whose penalty the law does not fix'],
		['art5-II', 'advertencia', 'Art. 20, VIII', 'the touca has its own inciso (Art. 20, VIII)'],
		['art5-III', 'multa', 'Art. 21, VI', 'colete: required equipment (Art. 21, VI)'],
		['art5-IV', 'multa', 'Art. 21, VI', 'capacetes: required equipment (Art. 21, VI)'],
		['art5-V', 'multa', 'Art. 21, VI', 'luvas: required equipment (Art. 21, VI)']
	];
	for (const [article, penalty, penaltyCite, why] of cases) {
		test(`${article} → ${penalty ?? 'not fixed'} by ${penaltyCite}: ${why}`, () => {
			const rule = penaltyRuleOf(article, catalog);
			expect(rule?.penalty).toBe(penalty);
			expect(citeOf(rule?.basis ?? '')).toBe(penaltyCite);
		});
	}
	test('Art. 5º rules explain themselves in three languages', () => {
		for (const inciso of ['I', 'II', 'III', 'IV', 'V']) {
			const note = penaltyRuleOf(`art5-${inciso}`, catalog)?.note;
			expect(note?.['pt-BR']).toMatch(/Art\. (18|20|21)/);
			expect(note?.es).toBeTruthy();
			expect(note?.en).toBeTruthy();
		}
	});
	test('an article with no penalty rule has none (Art. 6 is a vehicle requirement)', () => {
		expect(penaltyRuleOf('art6-I', catalog)).toBeNull();
	});
});

describe('offensesOf: situations → provisions → penalties', () => {
	test('one situation, one provision (Art. 21, XVII)', () => {
		expect(offensesOf(['cobrou-mais'])).toEqual([
			{ article: 'art21-XVII', cite: 'Art. 21, XVII', penalty: 'multa', penaltyCite: 'Art. 21' }
		]);
	});
	test('apreensão brings the automatic suspensão (Art. 22, V; Art. 23)', () => {
		expect(offensesOf(['moto-defeituosa'])).toEqual([
			{
				article: 'art22-V',
				cite: 'Art. 22, V',
				penalty: 'apreensao',
				penaltyCite: 'Art. 22',
				automatic: { penalty: 'suspensao', cite: 'Art. 23' }
			}
		]);
	});
	test('a provision reached by two situations appears once (Art. 20, VIII)', () => {
		expect(offensesOf(['sem-touca', 'cobrou-touca']).map((o) => o.article)).toEqual(['art20-VIII']);
	});
	test('repeated codes are harmless', () => {
		expect(offensesOf(['fumando', 'fumando'])).toHaveLength(1);
	});

	const orders: [codes: string[], articles: string[], why: string][] = [
		[['fumando', 'cobrou-mais'], ['art21-XVII', 'art20-VII'], 'multa before advertência'],
		[
			['moto-nao-autorizada', 'fumando', 'armado'],
			['art24-II', 'art24-III', 'art22-II', 'art20-VII'],
			'suspensão (Art. 24) before apreensão (Art. 22) before advertência; then by inciso'
		],
		[
			['sem-documentos', 'fora-do-assento', 'fone-de-ouvido'],
			['art21-IX', 'art21-X', 'art21-XXII'],
			'same penalty: in the law’s order, by inciso value, not alphabetically'
		],
		[
			['sem-colete', 'sem-luvas'],
			['art5-III', 'art5-V', 'art21-VI'],
			'Art. 5º provisions punished as Art. 21, VI sort with the multas'
		],
		[
			['mais-de-um-passageiro', 'fumando'],
			['art20-VII', 'art5-I'],
			'a penalty the law does not fix goes last'
		],
		[['outro'], [], '"outro" names no provision: SEMAM decides']
	];
	for (const [codes, articles, why] of orders) {
		test(`${codes.join(' + ')} → ${articles.join(', ') || 'none'}: ${why}`, () => {
			expect(offensesOf(codes).map((o) => o.article)).toEqual(articles);
		});
	}

	test('Art. 5º, I: penalty null, cited by Art. 18, with the note', () => {
		const [offense] = offensesOf(['mais-de-um-passageiro']);
		expect(offense).toMatchObject({ cite: 'Art. 5º, I', penalty: null, penaltyCite: 'Art. 18' });
		expect(offense?.note?.['pt-BR']).toContain('Art. 31');
	});
	test('an unknown code throws', () => {
		expect(() => offensesOf(['nope'])).toThrow(RangeError);
	});
});

describe('escalate: reincidence (Art. 21 I, 22 I, 25 I) and automatic suspension (Art. 23)', () => {
	const ON = '2026-12-02';
	const h = (article: string, confirmedAt: string): ConfirmedOffense => ({ article, confirmedAt });
	const cases: [
		history: ConfirmedOffense[],
		offense: string,
		expected: Pick<Escalation, 'penalty' | 'cite' | 'reason'>,
		why: string
	][] = [
		[[], 'art20-VII', { penalty: 'advertencia', cite: 'Art. 20', reason: 'first' }, 'first time'],
		[
			[h('art20-VII', '2026-03-10')],
			'art20-VII',
			{ penalty: 'multa', cite: 'Art. 21, I', reason: 'reincidence' },
			'same conduct again (Art. 21, I)'
		],
		[
			[h('art20-I', '2026-03-10')],
			'art20-VII',
			{ penalty: 'multa', cite: 'Art. 21, I', reason: 'reincidence' },
			'another conduct of Art. 20 also counts ("condutas descritas no art. 20")'
		],
		[
			[h('art21-XVII', '2026-03-10')],
			'art20-VII',
			{ penalty: 'advertencia', cite: 'Art. 20', reason: 'first' },
			'a prior of another article is not reincidence'
		],
		[
			[h('art21-X', '2026-06-01')],
			'art21-XVII',
			{ penalty: 'apreensao', cite: 'Art. 22, I', reason: 'reincidence' },
			'Art. 21 again → apreensão (Art. 22, I)'
		],
		[
			[h('art5-III', '2026-06-01')],
			'art21-XVII',
			{ penalty: 'apreensao', cite: 'Art. 22, I', reason: 'reincidence' },
			'Art. 5º, III is punished as Art. 21, VI: it counts as Art. 21'
		],
		[
			[h('art24-II', '2026-06-01')],
			'art24-V',
			{ penalty: 'cassacao', cite: 'Art. 25, I', reason: 'reincidence' },
			'Art. 24 again → cassação (Art. 25, I)'
		],
		[
			[h('art22-V', '2026-06-01')],
			'art22-V',
			{ penalty: 'apreensao', cite: 'Art. 22', reason: 'no-escalation' },
			'the law sets no graver penalty for repeating Art. 22'
		],
		[
			[h('art20-VII', '2025-12-02')],
			'art20-VII',
			{ penalty: 'multa', cite: 'Art. 21, I', reason: 'reincidence' },
			'confirmed exactly 12 months before: inside the window'
		],
		[
			[h('art20-VII', '2025-12-01')],
			'art20-VII',
			{ penalty: 'advertencia', cite: 'Art. 20', reason: 'first' },
			'12 months and a day before: outside the window'
		],
		[
			[h('art20-VII', ON)],
			'art20-VII',
			{ penalty: 'advertencia', cite: 'Art. 20', reason: 'first' },
			'confirmed the same day: not shown to precede the conduct'
		],
		[
			[h('art20-VII', '2026-12-03')],
			'art20-VII',
			{ penalty: 'advertencia', cite: 'Art. 20', reason: 'first' },
			'confirmed after the conduct'
		],
		[
			[h('art5-I', '2026-06-01')],
			'art5-I',
			{ penalty: null, cite: 'Art. 18', reason: 'unfixed' },
			'Art. 5º, I: infraction (Art. 18), penalty not fixed'
		],
		[
			[h('art5-I', '2026-06-01')],
			'art5-II',
			{ penalty: 'advertencia', cite: 'Art. 20, VIII', reason: 'first' },
			'a prior with no fixed penalty does not count'
		]
	];
	for (const [history, offense, expected, why] of cases) {
		test(`${history.map((x) => `${x.article}@${x.confirmedAt}`).join(', ') || 'no history'} + ${offense} → ${expected.penalty ?? 'not fixed'}: ${why}`, () => {
			expect(escalate(history, offense, ON, 12, catalog)).toMatchObject(expected);
		});
	}

	// A fine under Art. 21, I (a repeated Art. 20) is an Art. 21 conduct for Art. 22, I.
	test('Art. 22, I: a prior fined under Art. 21, I counts as an Art. 21 conduct', () => {
		const fined: ConfirmedOffense = { ...h('art20-VII', '2026-06-01'), penaltyBasis: 'art21-I' };
		expect(escalate([fined], 'art21-XVII', ON, 12, catalog)).toMatchObject({
			penalty: 'apreensao',
			cite: 'Art. 22, I',
			reason: 'reincidence'
		});
		// Without the fine it was a warning of Art. 20: no Art. 21 prior.
		expect(escalate([h('art20-VII', '2026-06-01')], 'art21-XVII', ON, 12, catalog)).toMatchObject({
			reason: 'first'
		});
		// And it is still an Art. 20 conduct for Art. 21, I.
		expect(escalate([fined], 'art20-VII', ON, 12, catalog).cite).toBe('Art. 21, I');
	});

	test('a window of 6 months, set by the profile, is honoured', () => {
		const history = [h('art20-VII', '2026-05-01')];
		expect(escalate(history, 'art20-VII', ON, 12).penalty).toBe('multa');
		expect(escalate(history, 'art20-VII', ON, 6).penalty).toBe('advertencia');
		expect(catalog.reincidenceWindowMonths).toBe(12);
	});
	test('apreensão by reincidence suspends automatically (Art. 22, I; Art. 23)', () => {
		const e = escalate([h('art21-X', '2026-06-01')], 'art21-V', ON, 12);
		expect(e.automatic).toEqual({ penalty: 'suspensao', cite: 'Art. 23' });
		expect(e.previous).toEqual(h('art21-X', '2026-06-01'));
		expect(e.detail).toBe(
			'Reincidência: infração do Art. 21 confirmada em 01/06/2026, nos 12 meses anteriores: ' +
				'apreensão do veículo (Art. 22, I), com suspensão da autorização (Art. 23).'
		);
	});
	test('the latest prior is reported', () => {
		const e = escalate(
			[h('art20-I', '2026-02-01'), h('art20-VI', '2026-09-15'), h('art20-III', '2026-04-01')],
			'art20-VII',
			ON,
			12
		);
		expect(e.previous?.confirmedAt).toBe('2026-09-15');
	});
	test('a first offense says why in pt-BR', () => {
		expect(escalate([], 'art20-VII', ON, 12).detail).toBe(
			'Sem infração confirmada do Art. 20 nos 12 meses anteriores: advertência (Art. 20).'
		);
	});
	test('a provision with no penalty rule throws', () => {
		expect(() => escalate([], 'art6-I', ON, 12)).toThrow(RangeError);
	});
});

describe('citations', () => {
	test.each([
		['art21-XVII', 'Art. 21, XVII'],
		['art5-I', 'Art. 5º, I'],
		['art23', 'Art. 23'],
		['art18-pu', 'Art. 18 parágrafo único'],
		['art22-p1', 'Art. 22 §1º']
	])('%s is cited as %s', (id, cite) => {
		expect(citeOf(id)).toBe(cite);
		expect(citationId(cite)).toBe(id);
	});
	test('a malformed id throws', () => expect(() => citeOf('art-21')).toThrow(RangeError));
});

describe('catalog fixes: the law, as a rider should hear it', () => {
	const wording = (code: string) => situation(code)?.wording['pt-BR'];
	test('unauthorized (Art. 22, II) and no visible prefix (Art. 6º, V, h; Art. 21, VI) are two situations', () => {
		expect(situation('moto-nao-autorizada')?.articles).toEqual(['art22-II', 'art24-III']);
		expect(wording('moto-nao-autorizada')).not.toMatch(/prefixo/i);
		expect(situation('sem-prefixo')?.articles).toEqual(['art6-V', 'art21-VI']);
		expect(offensesOf(['sem-prefixo'], catalog).map((o) => o.penalty)).toContain('multa');
	});
	test('towing without both hands on the handlebar (Art. 21, XXI) is something a rider sees', () => {
		expect(situation('reboque-sem-maos')?.articles).toEqual(['art21-XXI']);
		expect(catalog.notObservable.map((n) => n.article)).not.toContain('art21-XXI');
	});
	test('Art. 24, V as the law scopes it (a passenger, an inspector or a colleague), short enough for a tile', () =>
		expect(wording('agressao')).toBe('Bateu em mim, num fiscal ou colega'));
	test('Art. 20, VII in the law’s words: smoked or let someone smoke', () =>
		expect(wording('fumando')).toBe('Fumou ou deixou alguém fumar durante a corrida'));
	test('Art. 25, IV: who rode is neither the holder nor the auxiliary driver → cassação', () => {
		expect(wording('condutor-nao-credenciado')).toBe(
			'Quem dirigia não é o titular nem o condutor auxiliar'
		);
		expect(offensesOf(['condutor-nao-credenciado'], catalog).map((o) => o.penalty)).toEqual([
			'cassacao'
		]);
	});
	test('Art. 22, VII: a stand outside the official places → apreensão', () => {
		expect(wording('ponto-irregular')).toBe('Ponto fora do lugar oficial');
		expect(offensesOf(['ponto-irregular'], catalog).map((o) => o.penalty)).toEqual(['apreensao']);
	});
	test('the form’s tiles: 6–8 common situations, cobrou a mais first', () => {
		const tiles = commonSituations(catalog).map((s) => s.code);
		expect(tiles.length).toBeGreaterThanOrEqual(6);
		expect(tiles.length).toBeLessThanOrEqual(8);
		expect(tiles[0]).toBe('cobrou-mais');
		expect(tiles).toContain('moto-nao-autorizada');
	});
	test('"Outra situação" lists every situation once, in a group', () => {
		const grouped = (catalog.groups ?? []).flatMap((g) => g.codes);
		expect([...grouped].sort()).toEqual(catalog.situations.map((s) => s.code).sort());
	});
	test('every code a complaint may have stored before these fixes still resolves', () => {
		const before = [
			'cobrou-mais',
			'direcao-perigosa',
			'embriagado',
			'moto-defeituosa',
			'armado',
			'agressao',
			'desrespeito',
			'fumando',
			'fone-de-ouvido',
			'sem-capacete',
			'capacete-no-guidao',
			'sem-touca',
			'cobrou-touca',
			'moto-suja',
			'interrompeu-sem-outra',
			'nao-devolveu',
			'fora-do-assento',
			'mais-de-um-passageiro',
			'carga-na-garupa',
			'sem-colete',
			'sem-luvas',
			'aliciou-no-ponto',
			'fura-fila',
			'abandonou-moto',
			'ponto-outros-servicos',
			'propaganda',
			'sem-documentos',
			'moto-nao-autorizada',
			'outro'
		];
		const at = new Date('2026-11-30T12:00:00-04:00');
		expect(
			situationsOf(before, at)
				.map((s) => s.code)
				.sort()
		).toEqual([...before].sort());
	});
});

describe('offenseCatalogAt: the one way to the catalog in force at an instant', () => {
	const newer: OffenseCatalog = {
		...catalog,
		validFrom: '2027-01-01',
		law: 'Lei nova',
		situations: []
	};
	test('judged on Rolim de Moura’s calendar: 31/12 22:00 local (02:00Z) is still the old law', () => {
		expect(offenseCatalogAt(new Date('2027-01-01T02:00:00Z'), [catalog, newer]).law).toBe(
			'Lei 2.059/2011'
		);
		expect(offenseCatalogAt(new Date('2027-01-01T04:00:00Z'), [catalog, newer]).law).toBe(
			'Lei nova'
		);
	});
	test('before the first law, and for an invalid date, the first catalog', () => {
		expect(offenseCatalogAt(new Date('2000-01-01T12:00:00Z'))).toBe(offenseCatalog);
		expect(offenseCatalogAt(new Date('nope'))).toBe(offenseCatalog);
	});
	test('a code the newer catalog dropped still reads back from the older one', () => {
		const at = new Date('2027-06-01T12:00:00-04:00');
		expect(situationsOf(['fumando'], at, [catalog, newer]).map((s) => s.code)).toEqual(['fumando']);
	});
});
