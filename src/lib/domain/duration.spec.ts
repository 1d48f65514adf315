import { describe, expect, test } from 'vitest';
import { recordingClock } from './duration';

describe('recordingClock', () => {
	const cases: [ms: number, shown: string, why: string][] = [
		[0, '0:00', 'nothing recorded yet'],
		[3060, '0:03', 'a 3 s recording with its last Opus packet'],
		[2600, '0:03', 'rounded to what the rider heard'],
		[59_400, '0:59', 'just under a minute'],
		[60_000, '1:00', 'the recorder’s limit'],
		[90_999, '1:31', 'the server’s limit with its slack'],
		[600_000, '10:00', 'minutes are not capped'],
		[-5, '0:00', 'never negative'],
		[Number.NaN, '0:00', 'an unreadable length'],
		[Number.POSITIVE_INFINITY, '0:00', 'a live stream’s length (Chromium, before the end)']
	];
	for (const [ms, shown, why] of cases)
		test(`${ms} ms → ${shown}: ${why}`, () => expect(recordingClock(ms)).toBe(shown));
});
