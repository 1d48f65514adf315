/**
 * Signed vehicle cards made the way docs/api.md describes, with Node's crypto and none of the
 * app's code: the sample key (tests/fixtures/card-key.sample.pem, kid 1, test only) or any other.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const SAMPLE_KEY = createPrivateKey(
	readFileSync(new URL('./fixtures/card-key.sample.pem', import.meta.url))
);

/** A P-256 key no profile lists. */
export const unknownKey = (): KeyObject =>
	generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

const days = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

function packPlate(p: string): number {
	const l = (i: number) => p.charCodeAt(i) - 65;
	const d = (i: number) => p.charCodeAt(i) - 48;
	const c5 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(p[4]!);
	return ((((l(0) * 26 + l(1)) * 26 + l(2)) * 10 + d(3)) * 36 + c5) * 100 + d(5) * 10 + d(6);
}

export interface TestCard {
	prefixo: number;
	placa: string;
	validUntil: string;
	issuedOn: string;
	serial: number;
	kid?: number;
	ibge?: number;
}

/** MT-007 of the sample registry, as a card of the sample key says it. */
export const CARD_007: TestCard = {
	prefixo: 7,
	placa: 'NDJ8041',
	validUntil: '2028-02-07',
	issuedOn: '2026-12-01',
	serial: 10007
};

/** The card's decimal digits: 19 bytes of layout version 1 and their ES256 r‖s. */
export function cardDigits(card: TestCard, key: KeyObject = SAMPLE_KEY): string {
	const body = Buffer.alloc(19);
	body[0] = 1;
	body.writeUIntBE(card.ibge ?? 1100288, 1, 3);
	body[4] = card.kid ?? 1;
	body.writeUInt16BE(card.prefixo, 5);
	body.writeUInt32BE(packPlate(card.placa), 7);
	body.writeUInt16BE(days(card.validUntil), 11);
	body.writeUInt16BE(days(card.issuedOn), 13);
	body.writeUInt32BE(card.serial, 15);
	const signature = sign('sha256', body, { key, dsaEncoding: 'ieee-p1363' });
	return BigInt(`0x${Buffer.concat([body, signature]).toString('hex')}`).toString();
}

/** The digits with one digit changed (a tampered card). */
export function tamper(digits: string, at = 120): string {
	return digits.slice(0, at) + ((Number(digits[at]) + 1) % 10) + digits.slice(at + 1);
}
