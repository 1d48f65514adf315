/**
 * The signed vehicle card: what its QR code carries after the `/v/<prefixo>/` link, and how anyone
 * checks it offline with the municipality's public keys (ES256: ECDSA P-256 with SHA-256, the
 * signature as the 64-byte raw r‖s that WebCrypto produces and verifies natively).
 *
 * Layout, version 1, big-endian (docs/api.md, "Signed vehicle card"):
 *
 * | bytes | field                                                      |
 * | ----- | ---------------------------------------------------------- |
 * | 0     | layout version, 1                                          |
 * | 1–3   | municipality's IBGE code (7 digits, unsigned 24-bit)       |
 * | 4     | key id (`kid`, 1–255)                                      |
 * | 5–6   | prefix, unsigned 16-bit                                    |
 * | 7–10  | plate as registered, packed (below), unsigned 32-bit       |
 * | 11–12 | authorization valid until, days since 1970-01-01           |
 * | 13–14 | card issued on, days since 1970-01-01                      |
 * | 15–18 | card serial, unsigned 32-bit                               |
 * | 19–82 | signature r‖s over bytes 0–18                              |
 *
 * The plate `L1 L2 L3 D4 C5 D6 D7` (old `ABC1234` or Mercosul `ABC1C34`) packs as
 * `((((L1·26 + L2)·26 + L3)·10 + D4)·36 + C5)·100 + D6·10 + D7`, letters A–Z = 0–25 and C5 a
 * digit 0–9 or a letter A–Z = 10–35: both forms fit 30 bits and come back as registered.
 *
 * In the QR code the 83 bytes are one big-endian unsigned integer written in decimal (a numeric
 * segment: 3.3 bits a digit, no uppercase URL). The first byte is 1, so the number has no leading
 * zero byte and the digits give the bytes back exactly.
 */
import type { LocalDate } from './clock';

export const CARD_VERSION = 1;
export const SIGNED_BYTES = 19;
export const SIGNATURE_BYTES = 64;
export const CARD_BYTES = SIGNED_BYTES + SIGNATURE_BYTES;

export interface CardFields {
	/** 7-digit IBGE code. */
	ibge: string;
	kid: number;
	/** Canonical digits, no leading zeros (`'7'`). */
	prefixo: string;
	/** Normalized as registered: `ABC1234` or `ABC1C34`. */
	placa: string;
	validUntil: LocalDate;
	issuedOn: LocalDate;
	serial: number;
}

/** A public key the app trusts, as the profile lists it (a JWK's `x` and `y`, base64url). */
export interface CardKey {
	kid: number;
	x: string;
	y: string;
	/** First and last day a card may be issued with it; its cards stay valid until their own date. */
	validFrom: LocalDate;
	validUntil: LocalDate;
}

const C5 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The plate's 30-bit number, or null when it is not an old or Mercosul plate. */
export function packPlate(placa: string): number | null {
	if (!/^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/.test(placa)) return null;
	const letter = (i: number) => placa.charCodeAt(i) - 65;
	const digit = (i: number) => placa.charCodeAt(i) - 48;
	return (
		((((letter(0) * 26 + letter(1)) * 26 + letter(2)) * 10 + digit(3)) * 36 +
			C5.indexOf(placa[4]!)) *
			100 +
		digit(5) * 10 +
		digit(6)
	);
}

