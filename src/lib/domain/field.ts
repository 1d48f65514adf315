/**
 * The fiscal's field mode, pure parts: the law's whole catalogue of conducts as the agent searches
 * it (by words or by article and inciso), the numbers a device's blocks give, the phone's clock
 * against the server's, and the checks an auto found in the street must pass before it counts.
 *
 * One conduct, one offence: the agent picks a conduct (a rider's situation, or an inciso no rider
 * can observe) and ONE of its provisions; an auto never carries two provisions of one conduct.
 */
import type { LocalDate } from './clock';
import type { OffenseCatalog } from './offense-types';
import { byProvision, citeOf } from './provision-id';

/** A conduct the agent can record, with the provisions it breaches (gravest choice is the agent's). */
export interface FieldConduct {
	/** A situation's code, or `inciso:<anchor>` for an inciso no rider can observe. */
	code: string;
	/** The situation's words, or the inciso's text from the law. */
	label: string;
	provisions: readonly { article: string; cite: string; text: string | null }[];
}

/**
 * Every conduct of `catalog`: its situations, then each inciso no rider can observe as a conduct of
 * its own. `textOf` gives the law's words of an anchor (null where the text is not available).
 */
export function fieldConducts(
	catalog: OffenseCatalog,
	textOf: (article: string) => string | null
): FieldConduct[] {
	const provision = (article: string) => ({
		article,
		cite: citeOf(article),
		text: textOf(article)
	});
	const situations = catalog.situations
		.filter((s) => s.articles.length > 0)
		.map((s) => ({
			code: s.code,
			label: s.wording['pt-BR'],
			provisions: [...s.articles].sort(byProvision).map(provision)
		}));
	const covered = new Set(catalog.situations.flatMap((s) => s.articles));
	const hidden = catalog.notObservable
		.filter((n) => !covered.has(n.article))
		.map((n) => ({
			code: `inciso:${n.article}`,
			label: textOf(n.article) ?? citeOf(n.article),
			provisions: [provision(n.article)]
		}));
	return [...situations, ...hidden];
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * `art 20 vii`, `Art. 44, XLII`, `20-VII`, `XLII`: the article number and/or the inciso numeral a
 * query names, or null when it names none.
 */
function citeQuery(q: string): { article?: string; inciso?: string } | null {
	const m = /^(?:art\.?\s*)?(\d{1,3})?º?\s*[,\-\s]?\s*([ivxlc]+)?$/i.exec(q.trim());
	if (!m || (!m[1] && !m[2])) return null;
	return {
		...(m[1] ? { article: m[1] } : {}),
		...(m[2] ? { inciso: m[2].toUpperCase() } : {})
	};
}

/**
 * The conducts a query finds: by article and inciso (`20 VII`, `XLII`) on the provisions' anchors,
 * else every word (accents and case aside) in the label, the cites or the law's words. An empty
 * query finds every conduct.
 * @example searchConducts(all, 'art 20, VII') // the conducts citing Art. 20, VII
 */
export function searchConducts<T extends FieldConduct>(conducts: readonly T[], query: string): T[] {
	const q = query.trim();
	if (q === '') return [...conducts];
	const cite = citeQuery(q);
	if (cite) {
		const hits = conducts.filter((c) =>
			c.provisions.some((p) => {
				const m = /^art(\d+)(?:-([IVXLC]+))?/.exec(p.article);
				if (!m) return false;
				return (!cite.article || m[1] === cite.article) && (!cite.inciso || m[2] === cite.inciso);
			})
		);
		if (hits.length > 0 || !/^[ivxlc]+$/i.test(q)) return hits;
	}
	const words = fold(q).split(/\s+/).filter(Boolean);
	return conducts.filter((c) => {
		const hay = fold([c.label, ...c.provisions.flatMap((p) => [p.cite, p.text ?? ''])].join(' '));
		return words.every((w) => hay.includes(w));
	});
}

/** `AI-2026-000123` ↔ year and sequence (the same format as a complaint-born auto). */
export const FIELD_AUTO_NUMBER = /^AI-(\d{4})-(\d{6,9})$/;

export function autoNumber(year: number, seq: number): string {
	return `AI-${year}-${String(seq).padStart(6, '0')}`;
}

export function parseAutoNumber(number: string): { year: number; seq: number } | null {
	const m = FIELD_AUTO_NUMBER.exec(number);
	return m ? { year: Number(m[1]), seq: Number(m[2]) } : null;
}

/** A block of numbers a device holds: `first`–`last` of `year`. */
export interface NumberBlock {
	year: number;
	first: number;
	last: number;
}

/**
 * The next number a phone may give: the lowest of its blocks (oldest first) not yet used by an
 * auto kept on the phone or sent, or null when its blocks are spent.
 * @example nextNumber([{ year: 2026, first: 1, last: 3 }], ['AI-2026-000001']) //=> 'AI-2026-000002'
 */
export function nextFieldNumber(
	blocks: readonly NumberBlock[],
	used: readonly string[]
): string | null {
	const taken = new Set(used);
	for (const b of blocks)
		for (let seq = b.first; seq <= b.last; seq++) {
			const n = autoNumber(b.year, seq);
			if (!taken.has(n)) return n;
		}
	return null;
}

/** How many numbers of the blocks are still free. */
export function numbersLeft(blocks: readonly NumberBlock[], used: readonly string[]): number {
	const taken = new Set(used);
	let left = 0;
	for (const b of blocks)
		for (let seq = b.first; seq <= b.last; seq++) if (!taken.has(autoNumber(b.year, seq))) left++;
	return left;
}

/** Beyond this the phone's clock is said to be off (the five minutes). */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;

/**
 * The phone's instant corrected by the server's offset (server − phone, measured at the last
 * contact), and whether the phone's clock is off by more than the tolerance.
 */
export function correctedInstant(
	phoneMs: number,
	offsetMs: number | null
): { at: Date; off: boolean } {
	const offset = offsetMs ?? 0;
	return { at: new Date(phoneMs + offset), off: Math.abs(offset) > CLOCK_TOLERANCE_MS };
}

/** Why an auto found in the street cannot be accepted as dated, or null. */
export type DateProblem = 'future' | 'beforeLaw' | 'noCatalog';

/**
 * An auto dated after `now` (beyond the tolerance) or before the first law with a catalogue, or on
 * a day whose law has none, is refused.
 */
export function fieldDateProblem(
	occurredAt: Date,
	now: Date,
	day: LocalDate,
	catalogs: readonly Pick<OffenseCatalog, 'validFrom' | 'validTo' | 'unclassified'>[]
): DateProblem | null {
	if (occurredAt.getTime() > now.getTime() + CLOCK_TOLERANCE_MS) return 'future';
	const first = catalogs[0];
	if (!first || day < first.validFrom) return 'beforeLaw';
	const inForce = [...catalogs]
		.reverse()
		.find((c) => c.validFrom <= day && (!c.validTo || day <= c.validTo));
	if (!inForce || inForce.unclassified) return 'noCatalog';
	return null;
}
