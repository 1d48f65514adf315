/**
 * No law's value is welded into a message (issue 33, "Done when"): a cc range, a period ("anual",
 * "5 anos", "a cada 6 meses"), a deadline in days, a copy count ("4 vias") belongs to the regime
 * in force (profiles/<municipio>/regimes/*.json) and reaches a sentence as a parameter, so that a
 * city whose law says 200 cc, six-monthly or two copies is never told another law's figure.
 *
 * The test lists every message of messages/*.json (pt-BR, es, en) that embeds such a value. Three
 * messages state a figure that is the app's own rule, not any law's — each is named below with its
 * reason, and must keep saying only that figure.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const messagesDir = fileURLToPath(new URL('../../messages', import.meta.url));
const srcDir = fileURLToPath(new URL('../../src', import.meta.url));

/** What a law's value looks like in a sentence, in the three languages. */
const LAW_VALUES: { what: string; pattern: RegExp }[] = [
	{ what: 'an engine size', pattern: /\b\d+\s*(cc|cilindradas?)\b/iu },
	{
		what: 'a period in words',
		pattern:
			/\b(anual|anuais|semestral|semestrais|trimestral|mensal|bienal|annual|yearly|six-monthly|half-yearly|por ano|por año|al año|per year|once a year|every year|ao ano)\b/iu
	},
	{
		what: 'a number of years, months, days or hours',
		pattern:
			/\b\d+\s*(anos?|años?|years?|mes(es)?|months?|dias?|días?|days?|horas?|hours?|semanas?|weeks?)\b/iu
	},
	{
		what: 'a count in words',
		pattern:
			/\b(dois|duas|três|quatro|cinco|seis|dez|doze|quinze|trinta|two|three|four|five|six|ten|twelve|fifteen|thirty|tres|cuatro|diez|doce|quince|treinta)\s+(anos?|años?|years?|meses|months?|dias?|días?|days?|vias|copies|copias|cópias)\b/iu
	},
	// Spanish "dos" apart: Portuguese "dos dias úteis" is "of the working days".
	{ what: 'a count in words', pattern: /\bdos\s+(años|meses|días|copias)\b/iu },
	{ what: 'a number of copies', pattern: /\b\d+\s*(vias|copies|copias|cópias)\b/iu }
];

/** Figures that are the app's own rules, not a law's: key → the figure and why. */
const APP_RULES: Record<string, { figure: RegExp; why: string }> = {
	verify_stale: {
		figure: /\b7\b/u,
		why: 'a registry copy kept on the phone is called old after 7 days: the app’s rule'
	},
	reclamar_lgpd: {
		figure: /\b180\b/u,
		why: 'a rider’s contact is erased 180 days after the complaint closes: the app’s retention rule'
	},
	reclamar_when_hint: {
		figure: /\b1\b/u,
		why: 'a complaint may be about a ride up to a year ago: the app’s acceptance window'
	}
};

function messages(): { locale: string; key: string; text: string }[] {
	return readdirSync(messagesDir)
		.filter((f) => f.endsWith('.json'))
		.flatMap((file) => {
			const locale = file.slice(0, -'.json'.length);
			const all = JSON.parse(readFileSync(join(messagesDir, file), 'utf8')) as Record<
				string,
				unknown
			>;
			return Object.entries(all)
				.filter((e): e is [string, string] => !e[0].startsWith('$') && typeof e[1] === 'string')
				.map(([key, text]) => ({ locale, key, text }));
		});
}

/** Each message that embeds a law's value: `locale key: what — text`. */
function lawValuesIn(list: { locale: string; key: string; text: string }[]): string[] {
	const found: string[] = [];
	for (const { locale, key, text } of list) {
		const app = APP_RULES[key];
		const hit = LAW_VALUES.find(({ pattern }) => pattern.test(text));
		if (!hit) continue;
		// An app rule's own figure is allowed; any other value beside it is not.
		if (
			app &&
			app.figure.test(text) &&
			!LAW_VALUES.some((v) => v.pattern.test(text.replace(app.figure, '{n}')))
		)
			continue;
		found.push(`${locale} ${key}: ${hit.what} — ${text}`);
	}
	return found;
}

