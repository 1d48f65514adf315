import { describe, expect, test } from 'vitest';
import {
	CARD_BYTES,
	SIGNED_BYTES,
	cardBody,
	cardAnswer,
	cardDigits,
	checkCard,
	digitBytes,
	packPlate,
	unpackPlate,
	readCard,
	type CardFields,
	type CardKey
} from './card';

// The signed vehicle card (issue 36; docs/api.md, "Signed vehicle card"): ES256 as JOSE defines it
// (RFC 7518 §3.4: ECDSA P-256 + SHA-256, the signature as the 64-byte r‖s).

const subtle = globalThis.crypto.subtle;
const ES256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

async function keyPair(kid: number, validFrom = '2026-01-01', validUntil = '2030-12-31') {
	const pair = await subtle.generateKey(ES256, true, ['sign', 'verify']);
	const jwk = await subtle.exportKey('jwk', pair.publicKey);
	const key: CardKey = { kid, x: jwk.x!, y: jwk.y!, validFrom, validUntil };
	return { key, privateKey: pair.privateKey };
}

async function signed(fields: CardFields, privateKey: CryptoKey): Promise<Uint8Array> {
	const body = cardBody(fields);
	const signature = new Uint8Array(
		await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, body)
	);
	const bytes = new Uint8Array(CARD_BYTES);
	bytes.set(body);
	bytes.set(signature, SIGNED_BYTES);
	return bytes;
}

const FIELDS: CardFields = {
	ibge: '1100288',
	kid: 1,
	prefixo: '7',
	placa: 'NDJ8041',
	validUntil: '2028-02-07',
	issuedOn: '2026-12-07',
	serial: 30007
};

describe('layout version 1', () => {
	test('19 signed bytes: version, IBGE, kid, prefix, plate, dates, serial — and back', () => {
		const body = cardBody(FIELDS);
		expect(body.length).toBe(19);
		expect(Array.from(body.subarray(0, 7))).toEqual([1, 0x10, 0xca, 0x00, 1, 0, 7]);
		expect(new DataView(body.buffer).getUint32(7)).toBe(packPlate('NDJ8041'));
		const bytes = new Uint8Array(CARD_BYTES);
		bytes.set(body);
		expect(readCard(bytes)).toEqual(FIELDS);
	});

	const plates: [string, number, string][] = [
		['AAA0000', 0, 'the first plate'],
		['ABC1234', ((((0 * 26 + 1) * 26 + 2) * 10 + 1) * 36 + 2) * 100 + 34, 'old plate'],
		['ABC1C34', ((((0 * 26 + 1) * 26 + 2) * 10 + 1) * 36 + 12) * 100 + 34, 'Mercosul plate'],
		['ZZZ9Z99', 26 ** 3 * 10 * 36 * 100 - 1, 'the last plate: fits 30 bits']
	];
	for (const [plate, n, why] of plates)
		test(`plate ${plate} ↔ ${n}: ${why}`, () => {
			expect(packPlate(plate)).toBe(n);
			expect(unpackPlate(n)).toBe(plate);
		});
	test('the largest plate number is below 2³⁰', () =>
		expect(26 ** 3 * 10 * 36 * 100).toBeLessThan(2 ** 30));

	const bad: [Partial<CardFields>, string][] = [
		[{ ibge: '110028' }, 'IBGE code of 6 digits'],
		[{ kid: 0 }, 'key id 0'],
		[{ kid: 256 }, 'key id above one byte'],
		[{ prefixo: '10000' }, 'prefix of 5 digits'],
		[{ placa: 'NDJ-804' }, 'plate with a hyphen'],
		[{ validUntil: '1969-12-31' }, 'date before 1970'],
		[{ serial: 2 ** 32 }, 'serial above 32 bits']
	];
	for (const [change, why] of bad)
		test(`refuses ${why}`, () =>
			expect(() => cardBody({ ...FIELDS, ...change })).toThrow(RangeError));

	test('another layout version or length is not a card', () => {
		const bytes = new Uint8Array(CARD_BYTES);
		bytes.set(cardBody(FIELDS));
		bytes[0] = 2;
		expect(readCard(bytes)).toBeNull();
		expect(readCard(bytes.subarray(1))).toBeNull();
	});
});

describe('digits: the bytes as one big-endian number, in decimal', () => {
	const cases: [number[], string][] = [
		[[1], '1'],
		[[1, 0], '256'],
		[[1, 2, 3], '66051'],
		[[255, 255], '65535']
	];
	for (const [bytes, digits] of cases)
		test(`${JSON.stringify(bytes)} ↔ ${digits}`, () => {
			expect(cardDigits(Uint8Array.from(bytes))).toBe(digits);
			expect(Array.from(digitBytes(digits) ?? [])).toEqual(bytes);
		});
	for (const text of ['', '0123', '12a', '-5', ' 1'])
		test(`${JSON.stringify(text)} is not a card's digits`, () =>
			expect(digitBytes(text)).toBeNull());
});

