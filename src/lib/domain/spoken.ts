/**
 * Words for the ear and for readers who read little (voice says the same sentence the screen
 * shows"): numbers and money said in words, plates spelled letter by letter and digit by digit,
 * and a wrong phone clock said in days, hours or minutes. Pure data in, words out; pt-BR, es, en.
 */

export type SpokenLocale = 'pt-BR' | 'es' | 'en';

const lang = (locale: string): SpokenLocale =>
	locale === 'es' || locale === 'en' ? locale : 'pt-BR';

const UNITS: Record<SpokenLocale, readonly string[]> = {
	'pt-BR': [
		'zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez',
		'onze', 'doze', 'treze', 'catorze', 'quinze', 'dezesseis', 'dezessete', 'dezoito', 'dezenove'
	],
	es: [
		'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez',
		'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho',
		'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco',
		'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'
	],
	en: [
		'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
		'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen',
		'nineteen'
	]
}; // prettier-ignore

const TENS: Record<SpokenLocale, readonly string[]> = {
	'pt-BR': ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'],
	es: ['', '', 'veinte', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'],
	en: ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
}; // prettier-ignore

const HUNDREDS: Record<'pt-BR' | 'es', readonly string[]> = {
	'pt-BR': ['', 'cento', 'duzentos', 'trezentos', 'quatrocentos', 'quinhentos', 'seiscentos', 'setecentos', 'oitocentos', 'novecentos'],
	es: ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos']
}; // prettier-ignore

function below100(n: number, l: SpokenLocale): string {
	const units = UNITS[l];
	if (n < units.length) return units[n] ?? '';
	const t = TENS[l][Math.floor(n / 10)] ?? '';
	const u = n % 10;
	if (u === 0) return t;
	const sep = l === 'pt-BR' ? ' e ' : l === 'es' ? ' y ' : '-';
	return `${t}${sep}${units[u]}`;
}

function below1000(n: number, l: SpokenLocale): string {
	if (n < 100) return below100(n, l);
	const h = Math.floor(n / 100);
	const rest = n % 100;
	if (l === 'en') {
		const head = `${UNITS.en[h]} hundred`;
		return rest ? `${head} ${below100(rest, l)}` : head;
	}
	if (rest === 0) return n === 100 ? (l === 'pt-BR' ? 'cem' : 'cien') : (HUNDREDS[l][h] ?? '');
	return `${HUNDREDS[l][h]}${l === 'pt-BR' ? ' e ' : ' '}${below100(rest, l)}`;
}

/**
 * A whole number from 0 to 999 999 in words.
 * @example numberWords(21, 'pt-BR') //=> 'vinte e um'
 * @example numberWords(1250, 'es') //=> 'mil doscientos cincuenta'
 */
export function numberWords(n: number, locale: string): string {
	const l = lang(locale);
	if (!Number.isInteger(n) || n < 0 || n > 999_999) return String(n);
	if (n < 1000) return below1000(n, l);
	const k = Math.floor(n / 1000);
	const rest = n % 1000;
	const thousand = l === 'en' ? 'thousand' : 'mil';
	const head = k === 1 && l !== 'en' ? thousand : `${below1000(k, l)} ${thousand}`;
	if (!rest) return head;
	// pt-BR joins with "e" when the rest is a round hundred or below 100: "mil e cem", "mil e vinte".
	const joinE = l === 'pt-BR' && (rest < 100 || rest % 100 === 0);
	return `${head}${joinE ? ' e ' : ' '}${below1000(rest, l)}`;
}

/**
 * Money said in words: always reais, whatever the language (riders know it as R$ 9,00).
 * @example moneyWords(900, 'pt-BR') //=> 'nove reais'
 * @example moneyWords(1250, 'pt-BR') //=> 'doze reais e cinquenta centavos'
 * @example moneyWords(100, 'en') //=> 'one real'
 */
export function moneyWords(centavos: number, locale: string): string {
	const l = lang(locale);
	const reais = Math.floor(centavos / 100);
	const cents = Math.round(centavos % 100);
	const W = {
		'pt-BR': { real: ['real', 'reais'], cent: ['centavo', 'centavos'], and: 'e' },
		es: { real: ['real', 'reales'], cent: ['centavo', 'centavos'], and: 'y' },
		en: { real: ['real', 'reais'], cent: ['centavo', 'centavos'], and: 'and' }
	}[l];
	const one = (n: number) => (l === 'es' && n === 1 ? 'un' : numberWords(n, l));
	const part = (n: number, [s, p]: string[]) => `${one(n)} ${n === 1 ? s : p}`;
	if (reais === 0 && cents === 0) return part(0, W.real);
	if (cents === 0) return part(reais, W.real);
	if (reais === 0) return part(cents, W.cent);
	return `${part(reais, W.real)} ${W.and} ${part(cents, W.cent)}`;
}

/**
 * A distance in km said in words, unit included: a whole number of km, or one with decimals said
 * after "vírgula" / "coma" / "point" (digits after leading zeros as a number, as Brazilians say
 * "dois vírgula cinco").
 * @example distanceWords(3, 'pt-BR') //=> 'três quilômetros'
 * @example distanceWords(1, 'es') //=> 'un kilómetro'
 * @example distanceWords(2.5, 'en') //=> 'two point five kilometres'
 */
export function distanceWords(km: number, locale: string): string {
	const l = lang(locale);
	const [whole = '0', decimals = ''] = String(km).split('.');
	const W = {
		'pt-BR': { unit: ['quilômetro', 'quilômetros'], mark: 'vírgula' },
		es: { unit: ['kilómetro', 'kilómetros'], mark: 'coma' },
		en: { unit: ['kilometre', 'kilometres'], mark: 'point' }
	}[l];
	const n = Number(whole);
	let said = l === 'es' && n === 1 && !decimals ? 'un' : numberWords(n, l);
	if (decimals) {
		const zeros = /^0*/.exec(decimals)?.[0].length ?? 0;
		const rest = decimals.slice(zeros);
		const after = [
			...Array<string>(zeros).fill(UNITS[l][0] ?? ''),
			...(rest ? [numberWords(Number(rest), l)] : [])
		];
		said += ` ${W.mark} ${after.join(' ')}`;
	}
	return `${said} ${W.unit[n === 1 && !decimals ? 0 : 1]}`;
}

/**
 * A plate or prefix spelled for the ear: letters one by one, digits one by one, a pause between
 * letters and digits.
 * @example spellCode('NDJ8041', 'pt-BR') //=> 'N D J, oito zero quatro um'
 */
export function spellCode(code: string, locale: string): string {
	const l = lang(locale);
	const groups = code.toUpperCase().match(/[A-Z]+|[0-9]+/g) ?? [];
	return groups
		.map((g) =>
			/\d/.test(g) ? [...g].map((d) => UNITS[l][Number(d)]).join(' ') : [...g].join(' ')
		)
		.join(', ');
}

export interface ClockSkew {
	direction: 'ahead' | 'behind';
	unit: 'day' | 'hour' | 'minute';
	amount: number;
}

/**
 * How wrong the phone's clock is, in the largest unit that fits: days from 24 hours on, hours
 * from 60 minutes on, else minutes (rounded). `offsetMs` is what must be added to the phone's
 * clock to get the right time: positive means the phone is behind.
 * @example clockSkew(-9464 * 60_000) //=> { direction: 'ahead', unit: 'day', amount: 7 }
 */
export function clockSkew(offsetMs: number): ClockSkew | null {
	const minutes = Math.round(Math.abs(offsetMs) / 60_000);
	if (minutes === 0) return null;
	const direction = offsetMs > 0 ? 'behind' : 'ahead';
	if (minutes >= 24 * 60) return { direction, unit: 'day', amount: Math.round(minutes / 1440) };
	if (minutes >= 60) return { direction, unit: 'hour', amount: Math.round(minutes / 60) };
	return { direction, unit: 'minute', amount: minutes };
}
