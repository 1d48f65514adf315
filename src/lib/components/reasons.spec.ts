import { describe, expect, test } from 'vitest';
import { dayMonth, untilText } from './reasons';

// "A partir de …": when the other bandeira starts, said from the real now (every word the rider
// reads must be true then). America/Porto_Velho is UTC−4 all year.
const tz = 'America/Porto_Velho';
const at = (local: string) => new Date(`${local}:00-04:00`);
const thursday = at('2026-12-03T10:00');

describe('untilText: "amanhã" only when it truly is tomorrow', () => {
	const cases: [
		flag: 1 | 2,
		until: string,
		now: Date,
		planned: boolean,
		text: string,
		why: string
	][] = [
		[
			2,
			'2026-12-07T05:00',
			thursday,
			true,
			'Bandeira I a partir de segunda-feira, 7/12, 05:00',
			'Sunday night planned on a Thursday: Monday is not tomorrow'
		],
		[
			2,
			'2026-12-04T05:00',
			thursday,
			true,
			'Bandeira I a partir de amanhã, 05:00',
			'Thursday night planned on the Thursday: Friday truly is tomorrow'
		],
		[
			1,
			'2026-12-03T20:00',
			thursday,
			true,
			'Bandeira II a partir de hoje, 20:00',
			'a ride planned for today, night at 20:00 (Art. 16 §2º)'
		],
		[
			2,
			'2026-12-26T05:00',
			thursday,
			true,
			'Bandeira I a partir de sábado, 26/12, 05:00',
			'Christmas planned three weeks ahead'
		],
		[
			2,
			'2026-12-07T05:00',
			at('2026-12-05T21:00'),
			false,
			'Bandeira I a partir de segunda-feira, 05:00',
			'now, on a Saturday night: the weekday alone is unambiguous within the week'
		],
		[
			2,
			'2026-12-06T05:00',
			at('2026-12-05T21:00'),
			false,
			'Bandeira I a partir de amanhã, 05:00',
			'now, the night before'
		]
	];
	for (const [flag, until, now, planned, text, why] of cases)
		test(`${why} → "${text}"`, () =>
			expect(untilText(flag, at(until), now, tz, 'pt-BR', planned)).toBe(text));

	test('nothing changes within the rules shipped: nothing said', () =>
		expect(untilText(1, null, thursday, tz, 'pt-BR', true)).toBeNull());
});

describe('dayMonth: a planned ride’s day, unambiguous in each language', () => {
	// "7/12" is 7 December to a Brazilian and July 12 to an American: es and en name the month.
	const cases: [locale: string, date: string, text: string][] = [
		['pt-BR', '2026-12-07', '7/12'],
		['es', '2026-12-07', '7 de diciembre'],
		['en', '2026-12-07', 'December 7'],
		['en', '2027-06-01', 'June 1']
	];
	test.each(cases)('%s %s → %s', (locale, date, text) => expect(dayMonth(date, locale)).toBe(text));
});
