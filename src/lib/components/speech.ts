/**
 * The sentences "Ouvir" reads (voice says the same sentence the screen shows): built from the
 * same data as the visible answer, in the page's language, with money said in words and plates
 * spelled. `speak()` is the one place that talks to the Web Speech API.
 */
import type { Reason } from '$lib/domain/bandeira';
import { holidayName } from '$lib/domain/holidays';
import { distanceWords, moneyWords, numberWords } from '$lib/domain/spoken';
import { m } from '$lib/paraglide/messages';

export type Locale = 'pt-BR' | 'es' | 'en';
export const opts = (locale: string) => ({
	locale: (locale === 'es' || locale === 'en' ? locale : 'pt-BR') as Locale
});

const hour = (hhmm: string, locale: string) => numberWords(Number(hhmm.split(':')[0] ?? 0), locale);

function because(reason: Reason, locale: string): string {
	switch (reason.kind) {
		case 'night':
			return m.speech_because_night(
				{ start: hour(reason.start, locale), end: hour(reason.end, locale) },
				opts(locale)
			);
		case 'saturday':
			return m.speech_because_saturday({}, opts(locale));
		case 'sunday':
			return m.speech_because_sunday({}, opts(locale));
		case 'holiday':
			return m.speech_because_holiday({ name: holidayName(reason.holiday, locale) }, opts(locale));
	}
}

/**
 * "Agora é bandeira dois, porque é domingo. A corrida custa nove reais. Valores de exemplo."
 * `centavos` is null when no decree is in force. Where the decree adds a rate per km (`perKm`),
 * both parts are said, and the example ride the screen shows: "A corrida custa quatro reais e
 * oitenta centavos mais noventa centavos por quilômetro. Exemplo: uma corrida de três quilômetros
 * custa sete reais e cinquenta centavos." — never the flagfall alone, as if it were the price.
 */
export function bandeiraSentence(
	answer: {
		flag: 1 | 2;
		reasons: readonly Reason[];
		centavos: number | null;
		sample: boolean;
		perKm?: number | null;
		example?: { km: number; centavos: number } | null;
	},
	locale: string,
	planned = false
): string {
	const o = opts(locale);
	const flag = numberWords(answer.flag, locale);
	let s: string = (planned ? m.speech_bandeira_then : m.speech_bandeira_now)({ flag }, o);
	if (answer.reasons.length) {
		s += ', ' + answer.reasons.map((r) => because(r, locale)).join(m.speech_and({}, o));
	}
	s += '.';
	if (answer.centavos === null) return s;
	if (answer.perKm != null) {
		const flagfall = moneyWords(answer.centavos, locale);
		s += ' ' + m.speech_fare_per_km({ flagfall, rate: moneyWords(answer.perKm, locale) }, o);
		if (answer.example) {
			const distance = distanceWords(answer.example.km, locale);
			const total = moneyWords(answer.example.centavos, locale);
			s += ' ' + m.speech_fare_example({ distance, total }, o);
		}
	} else s += ' ' + m.speech_fare({ money: moneyWords(answer.centavos, locale) }, o);
	if (answer.sample) s += ' ' + m.speech_sample({}, o);
	return s;
}

/** Whether this browser can speak (the "Ouvir" button is hidden otherwise). */
export function canSpeak(): boolean {
	return (
		typeof window !== 'undefined' &&
		typeof window.speechSynthesis?.speak === 'function' &&
		typeof window.SpeechSynthesisUtterance === 'function'
	);
}

/** Read `text` aloud in `locale`, stopping whatever was being read. */
export function speak(text: string, locale: string): void {
	if (!canSpeak()) return;
	const synth = window.speechSynthesis;
	synth.cancel();
	const u = new SpeechSynthesisUtterance(text);
	u.lang = locale === 'es' ? 'es-ES' : locale === 'en' ? 'en-US' : 'pt-BR';
	u.rate = 0.95;
	synth.speak(u);
}
