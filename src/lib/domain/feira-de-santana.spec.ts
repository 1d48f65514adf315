/**
 * Feira de Santana (BA), Lei nº 3.815/2018: a law with its own text, another zone (America/Bahia,
 * UTC−3) and another structure — offences by gravity, a points register, fines as multiples of
 * bandeira I. Each case cites the article it checks.
 */
import { describe, expect, test } from 'vitest';
import { bandeiraAt, type BandeiraContext } from './bandeira';
import { defenseDeadline, reviewDeadline } from './complaint';
import { holidayService } from './holiday-source';
import {
	escalate,
	offensesOf,
	penaltyReadings,
	penaltyRulesText,
	type ConfirmedOffense
} from './offenses';
import {
	cassationOnSuspension,
	pointsRegister,
	suspensionDaysError,
	suspensionRangeOf
} from './points';
import { overcharge } from './overcharge';
import { authorizationCap, verifyOn, type RegistryEntry } from './registry';
import { parseKm, quoteFare } from './tariff';
import { profileFixture } from '$lib/profile/fixtures';

const feira = profileFixture('feira-de-santana');
const p = feira.profile;
const catalog = feira.offenseCatalogs[0]!;
const system = (() => {
	if (catalog.system?.kind !== 'points')
		throw new Error('Feira de Santana keeps a points register');
	return catalog.system;
})();
const calendar = holidayService(p).calendar;
const ctx: BandeiraContext = { timeZone: p.timeZone, rules: p.bandeiraRules, calendar };
const decree = p.tariffDecrees[0]!;

describe('bandeira by Art. 35, on Feira de Santana’s clock (America/Bahia)', () => {
	const cases: [iso: string, flag: 1 | 2, why: string][] = [
		['2026-12-07T19:59:59-03:00', 1, 'a working day before night (Art. 35, I)'],
		[
			'2026-12-07T20:00:00-03:00',
			2,
			'night starts at 20:00 (Art. 35, II), not 21:00 (Art. 2, XXXI)'
		],
		['2026-12-08T04:59:00-03:00', 2, 'night runs to 05:00 (Art. 35, II)'],
		['2026-12-08T05:00:00-03:00', 1, 'night ends at 05:00, not 06:00 (Art. 2, XXX)'],
		['2026-12-05T10:00:00-03:00', 1, 'Saturday is a working day (Art. 35, I)'],
		['2026-12-06T10:00:00-03:00', 2, 'Sunday (Art. 35, II)'],
		['2026-06-04T10:00:00-03:00', 2, 'Corpus Christi is a municipal holiday (Lei 851/1978)'],
		['2026-06-24T10:00:00-03:00', 2, 'São João, municipal holiday (Lei 851/1978)'],
		['2026-07-02T10:00:00-03:00', 2, 'Independência da Bahia, state holiday'],
		['2026-09-18T10:00:00-03:00', 1, '18 September is a civic date, not a holiday'],
		['2026-02-17T10:00:00-03:00', 1, 'Carnaval is ponto facultativo, not a holiday'],
		['2026-12-07T22:59:59Z', 1, '19:59 in Feira de Santana (UTC−3), whatever the host zone'],
		['2026-12-07T23:00:00Z', 2, '20:00 in Feira de Santana (UTC−3)']
	];
	for (const [iso, flag, why] of cases)
		test(`${iso} → bandeira ${flag}: ${why}`, () =>
			expect(bandeiraAt(new Date(iso), ctx)?.flag).toBe(flag));

	test('the night reason cites Art. 35, II; the conflict with Art. 2 is a note', () => {
		expect(bandeiraAt(new Date('2026-12-07T21:00:00-03:00'), ctx)?.reasons).toMatchObject([
			{ kind: 'night', start: '20:00', end: '05:00', cite: 'Art. 35, II' }
		]);
		expect(p.laws[0]?.bandeiraNote).toMatchObject({ 'pt-BR': expect.stringContaining('Art. 2º') });
		expect(p.laws[0]?.errata.map((e) => e.id)).toContain('bandeira');
	});
});

