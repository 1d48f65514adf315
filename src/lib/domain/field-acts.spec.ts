/**
 * The law's other field acts, from each regime's data:
 * - Feira de Santana, Lei 3.815/2018 Art. 41: a preliminary notice gives at most 10 days to adapt,
 *   only for the incisos of its parágrafo único (II, III, VI, VIII, IX, XV, XVI — "do art. 47", read
 *   as Art. 44); on or after the deadline the agent records "adapted" or opens the auto.
 * - Feira Art. 48 §§2º–6º: the impound's deposit (§3º), inspection at once (§2º), release after the
 *   undertaking to adapt within 30 days (§3º), costs (§4º), inspection before release (§5º), auction
 *   after 2 months unclaimed (§6º).
 * - Rolim de Moura, Lei 2.059/2011 Art. 22 §§1º–3º: deposit and release with 30 days (§1º), costs
 *   (§2º), auction after 3 months (§3º); no notice, no inspection term.
 * - Porto Velho (no law text): neither act.
 */
import { describe, expect, test } from 'vitest';
import { profileFixture } from '$lib/profile/fixtures';
import {
	actNumber,
	addMonths,
	impoundAllowed,
	impoundDates,
	impoundTermsView,
	noticeActions,
	noticeAllowed,
	noticeDeadline,
	parseActNumber,
	type NoticeStatus
} from './field-acts';

const acts = (city: string) => profileFixture(city).profile.laws.at(-1)?.fieldActs;
const feira = acts('feira-de-santana')!;
const rolim = acts('rolim-de-moura')!;

describe('which law has which act', () => {
	test.each([
		['feira-de-santana', true, true, 'Art. 41 and Art. 48'],
		['rolim-de-moura', false, true, 'Art. 22 only: Lei 2.059/2011 has no preliminary notice'],
		['porto-velho', false, false, 'no law text: nothing']
	])('%s: notice %s, impound %s (%s)', (city, notice, impound) => {
		expect(!!acts(city)?.preliminaryNotice).toBe(notice);
		expect(!!acts(city)?.impound).toBe(impound);
	});
});

describe('preliminary notice (Feira Art. 41)', () => {
	const rule = feira.preliminaryNotice!;
	test('10 days, cited', () => {
		expect(rule.days).toBe(10);
		expect(rule.cite).toBe('Art. 41');
		expect(rule.provisionsCite).toBe('Art. 41 parágrafo único');
	});

	test.each([
		['art44-II', true, 'hygiene of the vehicle and helmet (Art. 41 p.u., II)'],
		['art44-III', true, 'attire (III)'],
		['art44-VI', true, 'smoking (VI)'],
		['art44-VIII', true, 'leaving the vehicle at the stand (VIII)'],
		['art44-IX', true, 'refuelling with a passenger (IX)'],
		['art44-XV', true, 'touting at bus or taxi stops (XV)'],
		['art44-XVI', true, 'towing (XVI)'],
		['art44-I', false, 'not listed: the auto, no notice'],
		['art44-XLII', false, 'a grave offence: never a notice'],
		['art47-II', false, 'the literal "art. 47" reference is read as Art. 44']
	])('%s may be noticed: %s (%s)', (provision, allowed) => {
		expect(noticeAllowed(rule, provision)).toBe(allowed);
	});

	test('Rolim de Moura has no notice: none allowed', () => {
		expect(noticeAllowed(rolim.preliminaryNotice, 'art20-VII')).toBe(false);
	});

	test.each([
		['2026-12-08', '2026-12-18', 'ten calendar days (Art. 41)'],
		['2026-12-25', '2027-01-04', 'across the year, holidays counted (calendar days)'],
		['2028-02-25', '2028-03-06', 'a leap February']
	])('given on %s, the driver adapts until %s (%s)', (day, deadline) => {
		expect(noticeDeadline(day, rule)).toBe(deadline);
	});

	test.each([
		['aberta', '2026-12-17', 'wait', 'within the period: nothing to record yet'],
		['aberta', '2026-12-18', 'decide', 'on the deadline: adapted or the auto'],
		['aberta', '2027-01-10', 'decide', 'after the deadline'],
		['adequada', '2026-12-20', 'closed', 'adapted: closed'],
		['autuada', '2026-12-20', 'closed', 'turned into an auto: closed']
	] as [NoticeStatus, string, string, string][])(
		'a notice %s on %s: %s (%s)',
		(status, today, action) => {
			expect(noticeActions({ status, deadline: '2026-12-18' }, today)).toBe(action);
		}
	);
});