/** The plate of a packed number, or null when the number is no plate. */
export function unpackPlate(n: number): string | null {
	if (!Number.isInteger(n) || n < 0 || n >= 26 ** 3 * 10 * 36 * 100) return null;
	const d67 = n % 100;
	let rest = Math.floor(n / 100);
	const c5 = C5[rest % 36]!;
	rest = Math.floor(rest / 36);
	const d4 = rest % 10;
	rest = Math.floor(rest / 10);
	const l3 = rest % 26;
	rest = Math.floor(rest / 26);
	const letters = String.fromCharCode(65 + Math.floor(rest / 26), 65 + (rest % 26), 65 + l3);
	return `${letters}${d4}${c5}${String(d67).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: LocalDate) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dayDate = (n: number): LocalDate => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The 19 signed bytes of a card; throws RangeError on a field the layout cannot hold. */
export function cardBody(fields: CardFields): Uint8Array<ArrayBuffer> {
	const ibge = Number(fields.ibge);
	const prefixo = Number(fields.prefixo);
	const until = dayNumber(fields.validUntil);
	const issued = dayNumber(fields.issuedOn);
	const plate = packPlate(fields.placa);
	const ok =
		/^\d{7}$/.test(fields.ibge) &&
		Number.isInteger(fields.kid) &&
		fields.kid >= 1 &&
		fields.kid <= 255 &&
		/^\d{1,4}$/.test(fields.prefixo) &&
		plate !== null &&
		until >= 0 &&
		until <= 0xffff &&
		issued >= 0 &&
		issued <= 0xffff &&
		Number.isInteger(fields.serial) &&
		fields.serial >= 0 &&
		fields.serial <= 0xffffffff;
	if (!ok) throw new RangeError('card field out of the layout');
	const bytes = new Uint8Array(SIGNED_BYTES);
	const view = new DataView(bytes.buffer);
	view.setUint8(0, CARD_VERSION);
	view.setUint8(1, ibge >>> 16);
	view.setUint16(2, ibge & 0xffff);
	view.setUint8(4, fields.kid);
	view.setUint16(5, prefixo);
	view.setUint32(7, plate ?? 0);
	view.setUint16(11, until);
	view.setUint16(13, issued);
	view.setUint32(15, fields.serial);
	return bytes;
}

/** The fields of a card's bytes (signed part first), or null when they are not a version 1 card. */
export function readCard(bytes: Uint8Array): CardFields | null {
	if (bytes.length !== CARD_BYTES || bytes[0] !== CARD_VERSION) return null;
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const placa = unpackPlate(view.getUint32(7));
	if (placa === null) return null;
	const ibge = String((view.getUint8(1) << 16) | view.getUint16(2)).padStart(7, '0');
	return {
		ibge,
		kid: view.getUint8(4),
		prefixo: String(view.getUint16(5)),
		placa,
		validUntil: dayDate(view.getUint16(11)),
		issuedOn: dayDate(view.getUint16(13)),
		serial: view.getUint32(15)
	};
}

/**
 * The bytes as one big-endian unsigned integer, in decimal.
 * @example cardDigits(new Uint8Array([1, 0])) //=> '256'
 */
export function cardDigits(bytes: Uint8Array): string {
	let n = 0n;
	for (const b of bytes) n = (n << 8n) | BigInt(b);
	return n.toString();
}

/**
 * The bytes of a decimal number (as many as it needs), or null when the text is not digits.
 * @example digitBytes('256') //=> Uint8Array [1, 0]
 */
export function digitBytes(digits: string): Uint8Array<ArrayBuffer> | null {
	if (!/^[1-9]\d{0,299}$/.test(digits)) return null;
	let n = BigInt(digits);
	const out: number[] = [];
	while (n > 0n) {
		out.push(Number(n & 0xffn));
		n >>= 8n;
	}
	return Uint8Array.from(out.reverse());
}

/** What a scanned card proves, before the registry is looked at. */
export type CardCheck =
	| { kind: 'valid'; card: CardFields }
	/** Not a card of this municipality, or its signature does not verify: not the city's QR. */
	| { kind: 'forged' }
	/** Signed by a key this app does not know (or not for the date it says it was issued). */
	| { kind: 'unknown-key'; card: CardFields }
	/** Properly signed, but the authorization it states is past. */
	| { kind: 'expired'; card: CardFields };

/**
 * Checks a card's digits against the municipality's keys, on `today` (the municipality's date).
 * A key verifies only cards issued within its own validity; a card signed by a key since rotated
 * stays valid until its own date. Uses WebCrypto (browsers and Node ≥ 20).
 */
export async function checkCard(
	digits: string,
	ibge: string,
	keys: readonly CardKey[],
	today: LocalDate
): Promise<CardCheck> {
	const bytes = digitBytes(digits);
	const card = bytes && readCard(bytes);
	if (!bytes || !card || card.ibge !== ibge) return { kind: 'forged' };
	const key = keys.find(
		(k) => k.kid === card.kid && k.validFrom <= card.issuedOn && card.issuedOn <= k.validUntil
	);
	if (!key) return { kind: 'unknown-key', card };
	const valid = await verifiesEs256(
		key,
		bytes.subarray(SIGNED_BYTES),
		bytes.subarray(0, SIGNED_BYTES)
	);
	if (!valid) return { kind: 'forged' };
	return card.validUntil < today ? { kind: 'expired', card } : { kind: 'valid', card };
}

/**
 * Whether `signature` (ES256: r‖s, 64 bytes) over `signed` verifies under the P-256 public `key`;
 * false, never a throw, for a malformed key or signature.
 */
export async function verifiesEs256(
	key: Pick<CardKey, 'x' | 'y'>,
	signature: Uint8Array<ArrayBuffer>,
	signed: Uint8Array<ArrayBuffer>
): Promise<boolean> {
	try {
		const subtle = globalThis.crypto.subtle;
		const publicKey = await subtle.importKey(
			'jwk',
			{ kty: 'EC', crv: 'P-256', x: key.x, y: key.y, ext: true },
			{ name: 'ECDSA', namedCurve: 'P-256' },
			false,
			['verify']
		);
		return await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, signed);
	} catch {
		return false;
	}
}

/** What the rider is told of a card, once its check is set against the registry. */
export type CardAnswer =
	/** Genuine and in force: compare the plate (a copied card is still a valid card). */
	| { kind: 'valid'; card: CardFields }
	/** Not signed by this municipality (or by a key it does not know): not the city's QR. */
	| { kind: 'foreign' }
	/** Signed, but no longer worth boarding on. */
	| {
			kind: 'irregular';
			why: 'revoked' | 'expired' | 'other-plate' | 'not-registered';
			card: CardFields;
			/** The registry's plate for the card's prefix, when there is one. */
			registered: string | null;
	  };

/** Two plates are the same vehicle in either format (old `ABC1234` ↔ Mercosul `ABC1C34`). */
function samePlate(a: string, b: string): boolean {
	const key = (p: string) =>
		/^[A-Z]{3}[0-9]{4}$/.test(p)
			? p.slice(0, 4) + String.fromCharCode(65 + Number(p[4])) + p.slice(5)
			: p;
	return key(a) === key(b);
}

/**
 * The rider's answer for a checked card and the registry's entry for the card's prefix. A `sample`
 * key (its private part is public, for tests) vouches only for the registry's sample entries.
 * `revoked`: the serials the City revoked, as a signed snapshot (or the server) says.
 */
export function cardAnswer(
	check: CardCheck,
	keys: readonly (CardKey & { sample?: true })[],
	entry: { placa: string; sample?: true } | null,
	revoked: readonly number[] = []
): CardAnswer {
	if (check.kind === 'forged' || check.kind === 'unknown-key') return { kind: 'foreign' };
	const { card } = check;
	const key = keys.find((k) => k.kid === card.kid);
	if (key?.sample && !entry?.sample) return { kind: 'foreign' };
	const registered = entry?.placa ?? null;
	if (revoked.includes(card.serial)) return { kind: 'irregular', why: 'revoked', card, registered };
	if (check.kind === 'expired') return { kind: 'irregular', why: 'expired', card, registered };
	if (!entry) return { kind: 'irregular', why: 'not-registered', card, registered };
	if (!samePlate(entry.placa, card.placa))
		return { kind: 'irregular', why: 'other-plate', card, registered };
	return { kind: 'valid', card };
}