describe('fares of Decreto nº 12.334/2021: bandeira I only; no value is invented', () => {
	test('bandeira I, 2 km: R$ 4,80 + 2 × R$ 0,90 = R$ 6,60', () =>
		expect(quoteFare(decree, 1, { km: parseKm('2')! })?.centavos).toBe(660));
	test('bandeira II: no published value → no quote', () => expect(quoteFare(decree, 2)).toBeNull());
	test('an overcharge at a bandeira II hour compares with nothing, and says so', () => {
		const o = overcharge(new Date('2026-12-06T10:00:00-03:00'), 2000, ctx, p.tariffDecrees);
		expect(o).toMatchObject({ legal: null, differenceCentavos: null, unpublished: true });
	});
	test('at a bandeira I hour it compares with the decree', () => {
		const o = overcharge(new Date('2026-12-07T10:00:00-03:00'), 1000, ctx, p.tariffDecrees, {
			km: parseKm('2')!
		});
		expect(o).toMatchObject({ differenceCentavos: 340, unpublished: false });
	});
});

describe('registry (Arts. 6 §4º, 8, 14, 23, 24, 29)', () => {
	const rules = p.registryRules[0]!;
	const entry: RegistryEntry = {
		prefixo: '1',
		placa: 'PKT4A21',
		titular: 'Exemplo',
		condutorAuxiliar: null,
		marcaModelo: 'Honda CG 160',
		cor: 'Vermelha',
		anoFabricacao: 2023,
		cilindradas: 160,
		situacao: 'ativa',
		autorizacaoValidade: '2027-08-31',
		ultimaVistoria: '2026-10-15',
		certidaoEstadualValidade: '2027-09-30',
		certidaoFederalValidade: '2027-09-30',
		seguroValidade: '2027-08-31'
	};
	test('a fixed cap of 750 (Art. 14), not a ratio to population', () =>
		expect(authorizationCap(rules)).toBe(750));
	test('125–200 cc (Art. 23, I): 250 cc fails, citing it', () => {
		const cc = verifyOn({ ...entry, cilindradas: 250 }, '2026-12-02', rules).checks.find(
			(c) => c.id === 'cilindradas'
		);
		expect(cc).toMatchObject({ ok: false, article: 'Art. 23, I' });
	});
	test('inspection every six months (Art. 29): one from May is overdue in December', () => {
		const v = verifyOn({ ...entry, ultimaVistoria: '2026-05-01' }, '2026-12-02', rules);
		expect(v.checks.find((c) => c.id === 'vistoria')).toMatchObject({
			ok: false,
			article: 'Art. 29'
		});
	});
	test('at most 5 years old (Art. 24)', () => {
		const v = verifyOn({ ...entry, anoFabricacao: 2020 }, '2026-12-02', rules);
		expect(v.checks.find((c) => c.id === 'idade')).toMatchObject({ ok: false, article: 'Art. 24' });
	});
	test('insurance for driver and passenger (Art. 6 §4º); its lapse: apreensão (Art. 44, XLIX)', () => {
		const v = verifyOn({ ...entry, seguroValidade: '2026-11-01' }, '2026-12-02', rules);
		expect(v.verdict).toBe('irregular');
		expect(v.checks.find((c) => c.id === 'seguro')?.detail).toContain('Art. 44, XLIX');
	});
});

describe('offences by gravity, fines as multiples of bandeira I (Arts. 44–47)', () => {
	test('tarifa acima da tabela: Art. 44, XXXV, grave, multa of 50 × bandeira I (Art. 47)', () => {
		expect(offensesOf(['cobrou-mais'], catalog)).toMatchObject([
			{
				cite: 'Art. 44, XXXV',
				penalty: 'multa',
				penaltyCite: 'Art. 47, II',
				gravity: 'grave',
				fine: '50 × bandeira I'
			}
		]);
	});
	test('more than one passenger: Art. 44, LV, apreensão and suspensão (Arts. 48, 49)', () => {
		expect(offensesOf(['mais-de-um-passageiro'], catalog)[0]).toMatchObject({
			cite: 'Art. 44, LV',
			penalties: ['apreensao', 'suspensao'],
			gravity: 'gravíssima'
		});
	});
	test('every inciso of Art. 44 has a penalty (Arts. 46–51)', () => {
		expect(catalog.penalties.filter((r) => r.provision.startsWith('art44-'))).toHaveLength(56);
	});
});

