import { expect, test } from 'vitest';
import { brDate, brDateTime } from './br';

const ZONE = 'America/Porto_Velho';
const cases: [iso: string, seconds: boolean, expected: string, why: string][] = [
	[
		'2026-12-02T03:30:00Z',
		false,
		'01/12/2026 23:30',
		'UTC−4: still the previous day in Rolim de Moura'
	],
	['2026-12-02T14:05:09Z', false, '02/12/2026 10:05', 'to the minute by default'],
	['2026-12-02T14:05:09Z', true, '02/12/2026 10:05:09', 'with seconds (audit log)'],
	['2027-01-01T03:59:59Z', true, '31/12/2026 23:59:59', 'New Year arrives four hours after UTC']
];
for (const [iso, seconds, expected, why] of cases)
	test(`brDateTime(${iso}) → ${expected}: ${why}`, () =>
		expect(brDateTime(iso, ZONE, seconds)).toBe(expected));

test('brDate writes dd/mm/aaaa', () => expect(brDate('2026-08-05')).toBe('05/08/2026'));
