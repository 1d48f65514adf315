import { describe, expect, test } from 'vitest';
import { classifyScan } from './scan';

const origin = 'http://localhost:4173';

describe('classifyScan: the official sticker and typed-style codes are vehicles', () => {
	const cases: [text: string, code: string, why: string][] = [
		['http://localhost:4173/v/007', '007', 'the sticker URL'],
		['http://localhost:4173/v/007/', '007', 'a trailing slash'],
		['http://localhost:4173/es/v/007', '007', 'the Spanish page'],
		['http://localhost:4173/en/v/MT-007', 'MT-007', 'the English page, prefix with MT'],
		['HTTP://LOCALHOST:4173/v/007', '007', 'scheme and host are case-insensitive'],
		['http://localhost:4173/v/ABC1C34', 'ABC1C34', 'a Mercosul plate'],
		['http://localhost:4173/v/ABC%201234', 'ABC 1234', 'a percent-encoded space'],
		['http://localhost:4173/v/007?src=adesivo#topo', '007', 'query and fragment are ignored'],
		['http://localhost:4173/v/007\n', '007', 'a trailing newline from the encoder'],
		['007', '007', 'a bare prefix'],
		['MT-007', 'MT-007', 'a bare prefix with MT'],
		['ABC1C34', 'ABC1C34', 'a bare Mercosul plate'],
		['ABC-1234', 'ABC-1234', 'a bare old plate'],
		['  abc-1234 ', 'abc-1234', 'a bare plate, trimmed, as scanned']
	];
	for (const [text, code, why] of cases)
		test(`${JSON.stringify(text)} → ${code}: ${why}`, () =>
			expect(classifyScan(text, [origin])).toEqual({ kind: 'vehicle', code }));

	describe('a signed card: /v/<prefixo>/ then its digits (docs/api.md)', () => {
		const cards: [text: string, result: ReturnType<typeof classifyScan>, why: string][] = [
			[
				'http://localhost:4173/v/007/31861347816',
				{ kind: 'vehicle', code: '007', card: '31861347816' },
				'the link and the digits'
			],
			[
				'http://localhost:4173/es/v/007/123',
				{ kind: 'vehicle', code: '007', card: '123' },
				'under a locale'
			],
			['http://localhost:4173/v/007/0123', { kind: 'foreign' }, 'digits with a leading zero'],
			['http://localhost:4173/v/007/12a', { kind: 'foreign' }, 'not digits'],
			['http://localhost:4173/v/007/123/', { kind: 'foreign' }, 'a slash after the digits'],
			['http://localhost:4173.evil.com/v/007/123', { kind: 'foreign' }, 'a look-alike host']
		];
		for (const [text, result, why] of cards)
			test(`${text}: ${why}`, () => expect(classifyScan(text, [origin])).toEqual(result));
	});

	test('the production origin works the same way', () =>
		expect(classifyScan('https://garupa.example/v/12', ['https://garupa.example'])).toEqual({
			kind: 'vehicle',
			code: '12'
		}));

	// docs/deploy.md: the cards may carry another address than the page's (PUBLIC_BASE_URL).
	const page = 'http://10.0.0.5:3000';
	const cards: [text: string, base: string, code: string, why: string][] = [
		[
			'https://garupa.example.gov.br/v/7',
			'https://garupa.example.gov.br',
			'7',
			"the cards' address"
		],
		['https://example.gov.br/garupa/v/7', 'https://example.gov.br/garupa', '7', 'under a path'],
		[
			'https://example.gov.br/garupa/es/v/7',
			'https://example.gov.br/garupa',
			'7',
			'a locale under it'
		],
		[
			'https://example.gov.br/garupa/v/7',
			'https://example.gov.br/garupa/',
			'7',
			'base with a slash'
		],
		['http://10.0.0.5:3000/v/7', 'https://garupa.example.gov.br', '7', "the page's own address"]
	];
	for (const [text, base, code, why] of cards)
		test(`${text} with cards at ${base} → ${code}: ${why}`, () =>
			expect(classifyScan(text, [page, base])).toEqual({ kind: 'vehicle', code }));

	test('a default port is the same origin', () =>
		expect(classifyScan('https://garupa.example:443/v/12', ['https://garupa.example'])).toEqual({
			kind: 'vehicle',
			code: '12'
		}));
});

describe('classifyScan: anything else is foreign and never opened', () => {
	const cases: [text: string, why: string][] = [
		['https://example.com/promo', 'another site'],
		['https://localhost.evil.com/v/007', 'a look-alike host'],
		['http://localhost:4173.evil.com/v/007', 'the port glued to another host'],
		['http://localhost:4173@evil.com/v/7', 'our origin as userinfo of another host'],
		['http://user:pw@localhost:4173/v/007', 'userinfo on our own host'],
		['http://localhost:4174/v/007', 'another port'],
		['http://localhost/v/007', 'no port'],
		['https://localhost:4173/v/007', 'another scheme'],
		['http://127.0.0.1:4173/v/007', 'the same machine under another name'],
		['javascript:alert(1)//localhost:4173/v/007', 'javascript:'],
		['data:text/html,<a href="http://localhost:4173/v/007">x</a>', 'data:'],
		['WIFI:S:Garupa;T:WPA;P:segredo;;', 'a wifi login'],
		['Pague R$ 7,00 no PIX', 'plain text'],
		['', 'empty'],
		['http://localhost:4173/', 'our home page'],
		['http://localhost:4173/v/', 'no code'],
		['http://localhost:4173/v/007/extra', 'a path below the code'],
		['http://localhost:4173/x/v/007', 'a path above the code'],
		['http://localhost:4173/fr/v/007', 'a locale the app does not have'],
		['http://localhost:4173/pt-BR/v/007', 'pt-BR lives at the root, not under a prefix'],
		['http://localhost:4173//v/007', 'an empty segment'],
		['http://localhost:4173/v/XYZ', 'not a prefix nor a plate'],
		['http://localhost:4173/v/00%2F7', 'an encoded slash inside the code'],
		['http://localhost:4173/v/%E0%A4%A', 'malformed percent-encoding'],
		['ABC', 'a bare code that is not a vehicle code']
	];
	for (const [text, why] of cases)
		test(`${JSON.stringify(text)}: ${why}`, () =>
			expect(classifyScan(text, [origin])).toEqual({ kind: 'foreign' }));

	test("outside the cards' path, or beside it, is foreign", () => {
		const bases = ['http://10.0.0.5:3000', 'https://example.gov.br/garupa'];
		for (const text of [
			'https://example.gov.br/v/7',
			'https://example.gov.br/garupax/v/7',
			'https://example.gov.br/outro/garupa/v/7',
			'http://example.gov.br/garupa/v/7'
		])
			expect(classifyScan(text, bases), text).toEqual({ kind: 'foreign' });
	});

	test('no address at all (no card base, no page) is foreign for any URL', () =>
		expect(classifyScan('http://localhost:4173/v/007', ['', ''])).toEqual({ kind: 'foreign' }));

	test('an unparsable origin makes every URL foreign', () =>
		expect(classifyScan('http://localhost:4173/v/007', ['not an origin'])).toEqual({
			kind: 'foreign'
		}));
});
