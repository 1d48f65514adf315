/**
 * The rider's verdict is the law in force's, not code's (issue 33, items 1–3): which failed check
 * blocks boarding, warns, or is the office's matter, each with its article; every sentence's values
 * (cc range, inspection period, insurance scope, age limit and its consequence) from the regime; a
 * check the law does not have is not made. Each city's sample vehicles are judged as their own law
 * reads them — Rolim de Moura (Lei 2.059/2011), Feira de Santana (Lei 3.815/2018) and Porto Velho
 * (registry checks unknown: the authorization alone).
 */
import { describe, expect, test } from 'vitest';
import { readProfile } from '../profile/read';
import { registryRulesOn } from './profile';
import {
	missingForOperating,
	officeMatters,
	verifyOn,
	whyIrregular,
	type CheckId,
	type RegistryEntry,
	type Verdict
} from './registry';
import { validateRegistryCsv } from './registry-csv';

function load(id: string) {
	const r = readProfile(`profiles/${id}`);
	if (!r.ok) throw new Error(r.errors.join('\n'));
	return r.value;
}

/** The day the samples are judged on (a Monday; every city's e2e runs on the real day). */
const DAY = '2026-12-07';

function city(id: string) {
	const loaded = load(id);
	const rules = registryRulesOn(DAY, loaded.profile.registryRules);
	const { entries } = validateRegistryCsv(loaded.registrySample, { today: DAY, rules });
	const sample = (prefixo: string): RegistryEntry => {
		const e = entries.find((x) => x.prefixo === String(Number(prefixo)));
		if (!e) throw new Error(`no sample ${prefixo} in ${id}`);
		return e;
	};
	return { rules, sample, entries, profile: loaded.profile };
}

const feira = city('feira-de-santana');
const rolim = city('rolim-de-moura');
const pv = city('porto-velho');