describe('checkCard', () => {
	test('a card signed by a listed key, before its date: valid, with its fields', async () => {
		const { key, privateKey } = await keyPair(1);
		const digits = cardDigits(await signed(FIELDS, privateKey));
		expect(digits.length).toBeLessThanOrEqual(199);
		expect(await checkCard(digits, '1100288', [key], '2026-12-07')).toEqual({
			kind: 'valid',
			card: FIELDS
		});
	});

	test('one digit changed: forged', async () => {
		const { key, privateKey } = await keyPair(1);
		const digits = cardDigits(await signed(FIELDS, privateKey));
		const i = 100;
		const tampered = digits.slice(0, i) + ((Number(digits[i]) + 1) % 10) + digits.slice(i + 1);
		expect((await checkCard(tampered, '1100288', [key], '2026-12-07')).kind).toBe('forged');
	});

	test('another municipality’s card: forged (not this city’s QR)', async () => {
		const { key, privateKey } = await keyPair(1);
		const digits = cardDigits(await signed(FIELDS, privateKey));
		expect((await checkCard(digits, '2910800', [key], '2026-12-07')).kind).toBe('forged');
	});

	test('signed by a key with the listed id but another secret: forged', async () => {
		const { key } = await keyPair(1);
		const other = await keyPair(1);
		const digits = cardDigits(await signed(FIELDS, other.privateKey));
		expect((await checkCard(digits, '1100288', [key], '2026-12-07')).kind).toBe('forged');
	});

	test('a key id the app does not know: unknown-key', async () => {
		const { key, privateKey } = await keyPair(2);
		const digits = cardDigits(await signed({ ...FIELDS, kid: 2 }, privateKey));
		const listed = { ...key, kid: 1 };
		expect((await checkCard(digits, '1100288', [listed], '2026-12-07')).kind).toBe('unknown-key');
	});

	test('rotation: a card issued while the old key was in force stays valid until its date', async () => {
		const old = await keyPair(1, '2026-01-01', '2026-06-30');
		const current = await keyPair(2, '2026-07-01', '2030-12-31');
		const keys = [old.key, current.key];
		const before = cardDigits(await signed({ ...FIELDS, issuedOn: '2026-03-01' }, old.privateKey));
		expect((await checkCard(before, '1100288', keys, '2027-05-01')).kind).toBe('valid');
		// …but the old key cannot issue a card dated after it was retired.
		const late = cardDigits(await signed({ ...FIELDS, issuedOn: '2026-08-01' }, old.privateKey));
		expect((await checkCard(late, '1100288', keys, '2027-05-01')).kind).toBe('unknown-key');
	});

	test('past the authorization’s date: expired', async () => {
		const { key, privateKey } = await keyPair(1);
		const digits = cardDigits(await signed(FIELDS, privateKey));
		expect((await checkCard(digits, '1100288', [key], '2028-02-08')).kind).toBe('expired');
		expect((await checkCard(digits, '1100288', [key], '2028-02-07')).kind).toBe('valid');
	});
});

describe('cardAnswer: the card set against the registry', () => {
	const card = FIELDS;
	const keys = [{ kid: 1, x: '', y: '', validFrom: '2026-01-01', validUntil: '2030-12-31' }];
	const sampleKeys = [{ ...keys[0]!, sample: true as const }];
	const entry = { placa: 'NDJ8041' };
	const cases: [string, Parameters<typeof cardAnswer>, ReturnType<typeof cardAnswer>][] = [
		[
			'genuine, registered with its plate',
			[{ kind: 'valid', card }, keys, entry],
			{ kind: 'valid', card }
		],
		[
			'the registry holds the Mercosul form of the card’s old plate',
			[{ kind: 'valid', card }, keys, { placa: 'NDJ8A41' }],
			{ kind: 'valid', card }
		],
		['forged', [{ kind: 'forged' }, keys, entry], { kind: 'foreign' }],
		['unknown key', [{ kind: 'unknown-key', card }, keys, entry], { kind: 'foreign' }],
		[
			'another plate in the registry for its prefix',
			[{ kind: 'valid', card }, keys, { placa: 'ABC1D23' }],
			{ kind: 'irregular', why: 'other-plate', card, registered: 'ABC1D23' }
		],
		[
			'its prefix is not in the registry',
			[{ kind: 'valid', card }, keys, null],
			{ kind: 'irregular', why: 'not-registered', card, registered: null }
		],
		[
			'past its date',
			[{ kind: 'expired', card }, keys, entry],
			{ kind: 'irregular', why: 'expired', card, registered: 'NDJ8041' }
		],
		[
			'its serial revoked (issue 36 item 4): irregular, even in force with its plate',
			[{ kind: 'valid', card }, keys, entry, [1, card.serial, 99_999]],
			{ kind: 'irregular', why: 'revoked', card, registered: 'NDJ8041' }
		],
		[
			'another serial revoked: still valid',
			[{ kind: 'valid', card }, keys, entry, [card.serial + 1]],
			{ kind: 'valid', card }
		],
		[
			'the sample key on a real entry: not the city’s QR',
			[{ kind: 'valid', card }, sampleKeys, entry],
			{ kind: 'foreign' }
		],
		[
			'the sample key on a sample entry',
			[{ kind: 'valid', card }, sampleKeys, { ...entry, sample: true }],
			{ kind: 'valid', card }
		]
	];
	for (const [why, args, answer] of cases)
		test(why, () => expect(cardAnswer(...args)).toEqual(answer));
});
