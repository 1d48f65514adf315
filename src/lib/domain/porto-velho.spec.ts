/**
 * Porto Velho (RO), the second real profile, read from profiles/porto-velho/ by
 * the same loader the server uses. Fares and bandeiras: Decreto nº 12.253, de 13/07/2011, Art. 1º —
 * Bandeira 1 Monday to Friday 06:00–20:00, R$ 3,00 + R$ 0,50/km; Bandeira 2 on working days
 * 20:00–06:00 and all day on Saturdays, Sundays and holidays, R$ 3,00 + R$ 0,69/km. Municipal
 * holidays: Lei municipal nº 190/1980, as the yearly calendar decrees list them.
 */
import { describe, expect, test } from 'vitest';
import { readProfile } from '../profile/read';
import { bandeiraAt, type BandeiraContext } from './bandeira';
import { parseBoundary, pointInPolygon } from './geo';
import { holidayService } from './holiday-source';
import { offensesOf } from './offenses';
import { overcharge } from './overcharge';
import { registryRulesOn } from './profile';
import { verifyOn } from './registry';
import { validateRegistryCsv } from './registry-csv';
import { decreeAt, parseKm, quoteFare } from './tariff';

function load(id: string) {
	const r = readProfile(`profiles/${id}`);
	if (!r.ok) throw new Error(r.errors.join('\n'));
	return r.value;
}
const pv = load('porto-velho');
const profile = pv.profile;
const ctx: BandeiraContext = {
	timeZone: profile.timeZone,
	rules: profile.bandeiraRules,
	calendar: holidayService(profile).calendar
};
const DECREE = 'Decreto nº 12.253/2011, art. 1º';