describe('the points strategy (Arts. 43, 47–51, 53)', () => {
	const on = '2026-12-02';
	const esc = (history: ConfirmedOffense[], offense: string) =>
		escalate(history, offense, on, catalog.reincidenceWindowMonths, catalog);
	test('a first grave offence: multa of 50 × bandeira I, 2 points (Art. 43, II)', () => {
		expect(esc([], 'art44-XXXV')).toMatchObject({
			penalties: ['multa'],
			fine: { multiple: 50, doubled: false, cite: 'Art. 47 §1º' },
			points: { added: 2, total: 2 },
			reason: 'first'
		});
	});
	test('the same infraction within 12 months: fine doubled (Art. 47 §2º), apreensão (Art. 48, II), suspended (Art. 50)', () => {
		const e = esc(
			[{ article: 'art44-XXXV', confirmedAt: '2026-06-01', penalties: ['multa'] }],
			'art44-XXXV'
		);
		expect(e).toMatchObject({
			penalties: ['multa', 'apreensao'],
			fine: { multiple: 100, doubled: true, cite: 'Art. 47 §2º' },
			automatic: { penalty: 'suspensao', cite: 'Art. 50' },
			points: { added: 5, total: 7 },
			reason: 'reincidence'
		});
	});
	test('an advertência repeated becomes a multa (Art. 47, I), at its plain value', () => {
		expect(esc([], 'art44-VI')).toMatchObject({ penalties: ['advertencia'], points: { added: 1 } });
		const e = esc([{ article: 'art44-VI', confirmedAt: '2026-03-01' }], 'art44-VI');
		expect(e).toMatchObject({ penalties: ['multa'], fine: { multiple: 20, doubled: false } });
	});
	test('an apreensão offence repeated: suspensão (Art. 49, II)', () => {
		const e = esc([{ article: 'art44-LIII', confirmedAt: '2026-10-01' }], 'art44-LIII');
		expect(e.penalties).toEqual(['apreensao', 'suspensao']);
	});
	test('a prior older than 12 months is no repeat, but its points count for 24 (Art. 53)', () => {
		const e = esc(
			[{ article: 'art44-XXXV', confirmedAt: '2025-06-01', penalties: ['multa'] }],
			'art44-XXXV'
		);
		expect(e).toMatchObject({ reason: 'first', points: { added: 2, total: 4 } });
	});
	test('more than 15 points in the register: suspensão (Art. 49, I), with its own 4 points (Art. 43, IV)', () => {
		const history: ConfirmedOffense[] = Array.from({ length: 7 }, (_, i) => ({
			article: 'art44-XIV',
			confirmedAt: `2026-0${i + 1}-10`,
			penalties: ['multa']
		}));
		const e = esc(history, 'art44-XXII');
		expect(e.points).toMatchObject({ added: 6, total: 20 });
		expect(e.penalties).toContain('suspensao');
		expect(e.detail).toContain('Art. 49, I');
	});
});

describe('the doubled fine counts 12 months from the FIRST COMMISSION (Art. 47 §2º)', () => {
	/** A prior of Art. 44, XXXV committed on `committedOn`, final on `confirmedAt`. */
	const prior = (committedOn: string, confirmedAt: string): ConfirmedOffense => ({
		article: 'art44-XXXV',
		committedOn,
		confirmedAt,
		penalties: ['multa']
	});
	const cases: [
		why: string,
		history: ConfirmedOffense[],
		on: string,
		multiple: number,
		apreensao: boolean
	][] = [
		[
			'committed 10/01/2025, final 15/06/2025, again 01/03/2026: over 12 months from the first commission — one 50× fine, no apreensão',
			[prior('2025-01-10', '2025-06-15')],
			'2026-03-01',
			50,
			false
		],
		[
			'committed 10/01/2025, final 15/06/2025, again 09/01/2026: within 12 months of the first — doubled, apreensão (Art. 48, II)',
			[prior('2025-01-10', '2025-06-15')],
			'2026-01-09',
			100,
			true
		],
		[
			'a prior not yet final when the new one is imposed does not count',
			[prior('2026-01-10', '2026-12-20')],
			'2026-03-01',
			50,
			false
		]
	];
	test.each(cases)('%s', (_why, history, on, multiple, apreensao) => {
		const e = escalate(history, 'art44-XXXV', on, 12, catalog, '2026-12-02');
		expect(e.fine?.multiple).toBe(multiple);
		expect(e.penalties.includes('apreensao')).toBe(apreensao);
		if (!apreensao) expect(e.reason).toBe('first');
	});
	test('the regime states the window’s start, cited', () =>
		expect(catalog.system).toMatchObject({
			repeatFine: { windowMonths: 12, from: 'commission', basis: 'art47-p2' }
		}));
});

