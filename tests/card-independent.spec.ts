/**
 * A third party's verifier of the signed vehicle card, written from docs/api.md alone: Node's
 * `crypto` and a parser of its own, none of the app's code. It checks the worked example the docs
 * print, and cards the server signs (src/lib/server/registry/card.ts) with the sample key.
 */
import { createPrivateKey, createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { cardLink, signedCardDigits } from '$lib/server/registry/card';
import { signSnapshot } from '$lib/server/registry/card-revocation';
import { encodeStatusList } from '$lib/domain/card-status';

const DOC = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');

interface Card {
	ibge: string;
	kid: number;
	prefixo: number;
	placa: string;
	validUntil: string;
	issuedOn: string;
	serial: number;
}

const day = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

function plate(n: number): string {
	const d67 = n % 100;
	n = Math.floor(n / 100);
	const c5 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[n % 36];
	n = Math.floor(n / 36);
	const d4 = n % 10;
	n = Math.floor(n / 10);
	const l = [n % 26, Math.floor(n / 26) % 26, Math.floor(n / 676)].reverse();
	return `${String.fromCharCode(...l.map((c) => 65 + c))}${d4}${c5}${String(d67).padStart(2, '0')}`;
}

/** The docs' recipe: digits → 83 bytes → fields, and the ES256 check of bytes 0–18. */
function verifyCard(url: string, jwk: JsonWebKey): { valid: boolean; card: Card } {
	const match = /^https:\/\/[a-z0-9.:-]+\/v\/\d{1,4}\/(\d+)$/.exec(url);
	if (!match) throw new Error(`not a card link: ${url}`);
	const bytes = Buffer.from(BigInt(match[1]!).toString(16).padStart(166, '0'), 'hex');
	expect(bytes.length).toBe(83);
	expect(bytes[0]).toBe(1);
	const card: Card = {
		ibge: String(bytes.readUIntBE(1, 3)),
		kid: bytes[4]!,
		prefixo: bytes.readUInt16BE(5),
		placa: plate(bytes.readUInt32BE(7)),
		validUntil: day(bytes.readUInt16BE(11)),
		issuedOn: day(bytes.readUInt16BE(13)),
		serial: bytes.readUInt32BE(15)
	};
	const key = createPublicKey({ key: jwk, format: 'jwk' });
	const valid = verify(
		'sha256',
		bytes.subarray(0, 19),
		{ key, dsaEncoding: 'ieee-p1363' },
		bytes.subarray(19)
	);
	return { valid, card };
}

/** The JWK and the card link the docs print in their worked example. */
function docExample() {
	const section = DOC.slice(DOC.indexOf('#### Worked example'));
	const json = /```json\n([\s\S]+?)\n```/.exec(section)?.[1];
	const url = /```text\n(https:\/\/\S+)\n```/.exec(section)?.[1];
	if (!json || !url) throw new Error('docs/api.md: the worked example is missing');
	const jwk = JSON.parse(json) as JsonWebKey & { kid: string };
	return { jwk, url };
}

describe('the worked example of docs/api.md, checked with Node’s crypto alone', () => {
	test('its signature verifies and its fields are the ones the docs state', () => {
		const { jwk, url } = docExample();
		expect(jwk).toMatchObject({ kid: '1', kty: 'EC', crv: 'P-256' });
		const { valid, card } = verifyCard(url, jwk);
		expect(valid).toBe(true);
		expect(card).toEqual({
			ibge: '1100288',
			kid: 1,
			prefixo: 7,
			placa: 'NDJ8041',
			validUntil: '2028-02-07',
			issuedOn: '2026-12-07',
			serial: 10007
		});
	});

	test('one digit changed: the signature no longer verifies', () => {
		const { jwk, url } = docExample();
		const i = url.length - 60;
		const tampered = url.slice(0, i) + ((Number(url[i]) + 1) % 10) + url.slice(i + 1);
		expect(verifyCard(tampered, jwk).valid).toBe(false);
	});

	test('the key of the example is the profile’s, and the sample key file’s', () => {
		const { jwk } = docExample();
		const profileFile = JSON.parse(
			readFileSync(new URL('../profiles/rolim-de-moura/municipality.json', import.meta.url), 'utf8')
		) as { cardKeys: { kid: number; x: string; y: string }[] };
		expect(profileFile.cardKeys).toContainEqual(
			expect.objectContaining({ kid: 1, x: jwk.x, y: jwk.y })
		);
		const file = new URL('./fixtures/card-key.sample.pem', import.meta.url);
		const fromFile = createPublicKey(createPrivateKey(readFileSync(file))).export({
			format: 'jwk'
		});
		expect({ x: fromFile.x, y: fromFile.y }).toEqual({ x: jwk.x, y: jwk.y });
	});
});

describe('cards the server signs, checked by the independent verifier', () => {
	const key = createPrivateKey(
		readFileSync(new URL('./fixtures/card-key.sample.pem', import.meta.url))
	);
	const jwk = createPublicKey(key).export({ format: 'jwk' });
	const cases: [string, string, string][] = [
		['7', 'NDJ8041', 'old plate'],
		['1234', 'ABC1C34', 'Mercosul plate, four-digit prefix'],
		['1', 'AAA0A00', 'smallest values']
	];
	for (const [prefixo, placa, why] of cases)
		test(`MT-${prefixo} ${placa}: ${why}`, () => {
			const digits = signedCardDigits(
				{
					ibge: '1100288',
					kid: 1,
					prefixo,
					placa,
					validUntil: '2029-01-31',
					issuedOn: '2026-12-07',
					serial: 30000 + Number(prefixo)
				},
				key
			);
			const url = cardLink('https://Garupa.Example/', prefixo) + digits;
			expect(url.startsWith('https://garupa.example/v/')).toBe(true);
			const { valid, card } = verifyCard(url, jwk);
			expect(valid).toBe(true);
			expect(card).toMatchObject({
				prefixo: Number(prefixo),
				placa,
				serial: 30000 + Number(prefixo)
			});
		});
});

describe('a registry snapshot the server signs, checked as docs/api.md tells a third party', () => {
	const file = new URL('./fixtures/card-key.sample.pem', import.meta.url).pathname;
	const jwk = createPublicKey(createPrivateKey(readFileSync(file))).export({ format: 'jwk' });

	/** The docs' recipe: JSON without `signature`, Node's verify; gunzip and test a bit. */
	function check(snapshot: Record<string, unknown>) {
		const { signature, ...rest } = snapshot as {
			signature: { kid: number; value: string };
			revokedCards: { offset: number; bits: string };
		};
		const valid = verify(
			'sha256',
			Buffer.from(JSON.stringify(rest)),
			{ key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
			Buffer.from(signature.value, 'base64url')
		);
		const list = rest.revokedCards;
		const bits = gunzipSync(Buffer.from(list.bits, 'base64'));
		const revoked = (serial: number) => {
			const i = serial - list.offset;
			return i >= 0 && i >> 3 < bits.length && (bits[i >> 3]! & (0x80 >> (i & 7))) !== 0;
		};
		return { valid, kid: signature.kid, revoked };
	}

	test('its signature verifies after a JSON round trip, and its bits are the revoked serials', async () => {
		const served = signSnapshot(
			{
				version: 3,
				publishedAt: '2026-12-07T12:00:00.000Z',
				sample: true,
				entries: [{ prefixo: '7', placa: 'NDJ8041', titular: 'João Ção' }],
				revokedCards: await encodeStatusList([10_007, 30_007, 30_012])
			},
			file
		);
		const { valid, kid, revoked } = check(JSON.parse(JSON.stringify(served)));
		expect(valid).toBe(true);
		expect(kid).toBe(1);
		expect([10_007, 30_007, 30_012].map(revoked)).toEqual([true, true, true]);
		expect([10_006, 10_008, 30_008, 20_007, 0, 99_999].map(revoked)).toEqual([
			false,
			false,
			false,
			false,
			false,
			false
		]);
	});

	test('an emptied revocation list no longer verifies', async () => {
		const served = signSnapshot(
			{ version: 3, entries: [], revokedCards: await encodeStatusList([30_007]) },
			file
		);
		const emptied = { ...served, revokedCards: await encodeStatusList([]) };
		expect(check(JSON.parse(JSON.stringify(emptied))).valid).toBe(false);
	});
});
