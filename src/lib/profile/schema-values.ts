/** The profile schema's building blocks: texts, real dates, times, counts, cites, localized. */
import * as v from 'valibot';
import { CHECKLIST_ITEMS } from '../domain/regime.ts';

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
	const m = LOCAL_DATE.exec(text);
	if (!m) return false;
	const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
	const probe = new Date(Date.UTC(y, mo - 1, d));
	return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

export const text = v.pipe(
	v.string('expected text'),
	v.trim(),
	v.nonEmpty('expected a non-empty text')
);
export const date = v.pipe(
	v.string('expected a date YYYY-MM-DD'),
	v.check(isRealDate, 'expected a date YYYY-MM-DD')
);
export const hhmm = v.pipe(
	v.string('expected HH:MM'),
	v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM')
);
export const monthDay = v.pipe(
	v.string('expected MM-DD'),
	v.check((s) => /^\d{2}-\d{2}$/.test(s) && isRealDate(`2024-${s}`), 'expected MM-DD')
);
export const count = (what: string) =>
	v.pipe(
		v.number(`expected ${what}`),
		v.integer(`expected ${what}`),
		v.minValue(0, `expected ${what}`)
	);
export const positive = (what: string) =>
	v.pipe(
		v.number(`expected ${what}`),
		v.integer(`expected ${what}`),
		v.minValue(1, `expected ${what}`)
	);
export const centavos = count('a whole number of centavos ≥ 0');
/** A file beside the profile's JSON, by a relative path that stays inside the folder. */
export const fileName = v.pipe(
	v.string('expected a file name'),
	v.regex(/^(?!\/)(?!.*\.\.)[\w./-]+$/, 'expected a file name inside the profile folder')
);
/** A /lei anchor id: `art21`, `art16-p2`, `art8-pu`, `art21-XVII`. */
export const provision = v.pipe(
	v.string('expected a provision id like art21-XVII'),
	v.regex(/^art\d+(-(p\d+|pu))?(-[IVXLC]+)?$/, 'expected a provision id like art21-XVII')
);
export const cite = v.object({ cite: text }, 'expected { "cite": "Art. …" }');
export const counting = v.picklist(['calendar', 'business'], 'expected calendar or business');
export const strict = <T extends v.ObjectEntries>(entries: T) =>
	v.strictObject(entries, 'expected an object');

export const localized = strict({ 'pt-BR': text, es: text, en: text });
/** One Portuguese text, or the three languages (translations may come later). */
export const localText = v.union([text, localized], 'expected a text, or { "pt-BR", "es", "en" }');
export const otherNames = v.optional(strict({ es: v.optional(text), en: v.optional(text) }));

export const checklistItem = v.strictObject(
	{
		item: v.picklist(CHECKLIST_ITEMS, `expected one of ${CHECKLIST_ITEMS.join(', ')}`),
		cite: text,
		text: v.optional(localText)
	},
	'expected an object'
);
