/**
 * A recording's length as a phone's player shows it: minutes and two-digit seconds ("0:03",
 * "1:00"). Rounded to the nearest second, so a recording of 2.6 s reads as the 3 s the rider heard.
 * @example recordingClock(3060) //=> '0:03'
 * @example recordingClock(60_000) //=> '1:00'
 */
export function recordingClock(ms: number): string {
	const seconds = Number.isFinite(ms) && ms > 0 ? Math.round(ms / 1000) : 0;
	return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
