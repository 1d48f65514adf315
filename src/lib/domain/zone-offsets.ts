/**
 * Reading a zone's UTC offsets over a span of time through Intl, on the server, so that a page's
 * script can read the zone's clock by arithmetic (clock.ts, `useZoneOffsets`) without starting
 * ICU while its answer wakes up.
 */
import { wallClockIntl, type ZoneOffsets } from './clock';

/** The zone's offset at `ms`, in whole minutes (through Intl). */
function offsetAt(ms: number, timeZone: string): number {
	return wallClockIntl(ms, timeZone).offset;
}

/** Offsets are sampled this far apart; a zone changes its offset far less often. */
const SAMPLE_MS = 6 * 3_600_000;

const spans = new Map<string, ZoneOffsets>();

/**
 * The zone's offsets from `from` to `to` (each change found to the millisecond). Kept once read:
 * a server asks for the same years' span on every request.
 * @example zoneOffsets('America/Porto_Velho', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)).offsets //=> [[1767225600000, -240]]
 */
export function zoneOffsets(timeZone: string, from: number, to: number): ZoneOffsets {
	const key = `${timeZone}|${from}|${to}`;
	const kept = spans.get(key);
	if (kept) return kept;
	const offsets: [number, number][] = [[from, offsetAt(from, timeZone)]];
	let last = offsets[0]?.[1] ?? 0;
	for (let t = from; t < to;) {
		const next = Math.min(t + SAMPLE_MS, to);
		const offset = offsetAt(next, timeZone);
		if (offset !== last) {
			// The change is in (t, next]: the first millisecond with the new offset.
			let lo = t;
			let hi = next;
			while (hi - lo > 1) {
				const mid = Math.floor((lo + hi) / 2);
				if (offsetAt(mid, timeZone) === last) lo = mid;
				else hi = mid;
			}
			if (hi < to) offsets.push([hi, offset]);
			last = offset;
		}
		t = next;
	}
	const span = { timeZone, from, to, offsets };
	spans.set(key, span);
	return span;
}

const DAY_MS = 86_400_000;

/**
 * The zone's offsets over whole years, and a day either side (any zone's new year falls in there).
 * @example zoneOffsetsOfYears('America/Porto_Velho', 2026, 2026).to //=> Date.UTC(2027, 0, 2)
 */
export function zoneOffsetsOfYears(timeZone: string, first: number, last: number): ZoneOffsets {
	return zoneOffsets(timeZone, Date.UTC(first, 0, 1) - DAY_MS, Date.UTC(last + 1, 0, 1) + DAY_MS);
}