describe('messages embed no law’s value (cc, period, deadline, copy count)', () => {
	test('the patterns catch the values laws write', () => {
		const samples = [
			'Moto de {year}: até 5 anos de fabricação',
			'{cc} cc: entre 125 e 250 cilindradas',
			'Vistoria anual em dia',
			'Inspección anual atrasada',
			'Yearly inspection overdue',
			'reajustados uma vez por ano',
			'Imprimir auto (4 vias)',
			'em quatro vias',
			'A {office} deve responder até {date} (30 dias)'
		];
		expect(
			lawValuesIn(samples.map((text, i) => ({ locale: 'x', key: `k${i}`, text }))).length
		).toBe(samples.length);
	});

	test('a message with the values as parameters passes', () => {
		expect(
			lawValuesIn([
				{ locale: 'pt-BR', key: 'a', text: '{cc} cc: fora do limite de {min} a {max} cilindradas' },
				{ locale: 'en', key: 'b', text: 'the law asks for one every {months} months' }
			])
		).toEqual([]);
	});

	test('the app’s own figures are named with their reason, and nothing else rides on them', () => {
		for (const { why } of Object.values(APP_RULES)) expect(why).toMatch(/app/);
		expect(
			lawValuesIn([
				{ locale: 'pt-BR', key: 'verify_stale', text: 'mais de 7 dias, vistoria anual' }
			])
		).toHaveLength(1);
	});

	test('0 messages in messages/*.json embed a law’s value', () => {
		const found = lawValuesIn(messages());
		expect(found, found.join('\n')).toEqual([]);
	});
});

/** Every .svelte file under src/, recursively. */
function svelteFiles(dir = srcDir): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return name === 'paraglide' ? [] : svelteFiles(path);
		return name.endsWith('.svelte') ? [path] : [];
	});
}

/** A component's markup: its text without scripts, styles and comments, line by line. */
function markupLines(file: string): string[] {
	return readFileSync(file, 'utf8')
		.replace(/<script[\s\S]*?<\/script>/gu, '')
		.replace(/<style[\s\S]*?<\/style>/gu, '')
		.replace(/<!--[\s\S]*?-->/gu, '')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean);
}

/** Figures the staff markup states that are the app's own rules: file's end → figure and why. */
const MARKUP_APP_RULES: Record<string, { figure: RegExp; why: string }> = {
	'admin/login/+page.svelte': {
		figure: /\b(30 minutos|12 horas)\b/gu,
		why: 'a staff session ends after 30 idle minutes or 12 hours: the app’s security rule'
	}
};

describe('markup embeds no law’s value either', () => {
	test('0 lines of src/**/*.svelte markup state a cc, a period, a deadline or a copy count', () => {
		const found: string[] = [];
		for (const file of svelteFiles()) {
			const rel = file
				.slice(srcDir.length + 1)
				.split('\\')
				.join('/');
			const app = Object.entries(MARKUP_APP_RULES).find(([end]) => rel.endsWith(end))?.[1];
			for (const line of markupLines(file)) {
				const text = app ? line.replace(app.figure, '{n}') : line;
				const hit = LAW_VALUES.find(({ pattern }) => pattern.test(text));
				if (hit) found.push(`${rel}: ${hit.what} — ${line}`);
			}
		}
		expect(found, found.join('\n')).toEqual([]);
	});

	test('it catches a figure welded into markup, and the app rules say why', () => {
		const line = '<h3>Prorrogar o prazo de resposta (uma vez, +30 dias)</h3>';
		expect(LAW_VALUES.some(({ pattern }) => pattern.test(line))).toBe(true);
		for (const { why } of Object.values(MARKUP_APP_RULES)) expect(why).toMatch(/app/);
	});
});
