/**
 * The fare in force (Lei 2.059/2011, Art. 15–17).
 *
 * Art. 15: fares are set by decree of the mayor. Art. 16: a flat "bandeirada" with two tariffs,
 * bandeira I and II. Art. 17: readjusted yearly — so decrees are versioned by `validFrom`, and the
 * one in force at an instant is the latest whose date (Rolim de Moura's calendar) has come.
 * Money is integer centavos throughout.
 */
import { wallClock, type LocalDate } from './clock';
import type { Flag } from './bandeira';

export interface FareValues {
	/** The flat "bandeirada", in centavos (Art. 16). */
	flagfall: number;
	/** Optional value per km, in centavos, where a decree sets one. */
	perKm?: number;
}

export interface Surcharge {
	id: string;
	/** pt-BR label as the decree words it. */
	label: string;
	/** The label in the rider's other languages (a translation, never the act's wording). */
	labels?: Partial<Record<'es' | 'en', string>>;
	centavos: number;
	/** Neighbourhoods (loteamentos, bairros) it applies to, as the decree lists them. */
	places: readonly string[];
}

export interface TariffDecree {
	id: string;
	/** The act, e.g. `Decreto municipal nº 1.234/2027`, or what the values really are. */
	reference: string;
	/** `reference` in the rider's other languages, where it is words rather than an act's name. */
	references?: Partial<Record<'es' | 'en', string>>;
	validFrom: LocalDate;
	/** True while no public decree exists: every screen that shows it says "valores de exemplo". */
	sample: boolean;
	/** What a rider should know about these values (their origin, their limits). */
	note?: string;
	/** The note in the rider's other languages. */
	notes?: Partial<Record<'es' | 'en', string>>;
	/** A bandeira's values; null where no published act sets them (never an invented value). */
	bandeiras: Readonly<Record<Flag, FareValues | null>>;
	/** Why a bandeira has no values (shown with "valor não publicado"). */
	unpublished?: string;
	/** `unpublished` in the rider's other languages. */
	unpublishedNotes?: Partial<Record<'es' | 'en', string>>;
	/**
	 * Why this table may not be the one in force (a later decree reported, its text not found): it
	 * is shown as the last known table, and no answer calls a difference an overcharge.
	 */
	unconfirmed?: string;
	/** `unconfirmed` in the rider's other languages. */
	unconfirmedNotes?: Partial<Record<'es' | 'en', string>>;
	surcharges: readonly Surcharge[];
}

/** The decree in force on a local date, or null before the first. */
export function decreeOn(date: LocalDate, decrees: readonly TariffDecree[]): TariffDecree | null {
	let found: TariffDecree | null = null;
	for (const d of decrees)
		if (d.validFrom <= date && (!found || d.validFrom > found.validFrom)) found = d;
	return found;
}

/** The decree in force at an instant, judged by the municipality's calendar. */
export function decreeAt(at: Date, decrees: readonly TariffDecree[], timeZone: string) {
	return decreeOn(wallClock(at, timeZone).date, decrees);
}

/** Longest ride the app computes a fare for, in km (a municipality's rides; larger is a typo). */
export const MAX_KM = 100;
/** Decimal places kept in a distance: a micrometre is far below any meter's precision. */
const MAX_KM_DECIMALS = 6;

/**
 * A distance in km, exact: `units / 10 ** scale` km. Money is computed from `units` and `scale`
 * with integers only, so 2.345 km × 69 is 161.805 and rounds to 162 — never a float's 161.80499….
 */
export interface Km {
	/** Decimal text with a dot and no trailing zeros, e.g. `2.345`, `100`. */
	text: string;
	/** The distance as a number, for JSON and display only — never for money. */
	value: number;
	units: number;
	scale: number;
}

/**
 * A distance the rider or a client typed: digits with an optional `.` or `,` decimal mark
 * (`2,5`, `2.345`, `100`), 0 < km ≤ 100. Null for anything else: `0`, `100,01`, `-1`, `1e2`, `abc`,
 * an empty text, thousands separators, more than six decimals.
 * @example parseKm('2,5') //=> { text: '2.5', value: 2.5, units: 25, scale: 1 }
 * @example parseKm('1e2') //=> null
 */
export function parseKm(input: string): Km | null {
	const m = /^(\d{1,6})(?:[.,](\d+))?$/.exec(input.trim());
	if (!m) return null;
	const whole = (m[1] ?? '').replace(/^0+(?=\d)/, '');
	const decimals = (m[2] ?? '').replace(/0+$/, '');
	if (decimals.length > MAX_KM_DECIMALS) return null;
	const scale = decimals.length;
	const units = Number(whole + decimals);
	if (units <= 0 || units > MAX_KM * 10 ** scale) return null;
	const text = scale ? `${whole}.${decimals}` : whole;
	return { text, value: Number(text), units, scale };
}

/**
 * `km × perKm` centavos, rounded half up to the centavo, in integer arithmetic.
 * @example distanceCentavos(parseKm('2.345')!, 69) //=> 162 (161.805)
 * @example distanceCentavos(parseKm('2.345')!, 50) //=> 117 (117.25)
 */
export function distanceCentavos(km: Km, perKmCentavos: number): number {
	const denominator = 10 ** km.scale;
	// round(a / d) half up, for a ≥ 0: floor((2a + d) / 2d) — exact on integers below 2^53
	// (at most 100 km × 10^6 × the rate).
	const numerator = 2 * km.units * perKmCentavos + denominator;
	const divisor = 2 * denominator;
	return (numerator - (numerator % divisor)) / divisor;
}