describe('Feira de Santana: which failed check stops a ride (Lei 3.815/2018)', () => {
	const cases: [
		prefixo: string,
		verdict: Verdict,
		blocking: [CheckId, string][],
		warning: [CheckId, string][],
		why: string
	][] = [
		[
			'008',
			'irregular',
			[['vistoria', 'Art. 29 §6º']],
			[],
			'last inspection 10/01/2026, six-monthly: expired 10/07/2026, off the road (Art. 29 §6º)'
		],
		[
			'005',
			'pendente',
			[],
			[['cilindradas', 'Art. 23, I']],
			'249 cc: outside 125–200 (Art. 23, I)'
		],
		['004', 'pendente', [], [['cilindradas', 'Art. 23, I']], '109 cc: under 125 (Art. 23, I)'],
		[
			'006',
			'pendente',
			[],
			[['idade', 'Art. 24 §3º']],
			'a 2018 motorcycle: over 5 years, 30 days to replace (Art. 24 §3º)'
		],
		[
			'009',
			'irregular',
			[['seguro', 'Art. 50']],
			[],
			'insurance lapsed: apreensão (Art. 44, XLIX), suspended meanwhile (Art. 50); its lapsed certidão is not checked (Art. 8 §1º)'
		],
		['007', 'irregular', [['autorizacao', 'Art. 44, XLIV']], [], 'suspended (Art. 50)'],
		['010', 'irregular', [['autorizacao', 'Art. 44, XLIV']], [], 'revoked (Art. 51)'],
		[
			'011',
			'irregular',
			[
				['autorizacao', 'Art. 44, XLIV'],
				['vistoria', 'Art. 29 §6º']
			],
			[],
			'authorization not renewed (Art. 8) and inspection expired (Art. 29 §6º)'
		],
		['001', 'regular', [], [], 'every requirement of Lei 3.815/2018 met']
	];
	for (const [prefixo, verdict, blocking, warning, why] of cases)
		test(`/verificar/${prefixo} → ${verdict}: ${why}`, () => {
			const v = verifyOn(feira.sample(prefixo), DAY, feira.rules);
			expect(v.verdict).toBe(verdict);
			expect(whyIrregular(v.checks).map((c) => [c.id, c.effectArticle])).toEqual(blocking);
			expect(missingForOperating(v.checks).map((c) => [c.id, c.effectArticle])).toEqual(warning);
		});

	test('008: the inspection sentence says six months and Art. 29 §6º, never "anual"', () => {
		const vistoria = verifyOn(feira.sample('008'), DAY, feira.rules).checks.find(
			(c) => c.id === 'vistoria'
		);
		expect(vistoria).toMatchObject({
			ok: false,
			effect: 'blocks',
			article: 'Art. 29',
			effectArticle: 'Art. 29 §6º',
			params: { ultima: '2026-01-10', proxima: '2026-07-10', meses: 6 }
		});
		expect(vistoria?.detail).toBe(
			'Vistoria vencida em 10/07/2026: a última foi em 10/01/2026, a lei pede uma a cada 6 meses ' +
				'(Art. 29): não pode transportar passageiros (Art. 29 §6º); o mototaxista pode ser multado ' +
				'(Art. 44, XXVII).'
		);
		expect(vistoria?.detail).not.toMatch(/anual/i);
	});

	test('005: 249 cc is "fora do limite de 125 a 200" (Art. 23, I)', () => {
		const cc = verifyOn(feira.sample('005'), DAY, feira.rules).checks.find(
			(c) => c.id === 'cilindradas'
		);
		expect(cc?.detail).toContain('249 cilindradas, fora do limite de 125 a 200 (Art. 23, I)');
		expect(cc?.params).toEqual({ cilindradas: 249, minimo: 125, maximo: 200 });
	});

	test('insurance against risks to driver and passenger (Art. 6 §4º), not "de vida e de terceiros"', () => {
		const seguro = verifyOn(feira.sample('001'), DAY, feira.rules).checks.find(
			(c) => c.id === 'seguro'
		);
		expect(seguro?.detail).toContain(
			'Seguro contra riscos para o condutor e para o passageiro válido até'
		);
		expect(seguro?.scope).toEqual({
			'pt-BR': 'contra riscos para o condutor e para o passageiro',
			es: 'contra riesgos para el conductor y para el pasajero',
			en: 'against risks to the driver and to the passenger'
		});
	});

	test('age: 30 days to replace (Art. 24 §3º), then apreensão (Art. 44, XLVIII) and cassação (Art. 51, V)', () => {
		const idade = verifyOn(feira.sample('006'), DAY, feira.rules).checks.find(
			(c) => c.id === 'idade'
		);
		expect(idade).toMatchObject({
			effect: 'warns',
			graceDays: 30,
			sanctions: [
				{ penalty: 'apreensao', cite: 'Art. 44, XLVIII' },
				{ penalty: 'cassacao', cite: 'Art. 51, V' }
			]
		});
		expect(idade?.detail).toContain(
			'acima do máximo de 5 (Art. 24): a lei dá 30 dias para regularizar (Art. 24 §3º); depois, ' +
				'a moto pode ser apreendida (Art. 44, XLVIII) e a autorização pode ser cassada (Art. 51, V).'
		);
	});

	test('no yearly certidão (Art. 4, 6 III, 8 §1º ask for it at credenciamento and renewal): not checked', () => {
		for (const e of feira.entries) {
			const ids = verifyOn(e, DAY, feira.rules).checks.map((c) => c.id);
			expect(ids).not.toContain('certidao_estadual');
			expect(ids).not.toContain('certidao_federal');
		}
		expect(feira.rules?.checks.certidao).toHaveProperty('absent');
	});

	test('a suspended authorization "até que seja sanada a irregularidade" (Art. 50)', () => {
		const auth = verifyOn(feira.sample('007'), DAY, feira.rules).checks[0];
		expect(auth?.detail).toBe(
			'Autorização suspensa até que seja sanada a irregularidade (Art. 50): o serviço não pode ser prestado.'
		);
	});
});