describe('the points register counts the two years before the LAST ANOTAÇÃO (Art. 53)', () => {
	const fine = (imposedOn: string): ConfirmedOffense => ({
		article: 'art44-XIV',
		committedOn: imposedOn,
		imposedOn,
		confirmedAt: imposedOn,
		penalties: ['multa']
	});
	const cases: [why: string, history: ConfirmedOffense[], total: number, last: string][] = [
		[
			'entries of 03/2023 and 01/2025, read on 12/2026: both count — two years before the last anotação, not before today',
			[fine('2023-03-01'), fine('2025-01-10')],
			4,
			'2025-01-10'
		],
		[
			'the last entry counts though it became final after its anotação',
			[fine('2023-03-01'), { ...fine('2025-01-10'), confirmedAt: '2025-03-01' }],
			4,
			'2025-01-10'
		],
		[
			'an entry more than two years before the last one no longer counts',
			[fine('2022-12-01'), fine('2025-01-10')],
			2,
			'2025-01-10'
		]
	];
	test.each(cases)('%s', (_why, history, total, last) =>
		expect(pointsRegister(history, catalog, system)).toMatchObject({ total, last })
	);
	test('a new anotação counts the two years before ITS day (the imposition), not the conduct’s', () => {
		// Conduct on 10/01/2026, imposed on 01/12/2026: an entry of 01/06/2024 is over two years
		// before the anotação, though within two years of the conduct.
		const e = escalate([fine('2024-06-01')], 'art44-XXII', '2026-01-10', 12, catalog, '2026-12-01');
		expect(e.points).toMatchObject({ added: 2, total: 2 });
		expect(e.detail).toContain('anteriores a esta anotação');
	});
});

describe('over 15 points suspends ONCE for the same points (Art. 49, I)', () => {
	const entry = (
		imposedOn: string,
		penalties: ConfirmedOffense['penalties']
	): ConfirmedOffense => ({ article: 'art44-XIV', imposedOn, confirmedAt: imposedOn, penalties });
	/** Seven fines (14 points), then one that went over 15 and was suspended for it (+6: 20). */
	const suspended = [
		...Array.from({ length: 7 }, (_, i) => entry(`2026-0${i + 1}-10`, ['multa'])),
		entry('2026-08-10', ['multa', 'suspensao'])
	];
	const cases: [why: string, history: ConfirmedOffense[], offense: string, suspends: boolean][] = [
		[
			'a later light fine after the points suspension: the same points stand, no new suspension',
			suspended,
			'art44-XXII',
			false
		],
		[
			'more than 15 points entered after it: a new suspension',
			[...suspended, ...Array.from({ length: 7 }, (_, i) => entry(`2026-09-${10 + i}`, ['multa']))],
			'art44-XXII',
			true
		],
		[
			'the same points with no suspension applied for them (14 + 5 + 2): they suspend',
			suspended.slice(0, 7).concat(entry('2026-08-10', ['multa', 'apreensao'])),
			'art44-XXII',
			true
		]
	];
	test.each(cases)('%s', (_why, history, offense, suspends) => {
		const e = escalate(history, offense, '2026-11-02', 12, catalog, '2026-12-02');
		expect(e.penalties.includes('suspensao')).toBe(suspends);
	});
	test('the reading is the regime’s, with its reason, in the rules staff read', () => {
		expect(system.thresholds[0]).toMatchObject({
			basis: 'art49-I',
			once: { reading: expect.anything() }
		});
		expect(penaltyRulesText(catalog).join('\n')).toContain(
			'mais de 15 pontos → suspensão da autorização (Art. 49, I), uma vez pelos mesmos pontos'
		);
		expect(penaltyReadings(catalog).map((r) => r.cite)).toEqual(['Art. 49, I', 'Art. 51, I']);
		expect(penaltyReadings(catalog, 'en')[0]?.text).toContain('only points entered afterwards');
	});
});

