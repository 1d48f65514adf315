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
	validFrom: LocalDate;
	/** True while no public decree exists: every screen that shows it says "valores de exemplo". */
	sample: boolean;
	/** What a rider should know about these values (their origin, their limits). */
	note?: string;
	/** The note in the rider's other languages. */
	notes?: Partial<Record<'es' | 'en', string>>;
	bandeiras: Readonly<Record<Flag, FareValues>>;
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

export interface FareQuote {
	centavos: number;
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
	/** Distance in km, used only when the decree sets a per-km value. */
	km?: number;
	/** Ids of surcharges that apply to the ride. */
	surcharges?: readonly string[];
}

/**
 * The fare under `decree` for a ride with bandeira `flag`.
 * @example quoteFare(exemplo2026, 2).centavos //=> 900
 */
export function quoteFare(decree: TariffDecree, flag: Flag, options: FareOptions = {}): FareQuote {
	const values = decree.bandeiras[flag];
	const parts: FareQuote['parts'] = [
		{
			kind: 'flagfall',
			label: `Bandeirada — bandeira ${flag === 1 ? 'I' : 'II'}`,
			centavos: values.flagfall
		}
	];
	if (values.perKm !== undefined && options.km !== undefined && options.km > 0) {
		parts.push({
			kind: 'distance',
			label: `${options.km} km`,
			centavos: Math.round(values.perKm * options.km)
		});
	}
	for (const id of options.surcharges ?? []) {
		const s = decree.surcharges.find((x) => x.id === id);
		if (s) parts.push({ kind: 'surcharge', label: s.label, id: s.id, centavos: s.centavos });
	}
	return { centavos: parts.reduce((sum, p) => sum + p.centavos, 0), flag, decree, parts };
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Centavos as Brazilian money, written the Brazilian way in every language (UX.md: "R$ 9,00 in
 * every language") — the price on the street is in reais, never "9,00 BRL" or "R$9.00".
 * The second parameter is ignored: older callers pass the page's language, which must not change
 * how money is written.
 * @example formatBRL(900, 'es') //=> 'R$ 9,00' (with a no-break space)
 */
export function formatBRL(centavos: number, ...ignored: [locale?: string]): string {
	void ignored;
	return brl.format(centavos / 100);
}

/**
 * A pt-BR text of the tariff data in the rider's language, where a translation is given.
 * @example inLanguage('Destino em loteamento afastado', { en: 'Destination in an outlying loteamento' }, 'en') //=> 'Destination in an outlying loteamento'
 */
export function inLanguage(
	pt: string,
	others: Partial<Record<'es' | 'en', string>> | undefined,
	locale: string
): string {
	return (locale === 'es' || locale === 'en' ? others?.[locale] : undefined) ?? pt;
}