describe('Rolim de Moura keeps its verdicts where Lei 2.059/2011 says so', () => {
	const ok = rolim.entries.find((e) => verifyOn(e, DAY, rolim.rules).verdict === 'regular')!;
	const cases: [
		change: Partial<RegistryEntry>,
		verdict: Verdict,
		effect: [CheckId, string, string],
		why: string
	][] = [
		[
			{ ultimaVistoria: '2025-06-01' },
			'pendente',
			['vistoria', 'office', 'Art. 20 V'],
			'an overdue inspection is an advertência (Art. 20 V): the office’s matter'
		],
		[
			{ certidaoFederalValidade: '2026-11-30' },
			'pendente',
			['certidao_federal', 'warns', 'Art. 22 VI'],
			'certidão renewable yearly (Art. 4 IV); not renewed, apreensão (Art. 22 VI)'
		],
		[
			{ anoFabricacao: 2019 },
			'pendente',
			['idade', 'warns', 'Art. 21 XVI'],
			'over 5 years (Art. 6 I): multa (Art. 21 XVI)'
		],
		[
			{ cilindradas: 300 },
			'pendente',
			['cilindradas', 'warns', 'Art. 21 XVI'],
			'over 250 cc (Art. 6 II): multa (Art. 21 XVI)'
		],
		[
			{ seguroValidade: '2026-12-06' },
			'irregular',
			['seguro', 'blocks', 'Art. 24 I'],
			'no insurance: service suspended (Art. 24 I)'
		],
		[
			{ autorizacaoValidade: '2026-12-06' },
			'irregular',
			['autorizacao', 'blocks', 'Art. 22, II'],
			'an expired authorization: a vehicle not authorized (Art. 22, II)'
		]
	];
	for (const [change, verdict, [id, effect, article], why] of cases)
		test(`${JSON.stringify(change)} → ${verdict}: ${why}`, () => {
			const v = verifyOn({ ...ok, ...change }, DAY, rolim.rules);
			expect(v.verdict).toBe(verdict);
			const failed = v.checks.filter((c) => !c.ok);
			expect(failed.map((c) => [c.id, c.effect, c.effectArticle])).toEqual([[id, effect, article]]);
			if (effect === 'office') expect(officeMatters(v.checks).map((c) => c.id)).toEqual([id]);
		});

	test('its own values: 125–250 cc (Art. 6 II), yearly inspection (Art. 8), life and third-party insurance (Art. 4 VII)', () => {
		const v = verifyOn({ ...ok, cilindradas: 300, ultimaVistoria: '2025-06-01' }, DAY, rolim.rules);
		const by = (id: CheckId) => v.checks.find((c) => c.id === id);
		expect(by('cilindradas')?.detail).toContain('fora do limite de 125 a 250 (Art. 6 II)');
		expect(by('vistoria')?.params).toMatchObject({ meses: 12 });
		expect(by('seguro')?.scope?.['pt-BR']).toBe('de vida pessoal e de terceiro');
	});
});

describe('Porto Velho: the registry’s own situation only (its law’s text is not available)', () => {
	test('every sample is judged on its authorization alone, which blocks', () => {
		expect(pv.rules).toBeNull();
		for (const e of pv.entries) {
			const v = verifyOn(e, DAY, pv.rules);
			expect(v.checks.map((c) => [c.id, c.effect])).toEqual([['autorizacao', 'blocks']]);
			expect(v.verdict).toBe(v.checks[0]!.ok ? 'regular' : 'irregular');
		}
	});
});

describe('who may drive: each law’s own words, cited (issue 33, item 3)', () => {
	const cases: [profile: typeof rolim.profile, cite: string, words: RegExp][] = [
		[rolim.profile, 'Art. 25 IV', /^Só o titular ou o condutor auxiliar cadastrado/],
		[
			feira.profile,
			'Art. 20',
			/^Só o titular pode dirigir.*doente ou incapacitado temporariamente/
		],
		[pv.profile, 'Lei nº 2.162/2014', /até dois condutores auxiliares/]
	];
	for (const [profile, cite, words] of cases)
		test(`${profile.name}: ${cite}`, () => {
			const law = profile.laws[0]!;
			expect(law.cites.whoDrives).toBe(cite);
			const text = law.texts.whoDrives;
			expect(typeof text === 'object' ? text['pt-BR'] : text).toMatch(words);
		});
});