describe('suspensions summing more than 70 days in 12 months: cassação when the office fixes the days (Art. 51, I)', () => {
	/** Suspensions imposed before 2026-12-02, each with the days the office fixed (Art. 49 §1º). */
	const served = (...days: [imposedOn: string, days: number][]): ConfirmedOffense[] =>
		days.map(([imposedOn, suspensionDays]) => ({
			article: 'art44-LIV',
			imposedOn,
			confirmedAt: imposedOn,
			penalties: ['suspensao'],
			suspensionDays
		}));
	const cases: [why: string, history: ConfirmedOffense[], days: number, cassacao: boolean][] = [
		[
			'60 served and 10 fixed now: 70, not more',
			served(['2026-03-01', 40], ['2026-09-01', 20]),
			10,
			false
		],
		['61 served and 10 fixed now: 71', served(['2026-03-01', 40], ['2026-09-01', 21]), 10, true],
		['40 served and 31 fixed now: 71', served(['2026-09-01', 40]), 31, true],
		[
			'a suspension imposed more than 12 months before does not count',
			served(['2025-11-30', 40], ['2026-09-01', 21]),
			40,
			false
		],
		[
			'an apreensão’s automatic suspension has no days fixed: it adds none',
			[{ article: 'art44-LIII', confirmedAt: '2026-10-01', penalties: ['apreensao'] }],
			40,
			false
		]
	];
	test.each(cases)('%s', (_why, history, days, cassacao) => {
		const c = cassationOnSuspension(history, days, '2026-12-02', system);
		expect(c !== null).toBe(cassacao);
		if (c) {
			expect(c).toMatchObject({ penalty: 'cassacao', cite: 'Art. 51, I' });
			expect(c.detail).toContain('acima de 70 — cassação da autorização (Art. 51, I)');
		}
	});
	test('71 days served: the next auto of another gravity is NOT a cassação — only a fixing of days decides it', () => {
		const e = escalate(
			served(['2026-03-01', 40], ['2026-09-01', 31]),
			'art44-XXII',
			'2026-12-02',
			12,
			catalog
		);
		expect(e.penalties).toEqual(['multa']);
		const s = escalate(
			served(['2026-03-01', 40], ['2026-09-01', 31]),
			'art44-LV',
			'2026-12-02',
			12,
			catalog
		);
		expect(s.penalties).not.toContain('cassacao');
	});
	test('a suspension is imposed with its days, 10 to 40 (Art. 49 §1º)', () => {
		const range = suspensionRangeOf(['apreensao', 'suspensao'], catalog);
		expect(range).toEqual({ min: 10, max: 40, cite: 'Art. 49 §1º' });
		expect(suspensionRangeOf(['multa'], catalog)).toBeNull();
		const cases: [days: number | undefined, ok: boolean][] = [
			[10, true],
			[40, true],
			[9, false],
			[41, false],
			[15.5, false],
			[undefined, false]
		];
		for (const [days, ok] of cases)
			expect(range && suspensionDaysError(days, range), String(days)).toBe(
				ok ? null : 'Informe os dias da suspensão: de 10 a 40 (Art. 49 §1º).'
			);
	});
	test('a law without a range (a ladder) asks for no days', () =>
		expect(
			suspensionRangeOf(['suspensao'], profileFixture('rolim-de-moura').offenseCatalogs[0]!)
		).toBeNull());
	test('the staff’s summary of the rules says both (Art. 49 §1º, Art. 51, I)', () => {
		const text = penaltyRulesText(catalog).join('\n');
		expect(text).toContain('suspensão de 10 a 40 dias (Art. 49 §1º)');
		expect(text).toContain(
			'suspensões somando mais de 70 dias em 12 meses → cassação da autorização (Art. 51, I), decidida ao fixar os dias de uma suspensão'
		);
	});
});

describe('the procedure (Arts. 55–60)', () => {
	const procedure = p.procedures[0]!;
	test('notice within 30 days of the offence or the auto is void (Art. 55 §1º)', () =>
		expect(procedure.notice).toEqual({ days: 30, voids: true }));
	test('defence: at least 30 days, suspensive, judged by the CJAI (Arts. 55 §2º, 56)', () => {
		expect(procedure.defence).toMatchObject({ days: 30, atLeast: true, suspensive: true });
		// 30 days from 2 Dec is 1 Jan, a holiday: the next business day, Monday 4 Jan.
		expect(defenseDeadline('2026-12-02', calendar, procedure)).toBe('2027-01-04');
	});
	test('the appeal’s period is the one the NIP states (Art. 60): no fixed deadline', () =>
		expect(reviewDeadline('2026-12-02', calendar, procedure)).toBeNull());
});