describe('impound terms', () => {
	test.each([
		['feira', '2026-12-08', '2027-02-08', 'Feira Art. 48 §6º: 2 months'],
		['feira', '2026-12-31', '2027-02-28', 'Feira: the end of a shorter month'],
		['rolim', '2026-12-08', '2027-03-08', 'Rolim Art. 22 §3º: 3 months'],
		['rolim', '2026-11-30', '2027-02-28', 'Rolim: February has no 30th']
	])('%s, impounded %s: auction from %s (%s)', (city, day, auction) => {
		const rule = (city === 'feira' ? feira : rolim).impound!;
		expect(impoundDates(day, rule).auctionFrom).toBe(auction);
	});

	test.each([
		['2024-01-31', 1, '2024-02-29'],
		['2026-10-15', 3, '2027-01-15'],
		['2026-12-08', 0, '2026-12-08']
	])('addMonths(%s, %i) is %s', (day, months, out) => {
		expect(addMonths(day, months)).toBe(out);
	});

	test('Feira (Art. 48 §§2º–6º): deposit, inspections, release in 30 days, costs, auction', () => {
		const terms = impoundTermsView(feira.impound!, '2026-12-08');
		expect(terms.map((t) => [t.key, t.cite])).toEqual([
			['deposit', 'Art. 48 §3º'],
			['inspection', 'Art. 48 §2º'],
			['release', 'Art. 48 §3º'],
			['releaseInspection', 'Art. 48 §5º'],
			['costs', 'Art. 48 §4º'],
			['auction', 'Art. 48 §6º']
		]);
		const text = Object.fromEntries(terms.map((t) => [t.key, t.text]));
		expect(text['deposit']).toContain('pátio do Poder Autorizante');
		expect(text['release']).toContain('30 dias');
		expect(text['auction']).toContain('2 meses');
		expect(text['auction']).toContain('08/02/2027');
	});

	test('Rolim de Moura (Art. 22 §§1º–3º): no inspection terms; 3 months to auction', () => {
		const terms = impoundTermsView(rolim.impound!, '2026-12-08');
		expect(terms.map((t) => [t.key, t.cite])).toEqual([
			['deposit', 'Art. 22 §1º'],
			['release', 'Art. 22 §1º'],
			['costs', 'Art. 22 §2º'],
			['auction', 'Art. 22 §3º']
		]);
		expect(terms.find((t) => t.key === 'deposit')?.text).toContain('depósito da Prefeitura');
		expect(terms.find((t) => t.key === 'auction')?.text).toContain('3 meses');
	});

	test.each([
		['feira', 'art44-XX', true, 'Art. 48, I lists XX'],
		['feira', 'art48-II', true, 'Art. 48, II: a repeat offence'],
		['feira', 'art44-II', false, 'a light offence is no ground'],
		['rolim', 'art22-II', true, 'Art. 22, II: a vehicle not authorized'],
		['rolim', 'art22-XIII', false, 'Art. 22 has twelve incisos']
	])('%s: %s grounds an impound: %s (%s)', (city, provision, allowed) => {
		expect(impoundAllowed((city === 'feira' ? feira : rolim).impound, provision)).toBe(allowed);
	});
});

describe('numbers', () => {
	test.each([
		['notice', 2026, 1, 'NP-2026-000001'],
		['impound', 2027, 42, 'AP-2027-000042']
	] as const)('%s %i/%i is %s, and back', (kind, year, seq, text) => {
		expect(actNumber(kind, year, seq)).toBe(text);
		expect(parseActNumber(kind, text)).toEqual({ year, seq });
	});
	test.each([
		['notice', 'AP-2026-000001'],
		['notice', 'NP-2026-000000'],
		['impound', 'AP-26-1'],
		['impound', "AP-2026-000001' or 1=1"]
	] as const)('%s refuses %s', (kind, text) => {
		expect(parseActNumber(kind, text)).toBeNull();
	});
});
