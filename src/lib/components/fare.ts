/**
 * A fare as the screen writes it, in the page's language: a flat fare is one price ("R$ 9,00"); a
 * fare with a rate per km is both parts ("R$ 4,80 + R$ 0,90 por km"), never its flagfall alone as
 * if it were the price, with a priced example ride ("Exemplo: uma corrida de 3 km custa R$ 7,50.").
 * The voice says the same (./speech.ts).
 */
import { formatBRL, type FareTerms } from '$lib/domain/tariff';
import { m } from '$lib/paraglide/messages';

type Locale = 'pt-BR' | 'es' | 'en';
const opts = (locale: string) => ({
	locale: (locale === 'es' || locale === 'en' ? locale : 'pt-BR') as Locale
});

/** `R$ 9,00`, or `R$ 4,80 + R$ 0,90 por km`. */
export function fareShown(terms: Pick<FareTerms, 'flagfall' | 'perKm'>, locale: string): string {
	if (terms.perKm === null) return formatBRL(terms.flagfall);
	return m.fare_per_km(
		{ flagfall: formatBRL(terms.flagfall), rate: formatBRL(terms.perKm) },
		opts(locale)
	);
}

/** `Exemplo: uma corrida de 3 km custa R$ 7,50.`; null for a flat fare. */
export function fareExampleShown(terms: FareTerms, locale: string): string | null {
	if (!terms.example) return null;
	const km = String(terms.example.km).replace('.', locale === 'en' ? '.' : ',');
	return m.fare_example({ km, total: formatBRL(terms.example.centavos) }, opts(locale));
}