describe('Porto Velho: bandeira by the Decreto nº 12.253/2011, Art. 1º', () => {
	const cases: [iso: string, flag: 1 | 2, reasons: string[], why: string][] = [
		// Tuesday 8 Dec 2026, a working day.
		['2026-12-08T05:59:00-04:00', 2, ['night'], 'weekday 05:59: still night (20:00–06:00)'],
		['2026-12-08T06:00:00-04:00', 1, [], 'weekday 06:00: bandeira 1 begins (Art. 1º)'],
		['2026-12-08T19:59:00-04:00', 1, [], 'weekday 19:59: bandeira 1 (Art. 1º)'],
		['2026-12-08T20:00:00-04:00', 2, ['night'], 'weekday 20:00: night begins (Art. 1º)'],
		['2026-12-08T00:00:00Z', 2, ['night'], '20:00 given in UTC'],
		// Saturdays all day — unlike Rolim de Moura (Lei 2.059/2011, Art. 16 §1º).
		['2026-12-05T10:00:00-04:00', 2, ['saturday'], 'Saturday by day (Art. 1º)'],
		['2026-12-05T06:00:00-04:00', 2, ['saturday'], 'Saturday 06:00: no bandeira 1 at dawn'],
		['2026-12-06T12:00:00-04:00', 2, ['sunday'], 'Sunday by day (Art. 1º)'],
		// Municipal holidays (Lei municipal nº 190/1980).
		['2027-01-25T10:00:00-04:00', 1, [], 'Monday 25 Jan 2027, the day after a holiday'],
		['2026-01-24T10:00:00-04:00', 2, ['saturday', 'holiday'], '24 Jan 2026 (a Saturday)'],
		['2028-01-24T10:00:00-04:00', 2, ['holiday'], '24 Jan 2028, a Monday: Instalação do Município'],
		['2027-05-24T10:00:00-04:00', 2, ['holiday'], '24 May 2027, a Monday: N. Sra. Auxiliadora'],
		['2026-10-02T10:00:00-04:00', 2, ['holiday'], '2 Oct 2026, a Friday: Criação do Município'],
		['2026-04-03T10:00:00-04:00', 2, ['holiday'], 'Good Friday (Lei 9.093/1995, art. 2º)'],
		// State holidays of Rondônia apply to both municipalities.
		['2027-01-04T10:00:00-04:00', 2, ['holiday'], '4 Jan (Lei estadual 2.291/2010)'],
		['2026-06-18T10:00:00-04:00', 2, ['holiday'], '18 Jun (Lei estadual 1.026/2001)'],
		// Rolim de Moura's 5 Aug is not Porto Velho's.
		['2026-08-05T10:00:00-04:00', 1, [], '5 Aug is Rolim de Moura’s holiday, not Porto Velho’s'],
		// Pontos facultativos are not holidays: bandeira 1 by day on a working day.
		['2026-02-16T10:00:00-04:00', 1, [], 'Carnaval Monday: ponto facultativo'],
		['2026-02-17T10:00:00-04:00', 1, [], 'Carnaval Tuesday: ponto facultativo'],
		['2026-02-18T10:00:00-04:00', 1, [], 'Ash Wednesday: ponto facultativo'],
		['2026-06-04T10:00:00-04:00', 1, [], 'Corpus Christi: ponto facultativo'],
		['2026-10-28T10:00:00-04:00', 1, [], '28 Oct (Dia do Servidor): ponto facultativo'],
		['2026-02-17T20:00:00-04:00', 2, ['night'], 'Carnaval Tuesday at night: night, as any day']
	];
	for (const [iso, flag, reasons, why] of cases)
		test(`${iso} → bandeira ${flag}: ${why}`, () => {
			const b = bandeiraAt(new Date(iso), ctx);
			expect(b?.flag).toBe(flag);
			expect(b?.reasons.map((r) => r.kind)).toEqual(reasons);
			for (const r of b?.reasons ?? []) expect(r.cite).toBe(DECREE);
		});

	test('Friday 20:00 to Monday 06:00 is one bandeira 2 run', () => {
		const b = bandeiraAt(new Date('2026-12-05T10:00:00-04:00'), ctx);
		expect(b?.since?.toISOString()).toBe(new Date('2026-12-04T20:00:00-04:00').toISOString());
		expect(b?.until?.toISOString()).toBe(new Date('2026-12-07T06:00:00-04:00').toISOString());
	});

	test('the municipal holidays carry their act', () => {
		const year = holidayService(profile).year(2026);
		const municipal = year.holidays.filter((h) => h.scope === 'municipal');
		expect(municipal.map((h) => h.date)).toEqual([
			'2026-01-24',
			'2026-04-03',
			'2026-05-24',
			'2026-10-02'
		]);
		for (const h of municipal.filter((x) => x.date !== '2026-04-03'))
			expect(h.source).toContain('Lei municipal nº 190');
		expect(year.holidays.map((h) => h.date)).not.toContain('2026-08-05');
		expect(year.facultativos.map((f) => f.name)).toEqual(
			expect.arrayContaining(['Carnaval (terça-feira)', 'Corpus Christi'])
		);
		// 28 October is listed (the calendar decrees' ponto facultativo), although the holiday
		// library does not know it; still bandeira I by day (table above).
		expect(year.facultativos).toContainEqual(
			expect.objectContaining({ date: '2026-10-28', name: 'Dia do Servidor Público' })
		);
	});

	test('no answer before the decree (the law’s own start is not in our sources)', () => {
		expect(bandeiraAt(new Date('2011-07-12T12:00:00-04:00'), ctx)).toBeNull();
		expect(bandeiraAt(new Date('2011-07-13T12:00:00-04:00'), ctx)?.flag).toBe(1);
	});
});

describe('Porto Velho: fares per km (Decreto nº 12.253/2011, Art. 1º; half up to the centavo)', () => {
	const at = (iso: string) => {
		const d = decreeAt(new Date(iso), profile.tariffDecrees, profile.timeZone);
		if (!d) throw new Error(`no decree at ${iso}`);
		return d;
	};
	const decree = at('2026-12-08T10:00:00-04:00');
	test('the decree in force is the real one, not sample values', () => {
		expect(decree).toMatchObject({ id: 'decreto-12253-2011', sample: false });
		expect(decree.bandeiras).toEqual({
			1: { flagfall: 300, perKm: 50 },
			2: { flagfall: 300, perKm: 69 }
		});
	});
	const cases: [flag: 1 | 2, km: string, total: number, why: string][] = [
		[1, '1', 350, 'R$ 3,00 + R$ 0,50'],
		[2, '1', 369, 'R$ 3,00 + R$ 0,69'],
		[1, '5', 550, '5 km by day'],
		[2, '5', 645, '5 km at night: 5 × 69 = 345'],
		[2, '2,345', 462, '2,345 × 69 = 161,805 → 162'],
		[1, '2.345', 417, '2,345 × 50 = 117,25 → 117'],
		[1, '0,01', 301, '0,01 × 50 = 0,5 → 1 (half up)'],
		[2, '7,25', 800, '7,25 × 69 = 500,25 → 500'],
		[2, '100', 7200, '100 km']
	];
	for (const [flag, km, total, why] of cases)
		test(`bandeira ${flag}, ${km} km → ${total} centavos: ${why}`, () =>
			expect(quoteFare(decree, flag, { km: parseKm(km) ?? undefined })!.centavos).toBe(total));

	test('without a distance the quote is the departure fare, with the rate beside it', () =>
		expect(quoteFare(decree, 2)!).toMatchObject({ centavos: 300, perKmCentavos: 69 }));

	test('overcharge with the rider’s distance: a Saturday ride is bandeira 2', () => {
		const r = overcharge(new Date('2026-12-05T10:00:00-04:00'), 1000, ctx, profile.tariffDecrees, {
			km: parseKm('5') ?? undefined
		});
		expect(r).toMatchObject({ bandeira: 2, differenceCentavos: 355, distanceMissing: false });
	});
});

