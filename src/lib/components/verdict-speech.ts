/**
 * The verdict's sentence for "Ouvir", apart from the bandeira's (./speech.ts): only the pages
 * that show a verdict download the verdict words and the colour names, not the home page.
 */
import { spokenColour } from '$lib/domain/colours';
import { formatPrefix } from '$lib/domain/plate';
import type { RegistryEntry, Verdict } from '$lib/domain/registry';
import { spellCode } from '$lib/domain/spoken';
import { m } from '$lib/paraglide/messages';
import { opts, type Locale } from './speech';

const verdictWord: Record<Verdict, (i: object, o: { locale: Locale }) => string> = {
	regular: m.verdict_regular,
	pendente: m.verdict_pendente,
	irregular: m.verdict_irregular,
	nao_encontrado: m.verdict_nao_encontrado
};

/**
 * "Moto zero zero sete: regular. Autorizado e em dia com a lei. Confira a placa N D J, oito zero
 * quatro um, e a cor azul." `advice` is the sentence the page shows under the verdict.
 */
export function verdictSentence(
	v: { verdict: Verdict; entry: RegistryEntry | null; query: string; advice: string },
	locale: string
): string {
	const o = opts(locale);
	const word = verdictWord[v.verdict]({}, o).toLowerCase();
	if (!v.entry) {
		return `${m.speech_code({ code: spellCode(v.query.replace(/[^0-9A-Za-z]/g, ''), locale) }, o)}: ${word}. ${v.advice}`;
	}
	const head = m.speech_vehicle({ prefix: spellCode(formatPrefix(v.entry.prefixo), locale) }, o);
	const compare = m.speech_compare(
		{ plate: spellCode(v.entry.placa, locale), colour: spokenColour(v.entry.cor, locale) },
		o
	);
	return `${head}: ${word}. ${v.advice} ${compare}`;
}
