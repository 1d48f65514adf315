/**
 * Legal errors found by a review of Lei 2.059/2011 against the app, each fixed and pinned by a
 * case citing the article.
 */
import { describe, expect, test } from 'vitest';
import { addBusinessDays, isBusinessDay, reviewDeadline } from './complaint';
import { holidayService } from './holiday-source';
import { bandeiraAt } from './bandeira';
import { conductLeft } from './offenses';
import { authorizationCap } from './registry';
import type { Profile } from './profile';
import { lei2059Offenses as catalog, rolimDeMoura } from '$lib/profile/rolim-de-moura';
import { profileFixture } from '$lib/profile/fixtures';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import ptBR from '../../../messages/pt-BR.json';

const regime = rolimDeMoura.laws[0]!;
const situation = (code: string) => catalog.situations.find((s) => s.code === code)!;

describe('one conduct, one offence, decided per reported situation (Art. 21, VI)', () => {
	const reported = [situation('sem-colete'), situation('sem-prefixo')];
	const orders: [first: string, second: string][] = [
		['art21-VI', 'art5-III'],
		['art21-VI', 'art6-V'],
		['art5-III', 'art6-V'],
		['art6-V', 'art21-VI'],
		['art5-III', 'art21-VI']
	];
	for (const [first, second] of orders)
		test(`"sem colete" + "sem prefixo": ${first} then ${second} → two autos, never a third`, () => {
			expect(conductLeft(reported, [], first)).toBe(true);
			expect(conductLeft(reported, [first], second)).toBe(true);
			for (const third of ['art21-VI', 'art5-III', 'art6-V'])
				expect(conductLeft(reported, [first, second], third)).toBe(false);
		});
	test('one situation with two provisions (Art. 21, VI and Art. 5º, III) is one auto', () => {
		expect(conductLeft([situation('sem-colete')], ['art21-VI'], 'art5-III')).toBe(false);
	});
});

test('the sample tariff adds no "loteamento afastado": Art. 16 sets two bandeiras only', () => {
	for (const d of rolimDeMoura.tariffDecrees) expect(d.surcharges).toEqual([]);
	expect(rolimDeMoura.tariffDecrees[0]?.note).toContain('Art. 16 prevê só duas tarifas');
});

test('age and engine size lead to a multa (Art. 21 XVI), a lapsed certidão to apreensão (Art. 22 VI)', () => {
	const checks = rolimDeMoura.registryRules[0]!.checks;
	expect(checks).toMatchObject({
		idade: { effect: 'warns', sanctions: [{ penalty: 'multa', cite: 'Art. 21 XVI' }] },
		cilindradas: { effect: 'warns', sanctions: [{ penalty: 'multa', cite: 'Art. 21 XVI' }] },
		certidao: { effect: 'warns', sanctions: [{ penalty: 'apreensao', cite: 'Art. 22 VI' }] }
	});
	expect(regime.cites).toMatchObject({
		ageSanction: 'Art. 21 XVI',
		ccSanction: 'Art. 21 XVI',
		certidaoSanction: 'Art. 22 VI'
	});
});

describe('business days do not count the days the office is closed (Art. 28 §1º)', () => {
	const calendar = holidayService(rolimDeMoura).calendar;
	const procedure = rolimDeMoura.procedures[0]!;
	test('Carnaval (ponto facultativo) is no business day, and no bandeira II either', () => {
		expect(isBusinessDay('2026-02-16', calendar)).toBe(false);
		expect(isBusinessDay('2026-02-17', calendar)).toBe(false);
		// Ash Wednesday: the office opens at 14:00.
		expect(isBusinessDay('2026-02-18', calendar)).toBe(true);
		const ctx = { timeZone: rolimDeMoura.timeZone, rules: rolimDeMoura.bandeiraRules, calendar };
		expect(bandeiraAt(new Date('2026-02-16T10:00:00-04:00'), ctx)?.flag).toBe(1);
	});
	test('5 business days from Friday 13 Feb 2026 end on 24 Feb, not on Carnaval week’s 20th', () =>
		expect(reviewDeadline('2026-02-13', calendar, procedure)).toBe('2026-02-24'));
	test('a decree that closes the office: no business day, and still bandeira I', () => {
		const closed: Profile = {
			...rolimDeMoura,
			holidays: {
				...rolimDeMoura.holidays,
				decreedDays: [
					{
						date: '2026-03-10',
						action: 'close',
						name: 'Expediente suspenso',
						reference: 'Decreto municipal de teste'
					}
				]
			}
		};
		const cal = holidayService(closed).calendar;
		expect(isBusinessDay('2026-03-10', cal)).toBe(false);
		expect(addBusinessDays('2026-03-09', 1, cal)).toBe('2026-03-11');
		const ctx = { timeZone: closed.timeZone, rules: closed.bandeiraRules, calendar: cal };
		expect(bandeiraAt(new Date('2026-03-10T10:00:00-04:00'), ctx)?.flag).toBe(1);
	});
});

test('Art. 6 V d "motocímetro" is the fare meter, not a speedometer (pt, es, en)', () => {
	const items = regime.checklist?.vehicle.map((i) => i.item) ?? [];
	expect(items).toContain('fareMeter');
	expect(items).not.toContain('speedometer');
	expect(ptBR.checklist_fare_meter).toContain('taxímetro');
	expect(es.checklist_fare_meter).toContain('taxímetro');
	expect(en.checklist_fare_meter).toContain('fare meter');
});

test('the Art. 10 cap counts the Censo 2022 population, with its source: 56,406 → 64', () => {
	expect(rolimDeMoura.population).toMatchObject({ count: 56406, year: 2022 });
	expect(rolimDeMoura.population.source).toContain('Censo 2022');
	expect(authorizationCap(rolimDeMoura.registryRules[0]!)).toBe(64);
});

test('Porto Velho: the 2011 table is the last known one, with Decreto 13.847/2015 reported', () => {
	const pv = profileFixture('porto-velho').profile;
	expect(pv.tariffDecrees[0]?.unconfirmed).toContain('13.847/2015');
	const unauthorized = profileFixture('porto-velho').offenseCatalogs[0]?.situations.map(
		(s) => s.code
	);
	expect(unauthorized).toContain('moto-nao-autorizada');
});