describe('Porto Velho: what the profile says it does not have', () => {
	test('the law’s text is not available, and says why', () => {
		const regime = pv.files.regimes['lei-1856-2009'];
		expect(regime?.text).toBeNull();
		expect(regime?.textReason).toMatch(/não está disponível/);
		expect(pv.lawTexts).toEqual({});
	});
	test('no offense catalog: the rider’s situations, citing nothing, go to the office unclassified', () => {
		expect(pv.files.regimes['lei-1856-2009']?.offenses).toBeNull();
		const [catalog, ...more] = pv.offenseCatalogs;
		expect(more).toEqual([]);
		expect(catalog?.unclassified).toMatch(/sem classificação/);
		expect(catalog?.situations.map((s) => s.code)).toContain('cobrou-mais');
		for (const s of catalog?.situations ?? []) expect(s.articles).toEqual([]);
		expect(catalog).toMatchObject({ penalties: [], escalation: [], notObservable: [] });
		if (catalog) expect(offensesOf(['cobrou-mais', 'direcao-perigosa'], catalog)).toEqual([]);
	});
	test('protocols carry PV, the samples are labelled, the stands lie inside the boundary', () => {
		expect(profile.protocolPrefix).toBe('PV');
		const stands = JSON.parse(pv.standsSample) as {
			sample: boolean;
			features: { geometry: { coordinates: [number, number] }; properties: { name: string } }[];
		};
		expect(stands.sample).toBe(true);
		const area = parseBoundary(JSON.parse(pv.boundary));
		expect(stands.features.length).toBeGreaterThan(0);
		for (const f of stands.features) {
			expect(f.properties.name).toMatch(/\(exemplo\)$/);
			const [lng, lat] = f.geometry.coordinates;
			expect(pointInPolygon({ lat, lng }, area), f.properties.name).toBe(true);
		}
		// A point in Rolim de Moura is not in Porto Velho.
		expect(pointInPolygon({ lat: -11.7271, lng: -61.7714 }, area)).toBe(false);
		expect(pv.registrySample.split('\n')[0]).toMatch(/^prefixo,placa,/);
	});
});

describe('Porto Velho: the registry without the law’s requirements (registry rules null)', () => {
	const today = '2026-12-02';
	const { entries, errors, warnings } = validateRegistryCsv(pv.registrySample, {
		today,
		rules: registryRulesOn(today, profile.registryRules)
	});
	test('the sample registry reads without errors, and no Art. 10-like cap is checked', () => {
		expect(profile.registryRules).toEqual([]);
		expect(errors).toEqual([]);
		expect(warnings).toEqual([]);
		expect(entries).toHaveLength(20);
	});
	const cases: [situacao: 'ativa' | 'suspensa' | 'cassada', validade: string, verdict: string][] = [
		['ativa', '2027-01-01', 'regular'],
		['ativa', '2026-12-01', 'irregular'],
		['suspensa', '2027-01-01', 'irregular'],
		['cassada', '2027-01-01', 'irregular']
	];
	for (const [situacao, validade, verdict] of cases)
		test(`authorization ${situacao}, valid until ${validade} → ${verdict}, citing no article`, () => {
			const first = entries[0];
			if (!first) throw new Error('no sample entry');
			// Old, under-powered and uninspected: none of that is checked without the law's text.
			const entry = {
				...first,
				situacao,
				autorizacaoValidade: validade,
				anoFabricacao: 1990,
				cilindradas: 50,
				ultimaVistoria: '2001-01-01'
			};
			const result = verifyOn(entry, today, null);
			expect(result.verdict).toBe(verdict);
			expect(result.checks.map((c) => [c.id, c.article])).toEqual([['autorizacao', '']]);
			expect(result.checks[0]?.detail).not.toMatch(/Art\./);
		});
});
