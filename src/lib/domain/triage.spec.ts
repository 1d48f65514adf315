import { describe, expect, test } from 'vitest';
import { holidayService } from './holiday-source';
import {
	answerDue,
	articleOptions,
	autoDeadlines,
	daysBetween,
	deadlineText,
	EMPTY_FILTER,
	filterParams,
	overdueBefore,
	parseQueueFilter,
	type AutoDeadlineInput
} from './triage';
import type { Procedure } from './profile';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';

const calendar = holidayService(rolimDeMoura).calendar;

describe('parseQueueFilter: the GET form of the queue', () => {
	test('every filter, read and written back the same', () => {
		const query =
			'status=abertas&de=2026-11-01&ate=2026-12-01&veiculo=7&artigo=art21-XVII&atrasadas=1&busca=pra%C3%A7a';
		const { filter, errors } = parseQueueFilter(new URLSearchParams(`${query}&pagina=3`));
		expect(errors).toEqual({});
		expect(filter).toEqual({
			status: 'abertas',
			from: '2026-11-01',
			to: '2026-12-01',
			vehicle: { kind: 'prefixo', prefixo: '7' },
			article: 'art21-XVII',
			overdue: true,
			text: 'praça',
			page: 3
		});
		expect(filterParams(filter).toString()).toBe(query);
	});

	const bad: [query: string, field: string, why: string][] = [
		['status=aberta', 'status', 'no such state'],
		['de=2026-02-30', 'de', '30 February does not exist'],
		['de=2026-12-02&ate=2026-12-01', 'ate', 'the end before the start'],
		['veiculo=xyz', 'veiculo', 'neither a prefix nor a plate'],
		['artigo=21', 'artigo', 'an article is named as on /lei (art21)'],
		["artigo=art21'--", 'artigo', 'nothing else reaches the query'],
		// A far date is a field error, not a RangeError (a 500) further on.
		['ate=9999-12-31', 'ate', 'beyond 2100'],
		['de=0001-01-01', 'de', 'before the law (2011)'],
		['de=2010-12-31', 'de', 'the day before the range']
	];
	for (const [query, field, why] of bad)
		test(`${query} → error on ${field}: ${why}`, () => {
			const { filter, errors } = parseQueueFilter(new URLSearchParams(query));
			expect(Object.keys(errors)).toEqual([field]);
			if (field !== 'ate') expect(filter).toEqual(EMPTY_FILTER);
		});

	test('a page that is no page is the first', () => {
		expect(parseQueueFilter(new URLSearchParams('pagina=-2')).filter.page).toBe(1);
		expect(parseQueueFilter(new URLSearchParams('pagina=abc')).filter.page).toBe(1);
	});

	test('a plate is a vehicle too', () => {
		expect(parseQueueFilter(new URLSearchParams('veiculo=abc-1234')).filter.vehicle).toMatchObject({
			kind: 'placa',
			placa: 'ABC1234'
		});
	});
});

describe('answer to the rider (Lei 13.460/2017, art. 16)', () => {
	const cases: [
		status: 'recebida' | 'em_analise' | 'procedente',
		received: string,
		extended: boolean,
		today: string,
		due: string | null,
		overdue: boolean,
		why: string
	][] = [
		['recebida', '2026-11-01', false, '2026-12-01', '2026-12-01', false, 'the 30th day is in time'],
		['recebida', '2026-11-01', false, '2026-12-02', '2026-12-01', true, 'the 31st is late'],
		['em_analise', '2026-11-01', true, '2026-12-02', '2026-12-31', false, 'extended once by 30'],
		['procedente', '2026-01-01', false, '2026-12-02', null, false, 'a closed complaint has none']
	];
	for (const [status, receivedOn, extended, today, due, overdue, why] of cases)
		test(`${status}, received ${receivedOn}, extended ${extended}, on ${today}: ${why}`, () => {
			const d = answerDue({ status, receivedOn, extended }, today);
			expect(d?.due ?? null).toBe(due);
			expect(d?.overdue ?? false).toBe(overdue);
		});

	test('the database filter agrees with answerDue on both sides of the line', () => {
		const today = '2026-12-02';
		for (const extended of [false, true]) {
			const line = overdueBefore(today, extended);
			const status = 'recebida';
			expect(answerDue({ status, receivedOn: line, extended }, today)?.overdue).toBe(false);
			const before = `${line.slice(0, 8)}${String(Number(line.slice(8)) - 1).padStart(2, '0')}`;
			expect(answerDue({ status, receivedOn: before, extended }, today)?.overdue).toBe(true);
		}
	});
});

