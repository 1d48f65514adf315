/**
 * A vehicle's colour in the rider's language. The registry writes it in Portuguese, as the CRLV
 * does ("Vermelha", "PRATA"); a rider reading Spanish or English compares the motorcycle in front
 * of them with "rojo" or "red", never with a word they may not know. The names are the colours the
 * national vehicle register uses (the CRLV's "cor predominante": amarela, azul, bege, branca,
 * cinza, dourada, grená, laranja, marrom, prata, preta, rosa, roxa, verde, vermelha, fantasia) and
 * a few that registries also write (vinho); masculine forms are accepted. A colour outside the
 * list stays as the registry wrote it, quoted in es and en so the rider knows it is the register's
 * word, not a translation.
 */

export type ColourLocale = 'pt-BR' | 'es' | 'en';

/** es and en for each colour, keyed by its Portuguese name without accents, lower case. */
const COLOURS: Readonly<Record<string, { es: string; en: string }>> = {
	amarela: { es: 'amarillo', en: 'yellow' },
	azul: { es: 'azul', en: 'blue' },
	bege: { es: 'beige', en: 'beige' },
	branca: { es: 'blanco', en: 'white' },
	cinza: { es: 'gris', en: 'grey' },
	dourada: { es: 'dorado', en: 'gold' },
	grena: { es: 'granate', en: 'maroon' },
	laranja: { es: 'naranja', en: 'orange' },
	marrom: { es: 'marrón', en: 'brown' },
	prata: { es: 'plateado', en: 'silver' },
	preta: { es: 'negro', en: 'black' },
	rosa: { es: 'rosa', en: 'pink' },
	roxa: { es: 'morado', en: 'purple' },
	verde: { es: 'verde', en: 'green' },
	vermelha: { es: 'rojo', en: 'red' },
	vinho: { es: 'burdeos', en: 'burgundy' },
	fantasia: { es: 'multicolor', en: 'multicoloured' }
};

/** The masculine forms a registry may write ("preto", "vermelho"). */
const MASCULINE: Readonly<Record<string, string>> = {
	amarelo: 'amarela',
	branco: 'branca',
	dourado: 'dourada',
	preto: 'preta',
	roxo: 'roxa',
	vermelho: 'vermelha'
};

const key = (cor: string) => {
	const k = cor.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
	return MASCULINE[k] ?? k;
};

/**
 * The colour in the rider's language, written in the case the registry used for its first letter
 * ("Vermelha" → "Red", "vermelha" → "red"). pt-BR: the registry's word as written.
 * @example colourName('Vermelha', 'en') //=> 'Red'
 * @example colourName('PRETO', 'es') //=> 'Negro'
 * @example colourName('Furta-cor', 'en') //=> '“Furta-cor”'
 */
export function colourName(cor: string, locale: string): string {
	const written = cor.trim();
	if (locale !== 'es' && locale !== 'en') return written;
	const found = COLOURS[key(written)];
	if (!found) return locale === 'es' ? `«${written}»` : `“${written}”`;
	const word = found[locale];
	const first = written.charAt(0);
	return first !== first.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** The colour for the voice: the same word the screen shows, in lower case. */
export function spokenColour(cor: string, locale: string): string {
	return colourName(cor, locale).toLocaleLowerCase(locale === 'pt-BR' ? 'pt-BR' : locale);
}
