/**
 * An island's props travel in its page (./Island.svelte), and a page speaks one language: the
 * words the profile keeps in every language (`{ 'pt-BR', es, en }`, or `{ es, en }` beside a
 * Portuguese field) are cut to the page's own before they are written. The Portuguese stays, as
 * it is every reader's fallback; the other language goes. On /tarifa, three years of holidays,
 * the decrees and the state's transfers in three languages were half the page's props.
 */

const LOCALES: ReadonlySet<string> = new Set(['pt-BR', 'es', 'en']);
const FALLBACK = 'pt-BR';

/** `{ 'pt-BR'?, es?, en? }` with string values, and some other language than Portuguese. */
function isTranslations(value: object): value is Record<string, string> {
	const keys = Object.keys(value);
	return (
		keys.length > 0 &&
		keys.some((k) => k !== FALLBACK) &&
		keys.every((k) => LOCALES.has(k)) &&
		Object.values(value).every((v) => typeof v === 'string')
	);
}

function isPlain(value: object): boolean {
	const proto: unknown = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

/**
 * `value` with every set of translations cut to `locale` (and Portuguese): the same shape, every
 * other value as it was. Arrays and plain objects are copied; anything else (a Date, a Map) is
 * kept as is, and an object reached twice is copied once (the serializer writes it once).
 */
export function onlyLocale<T>(value: T, locale: string): T {
	const seen = new Map<object, unknown>();
	const walk = (v: unknown): unknown => {
		if (typeof v !== 'object' || v === null) return v;
		const done = seen.get(v);
		if (done !== undefined) return done;
		if (Array.isArray(v)) {
			const out: unknown[] = [];
			seen.set(v, out);
			for (const item of v) out.push(walk(item));
			return out;
		}
		if (!isPlain(v)) return v;
		const out: Record<string, unknown> = {};
		seen.set(v, out);
		if (isTranslations(v)) {
			for (const [k, text] of Object.entries(v)) if (k === locale || k === FALLBACK) out[k] = text;
			return out;
		}
		for (const [k, item] of Object.entries(v)) out[k] = walk(item);
		return out;
	};
	return walk(value) as T;
}
