import { profileFixture } from '$lib/profile/fixtures';
import { describe, expect, test } from 'vitest';
import { composeYear, holidayName, type BaseHoliday, type HolidayProfile } from './holidays';
import { holidayService } from './holiday-source';
import { holidayProfileOf, type Profile } from './profile';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';

const service = holidayService(rolimDeMoura);
const on = (date: string) => service.calendar.holidaysOn(date);

describe('legal holidays that count for bandeira II (Art. 16 §1º "feriados")', () => {
	const cases: [date: string, name: string | null, scope: string | null, why: string][] = [
		['2026-01-01', 'Confraternização Universal (Ano Novo)', 'national', 'Lei 662/1949'],
		// Lei 9.093/1995, art. 2º: a religious holiday the municipality declares.
		['2026-04-03', 'Sexta-feira Santa', 'municipal', 'Good Friday, Lei 9.093/1995 art. 2º'],
		['2026-04-21', 'Tiradentes', 'national', 'Lei 662/1949'],
		['2026-10-12', 'Nossa Senhora Aparecida', 'national', 'Lei 6.802/1980'],
		['2023-11-20', null, null, '20 Nov was not yet national (Lei 14.759/2023, from 22/12/2023)'],
		['2024-11-20', 'Dia Nacional de Zumbi e da Consciência Negra', 'national', 'Lei 14.759/2023'],
		['2027-01-04', 'Criação do Estado de Rondônia', 'state', 'Lei estadual 2.291/2010'],
		['2026-06-18', 'Dia do Evangélico', 'state', 'Lei estadual 1.026/2001'],
		['2026-08-05', 'Aniversário de Rolim de Moura', 'municipal', 'municipal anniversary'],
		['2026-02-16', null, null, 'Carnaval Monday is ponto facultativo'],
		['2026-02-17', null, null, 'Carnaval Tuesday is ponto facultativo'],
		['2026-02-18', null, null, 'Ash Wednesday is ponto facultativo'],
		['2026-06-04', null, null, 'Corpus Christi is ponto facultativo'],
		['2026-12-24', null, null, 'Christmas Eve afternoon is ponto facultativo'],
		['2026-12-31', null, null, 'New Year Eve afternoon is ponto facultativo'],
		['2024-01-02', null, null, 'the state moved 4 Jan by decree; the profile does not follow it'],
		['2024-01-04', 'Criação do Estado de Rondônia', 'state', 'the legal date still counts']
	];
	for (const [date, name, scope, why] of cases) {
		test(`${date}: ${name ?? 'not a holiday'} — ${why}`, () => {
			const found = on(date);
			if (name === null) expect(found).toEqual([]);
			else expect(found).toMatchObject([{ date, name, scope }]);
		});
	}

	test('every holiday carries a name, a scope and a legal source', () => {
		for (let year = 2012; year <= 2035; year++) {
			const cal = service.year(year);
			expect(cal.unsourced, `public days without a source in ${year}`).toEqual([]);
			for (const h of cal.holidays) {
				expect(h.name.length).toBeGreaterThan(0);
				expect(h.source).toMatch(/Lei|Decreto/);
			}
		}
	});

	test('ponto facultativo days are listed apart, with their source', () => {
		const names = service.year(2026).facultativos.map((f) => `${f.date} ${f.name}`);
		expect(names).toEqual([
			'2026-02-16 Carnaval (segunda-feira)',
			'2026-02-17 Carnaval (terça-feira)',
			'2026-02-18 Quarta-feira de Cinzas (até as 14h)',
			'2026-06-04 Corpus Christi',
			'2026-12-24 Véspera de Natal (à tarde)',
			'2026-12-31 Véspera de Ano Novo (à tarde)'
		]);
	});
});

describe('decreed days (profile data with the decree that makes them)', () => {
	const base: BaseHoliday[] = [
		{ date: '2026-06-18', rule: '06-18', name: 'Dia do evangélico', type: 'public' },
		{ date: '2026-06-04', rule: 'easter 60', name: 'Corpo de Deus', type: 'bank' }
	];
	const data: HolidayProfile = {
		legal: { '06-18': { scope: 'state', source: 'Lei estadual nº 1.026/2001' } },
		facultativos: { 'easter 60': { name: 'Corpus Christi', source: 'Portaria' } },
		municipal: [],
		decreedDays: [
			{
				date: '2026-06-04',
				action: 'add',
				name: 'Corpus Christi',
				reference: 'Decreto municipal nº 1/2026'
			},
			{
				date: '2026-06-18',
				action: 'remove',
				name: 'Dia do Evangélico',
				reference: 'Decreto municipal nº 2/2026'
			}
		]
	};
	const cal = composeYear(2026, base, data);
	test('a decree adds a ponto facultativo day: it counts and leaves the facultativo list', () => {
		expect(cal.holidays).toEqual([
			{
				date: '2026-06-04',
				name: 'Corpus Christi',
				scope: 'decreed',
				source: 'Decreto municipal nº 1/2026'
			}
		]);
		expect(cal.facultativos).toEqual([]);
	});
	test('a decree removes a holiday: it no longer counts', () => {
		expect(cal.holidays.find((h) => h.date === '2026-06-18')).toBeUndefined();
	});
	test('a profile that follows the state transfers moves 4 Jan 2024 to 2 Jan', () => {
		const follows: Profile = {
			...rolimDeMoura,
			stateTransfers: { ...rolimDeMoura.stateTransfers, followForBandeira: true }
		};
		const moved = holidayService(follows);
		expect(moved.calendar.holidaysOn('2024-01-04')).toEqual([]);
		expect(moved.calendar.holidaysOn('2024-01-02')).toMatchObject([
			{ scope: 'decreed', source: 'Decreto estadual nº 28.680/2023' }
		]);
		expect(holidayProfileOf(rolimDeMoura)).toBe(rolimDeMoura.holidays);
	});
});

describe('Feira de Santana’s golden calendars (Lei 851/1978, Bahia’s 2 July)', () => {
	const feira = holidayService(profileFixture('feira-de-santana').profile);
	for (const year of [2026, 2027]) {
		test(`feira-de-santana/holidays-${year}.json`, async () => {
			const { holidays, facultativos } = feira.year(year);
			await expect(
				JSON.stringify({ year, holidays, facultativos }, null, '\t') + '\n'
			).toMatchFileSnapshot(`./fixtures/golden/feira-de-santana/holidays-${year}.json`);
		});
	}
});

describe('golden calendars (review the diff whenever data or date-holidays change)', () => {
	for (const year of [2024, 2025, 2026, 2027]) {
		test(`holidays-${year}.json`, async () => {
			const { holidays, facultativos } = service.year(year);
			await expect(
				JSON.stringify({ year, holidays, facultativos }, null, '\t') + '\n'
			).toMatchFileSnapshot(`./fixtures/golden/rolim-de-moura/holidays-${year}.json`);
		});
	}
});

describe('holiday names in the rider’s language', () => {
	const natal = service.year(2026).holidays.find((h) => h.date === '2026-12-25');
	const cases: [locale: string, name: string][] = [
		['pt-BR', 'Natal'],
		['es', 'Navidad'],
		['en', 'Christmas Day']
	];
	for (const [locale, name] of cases)
		test(`25/12 in ${locale} → ${name}`, () =>
			expect(natal && holidayName(natal, locale)).toBe(name));
	test('a name the source does not translate stays in Portuguese', () =>
		expect(holidayName({ name: 'Aniversário de Rolim de Moura' }, 'en')).toBe(
			'Aniversário de Rolim de Moura'
		));
});