describe('autoDeadlines: defense (Art. 27) and reconsideration (Art. 28 §1º), business days', () => {
	const auto = (a: Partial<AutoDeadlineInput>): AutoDeadlineInput => ({
		notifiedOn: null,
		decision: 'pendente',
		decidedOn: null,
		...a
	});

	test('no notice yet: no defense window runs', () => {
		expect(autoDeadlines(auto({}), '2026-12-02', calendar, rolimDeMoura.procedures)).toEqual({
			defense: null,
			reconsideration: null,
			decisionDue: false
		});
	});

	const cases: [notified: string, today: string, due: string, decisionDue: boolean, why: string][] =
		[
			['2026-12-02', '2026-12-17', '2026-12-17', false, 'day 15, a Thursday: still in time'],
			['2026-12-02', '2026-12-18', '2026-12-17', true, 'day 16: SEMAM decides (Art. 28 caput)'],
			['2026-12-10', '2026-12-26', '2026-12-28', false, 'day 15 is Christmas, then a weekend'],
			['2026-07-21', '2026-08-05', '2026-08-06', false, 'day 15 is 5 Aug, municipal anniversary']
		];
	for (const [notifiedOn, today, due, decisionDue, why] of cases)
		test(`notified ${notifiedOn}, on ${today} → defense until ${due}: ${why}`, () => {
			const d = autoDeadlines(auto({ notifiedOn }), today, calendar, rolimDeMoura.procedures);
			expect(d.defense?.due).toBe(due);
			expect(d.decisionDue).toBe(decisionDue);
		});

	test('penalty imposed on 22 Dec: reconsideration until 30 Dec (Christmas is no business day)', () => {
		const d = autoDeadlines(
			auto({ notifiedOn: '2026-12-02', decision: 'imposta', decidedOn: '2026-12-22' }),
			'2026-12-31',
			calendar,
			rolimDeMoura.procedures
		);
		expect(d.reconsideration).toEqual({ due: '2026-12-30', daysLeft: -1, overdue: true });
		expect(d.decisionDue).toBe(false);
	});

	// The procedure in force on the day each deadline starts (a test-only later law with
	// 10 days of defense and 3 business days of reconsideration from 2027-01-01).
	const procedures: Procedure[] = [
		{ ...rolimDeMoura.procedures[0]!, validTo: '2026-12-31' },
		{
			validFrom: '2027-01-01',
			law: 'Lei 1/2026',
			lawId: 'lei-teste-2027',
			notice: null,
			auto: rolimDeMoura.procedures[0]!.auto,
			defence: { days: 10, counting: 'calendar' },
			review: { kind: 'reconsideration', days: 3, counting: 'business' }
		}
	];
	const byRegime: [
		notified: string,
		decided: string,
		defense: string,
		recon: string,
		why: string
	][] = [
		[
			'2026-12-02',
			'2026-12-22',
			'2026-12-17',
			'2026-12-30',
			'Lei 2.059/2011: 15 days, 5 business days'
		],
		[
			'2027-01-04',
			'2027-01-20',
			'2027-01-14',
			'2027-01-25',
			'the later law: 10 days, 3 business days'
		],
		[
			'2026-12-28',
			'2027-01-20',
			'2027-01-12',
			'2027-01-25',
			'notified under the old law, decided under the new'
		]
	];
	for (const [notifiedOn, decidedOn, defense, recon, why] of byRegime)
		test(`notified ${notifiedOn}, decided ${decidedOn} → ${defense} / ${recon}: ${why}`, () => {
			const d = autoDeadlines(
				auto({ notifiedOn, decision: 'imposta', decidedOn }),
				'2027-02-01',
				calendar,
				procedures
			);
			expect([d.defense?.due, d.reconsideration?.due]).toEqual([defense, recon]);
		});
});

describe('deadlineText: overdue said in words, not by colour alone', () => {
	const cases: [daysLeft: number, text: string][] = [
		[-1, 'Atrasado 1 dia (01/12/2026)'],
		[-3, 'Atrasado 3 dias (01/12/2026)'],
		[0, 'Vence hoje (01/12/2026)'],
		[5, '5 dias (até 01/12/2026)']
	];
	for (const [daysLeft, text] of cases)
		test(`${daysLeft} → ${text}`, () =>
			expect(deadlineText({ due: '2026-12-01', daysLeft, overdue: daysLeft < 0 })).toBe(text));
});

test('daysBetween across a year end', () => {
	expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
	expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
});

test('articleOptions: whole articles first, then provisions in the law’s order', () => {
	expect(
		articleOptions(
			['art21-XVII', 'art20-VII', 'art21-IX', 'art5-IV'],
			['art25', 'art20', 'art21', 'art22', 'art24']
		).map((o) => o.cite)
	).toEqual([
		'Art. 20',
		'Art. 21',
		'Art. 22',
		'Art. 24',
		'Art. 25',
		'Art. 5º, IV',
		'Art. 20, VII',
		'Art. 21, IX',
		'Art. 21, XVII'
	]);
});