export interface FareQuote {
	/** The whole fare: bandeirada, distance (when a km was given and the decree has a rate), surcharges. */
	centavos: number;
	/** The decree's rate per km for this bandeira, or null where the decree is flat. */
	perKmCentavos: number | null;
	flag: Flag;
	decree: TariffDecree;
	/** Each part of the amount, in order: the bandeirada, distance, surcharges. */
	parts: {
		kind: 'flagfall' | 'distance' | 'surcharge';
		label: string;
		centavos: number;
		/** The surcharge's id (`kind: 'surcharge'`), to show its label in the rider's language. */
		id?: string;
	}[];
}

export interface FareOptions {
	/** Distance (from `parseKm`), used only when the decree sets a per-km value. */
	km?: Km;
	/** Ids of surcharges that apply to the ride. */
	surcharges?: readonly string[];
}

/**
 * The fare under `decree` for a ride with bandeira `flag`: the bandeirada, then — where the decree
 * sets a rate per km and a distance is given — the distance part, then the surcharges.
 * @example quoteFare(exemplo2026, 2).centavos //=> 900
 * @example quoteFare(portoVelho2011, 2, { km: parseKm('2,345') }).centavos //=> 462 (300 + 161,805 → 162)
 * @example quoteFare(feira2021, 2) //=> null (no decree sets bandeira II)
 */
export function quoteFare(
	decree: TariffDecree,
	flag: Flag,
	options: FareOptions = {}
): FareQuote | null {
	const values = decree.bandeiras[flag];
	// No act sets this bandeira's fare: there is nothing to quote (never a guess).
	if (!values) return null;
	const parts: FareQuote['parts'] = [
		{
			kind: 'flagfall',
			label: `Bandeirada — bandeira ${flag === 1 ? 'I' : 'II'}`,
			centavos: values.flagfall
		}
	];
	if (values.perKm !== undefined && options.km !== undefined) {
		parts.push({
			kind: 'distance',
			label: `${options.km.text.replace('.', ',')} km × ${formatBRL(values.perKm)}/km`,
			centavos: distanceCentavos(options.km, values.perKm)
		});
	}
	for (const id of options.surcharges ?? []) {
		const s = decree.surcharges.find((x) => x.id === id);
		if (s) parts.push({ kind: 'surcharge', label: s.label, id: s.id, centavos: s.centavos });
	}
	return {
		centavos: parts.reduce((sum, p) => sum + p.centavos, 0),
		perKmCentavos: values.perKm ?? null,
		flag,
		decree,
		parts
	};
}

/**
 * Centavos as Brazilian money, written the Brazilian way in every language ("R$ 9,00 in
 * every language") — the price on the street is in reais, never "9,00 BRL" or "R$9.00".
 * The second parameter is ignored: older callers pass the page's language, which must not change
 * how money is written. Written by hand, exactly as `Intl.NumberFormat('pt-BR', { style:
 * 'currency', currency: 'BRL' })` writes it (tariff.spec.ts compares them): a page's first use of
 * Intl starts ICU, tens of milliseconds of a phone's main thread while its answer wakes up.
 * @example formatBRL(900, 'es') //=> 'R$ 9,00' (with a no-break space)
 */
export function formatBRL(centavos: number, ...ignored: [locale?: string]): string {
	void ignored;
	// Whole centavos, as Intl rounds a fraction of one (half away from zero).
	const whole = Math.round(Math.abs(centavos));
	const sign = centavos < 0 && whole > 0 ? '-' : '';
	const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
	return `${sign}R$\u00a0${reais},${String(whole % 100).padStart(2, '0')}`;
}

/**
 * The distance of the example ride shown and said beside a fare with a rate per km: 3 km, a short
 * ride across town, whose total a rider can check by hand (R$ 4,80 + 3 × R$ 0,90 = R$ 7,50). It is
 * the app's example, never a law value: a decree sets the flagfall and the rate, not a distance.
 */
export const EXAMPLE_RIDE_KM = 3;

/** A bandeira's fare as a rider must read it: both parts, and a ride priced as an example. */
export interface FareTerms {
	/** The bandeirada, in centavos. */
	flagfall: number;
	/** The rate per km, in centavos; null where the decree's fare is flat. */
	perKm: number | null;
	/** A ride of `EXAMPLE_RIDE_KM` under these terms; null where the fare is flat. */
	example: { km: number; centavos: number } | null;
}

/**
 * The terms of a bandeira's fare: a flat fare is one price; a fare with a rate per km is never
 * shown as its flagfall alone, so it carries a priced example ride.
 * @example fareTerms({ flagfall: 480, perKm: 90 }) //=> { flagfall: 480, perKm: 90, example: { km: 3, centavos: 750 } }
 * @example fareTerms({ flagfall: 700 }) //=> { flagfall: 700, perKm: null, example: null }
 */
export function fareTerms(values: FareValues, exampleKm: number = EXAMPLE_RIDE_KM): FareTerms {
	if (values.perKm === undefined) return { flagfall: values.flagfall, perKm: null, example: null };
	const km = parseKm(String(exampleKm));
	return {
		flagfall: values.flagfall,
		perKm: values.perKm,
		example: km && {
			km: km.value,
			centavos: values.flagfall + distanceCentavos(km, values.perKm)
		}
	};
}
