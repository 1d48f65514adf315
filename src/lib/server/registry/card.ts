/**
 * The signed vehicle cards (src/lib/domain/card.ts): the server's signing key, read once from the
 * file `GARUPA_CARD_KEY_FILE` names (made by `npm run card:key`; never logged, never sent), the
 * card of a published entry, its QR link and the public keys as a JSON Web Key Set (/api/keys).
 */
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';
import { cardBody, cardDigits, type CardFields } from '$lib/domain/card';
import { localISO } from '$lib/domain/clock';
import { formatPrefix } from '$lib/domain/plate';
import type { ProfileCardKey } from '$lib/domain/profile';
import type { RegistryEntry, RegistrySnapshot } from '$lib/domain/registry-types';
import { profile } from '$lib/profile';
import { config } from '$lib/server/runtime';

/** Why no card can be signed, in the office's words (the key itself is never in it). */
export class CardKeyError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'CardKeyError';
	}
}

interface SigningKey {
	key: KeyObject;
	/** The profile's entry for its public part. */
	entry: ProfileCardKey;
}

let loaded: { file: string; key: SigningKey } | undefined;

/** The profile's entry whose public key is `key`'s public part, if any. */
function profileEntry(key: KeyObject): ProfileCardKey | undefined {
	const jwk = createPublicKey(key).export({ format: 'jwk' });
	return profile.cardKeys.find((k) => k.x === jwk.x && k.y === jwk.y);
}

/**
 * The signing key of `file` (default: GARUPA_CARD_KEY_FILE), checked against the profile: only a
 * key the profile lists (so riders' phones can verify it) signs.
 * @throws CardKeyError no file configured, unreadable, not a P-256 key, or not in the profile
 */
export function signingKey(file: string | null = config.cardKeyFile): SigningKey {
	if (!file)
		throw new CardKeyError(
			'Sem chave de assinatura: defina GARUPA_CARD_KEY_FILE (crie a chave com npm run card:key).'
		);
	if (loaded?.file === file) return loaded.key;
	let key: KeyObject;
	try {
		key = createPrivateKey(readFileSync(file));
	} catch {
		throw new CardKeyError(
			'A chave de assinatura (GARUPA_CARD_KEY_FILE) não pôde ser lida como PEM.'
		);
	}
	if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
		throw new CardKeyError('A chave de assinatura não é uma chave EC P-256.');
	const entry = profileEntry(key);
	if (!entry)
		throw new CardKeyError(
			'A chave de assinatura não está em cardKeys do perfil: os celulares não a reconheceriam.'
		);
	loaded = { file, key: { key, entry } };
	return loaded.key;
}

/** The 64-byte raw r‖s ES256 signature of `body`. */
export function signBytes(key: KeyObject, body: Uint8Array): Uint8Array {
	return new Uint8Array(sign('sha256', body, { key, dsaEncoding: 'ieee-p1363' }));
}

/**
 * The card of a published entry: issued on the snapshot's publication date, serial
 * `version × 10 000 + prefix` (one card per vehicle and published version).
 */
export function cardFields(
	entry: RegistryEntry,
	snapshot: Pick<RegistrySnapshot, 'version' | 'publishedAt'>,
	kid: number
): CardFields {
	return {
		ibge: profile.ibge,
		kid,
		prefixo: entry.prefixo,
		placa: entry.placa,
		validUntil: entry.autorizacaoValidade,
		issuedOn: localISO(new Date(snapshot.publishedAt), profile.timeZone).slice(0, 10),
		serial: snapshot.version * 10_000 + Number(entry.prefixo)
	};
}

/** The card's decimal digits: its 22 bytes and their signature, as one number. */
export function signedCardDigits(fields: CardFields, key: KeyObject): string {
	const body = cardBody(fields);
	const bytes = new Uint8Array(body.length + 64);
	bytes.set(body);
	bytes.set(signBytes(key, body), body.length);
	return cardDigits(bytes);
}

/** The link part of a card's QR: lowercase, ending in `/v/<prefixo>/`. */
export function cardLink(base: string, prefixo: string): string {
	const url = new URL(base.replace(/\/+$/, '') + '/');
	return `${url.protocol}//${url.host.toLowerCase()}${url.pathname}v/${formatPrefix(prefixo)}/`;
}

/**
 * Largest QR version a card should take (49 modules a side: 1.4 mm a module at 70 mm). At error
 * correction Q it holds 108 bytes: the 83-byte card's 198 digits leave room for a link of 22
 * characters (`https://mt.ro.gov.br/v/007/` does not fit; `https://rdm.br/v/007/` does). A longer
 * base address takes version 9 or 10 — still printed, with the version stated on the page.
 */
export const MAX_CARD_QR_VERSION = 8;

export interface CardQr {
	version: number;
	/** Modules a side, quiet zone excluded. */
	modules: number;
	/** Whether the module at column x, row y is dark. */
	dark: (x: number, y: number) => boolean;
}

/**
 * The card's QR code: the link as a byte segment, the digits as a numeric segment, error
 * correction Q (25 %: survives a scratched, dusty card), the smallest version that holds them.
 */
export function cardQr(link: string, digits: string): CardQr {
	const { modules, version } = QRCode.create(
		[
			{ data: new TextEncoder().encode(link), mode: 'byte' },
			{ data: digits, mode: 'numeric' }
		],
		{ errorCorrectionLevel: 'Q' }
	);
	return { version, modules: modules.size, dark: (x, y) => Boolean(modules.get(y, x)) };
}

/** A public key as a JSON Web Key, with its id and validity. */
export function publicJwk(k: ProfileCardKey) {
	return {
		kid: String(k.kid),
		kty: 'EC' as const,
		crv: 'P-256' as const,
		x: k.x,
		y: k.y,
		alg: 'ES256' as const,
		use: 'sig' as const,
		validFrom: k.validFrom,
		validUntil: k.validUntil,
		...(k.sample ? { sample: true as const } : {})
	};
}

/** The municipality's public card keys, as served by GET /api/keys. */
export function keySet() {
	return { ibge: profile.ibge, keys: profile.cardKeys.map(publicJwk) };
}
