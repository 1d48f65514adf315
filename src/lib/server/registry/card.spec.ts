import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkCard } from '$lib/domain/card';
import { profile } from '$lib/profile';
import {
	CardKeyError,
	cardFields,
	cardLink,
	cardQr,
	keySet,
	signedCardDigits,
	signingKey
} from './card';

const SAMPLE_KEY = new URL('../../../../tests/fixtures/card-key.sample.pem', import.meta.url)
	.pathname;
const dir = mkdtempSync(join(tmpdir(), 'garupa-card-'));

describe('the signing key (GARUPA_CARD_KEY_FILE)', () => {
	test('the sample key is the profile’s kid 1', () =>
		expect(signingKey(SAMPLE_KEY).entry).toMatchObject({ kid: 1, sample: true }));

	test('no file configured: says how to make one', () =>
		expect(() => signingKey(null)).toThrow(/GARUPA_CARD_KEY_FILE.*npm run card:key/));

	test('a file that is not a key: refused, without its content', () => {
		const file = join(dir, 'nao-chave.pem');
		writeFileSync(file, 'segredo que não pode aparecer');
		expect(() => signingKey(file)).toThrow(CardKeyError);
		try {
			signingKey(file);
		} catch (error) {
			expect(String(error)).not.toContain('segredo');
		}
	});

	test('a P-256 key the profile does not list: refused (phones could not verify it)', () => {
		const file = join(dir, 'outra.pem');
		const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
		writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
		expect(() => signingKey(file)).toThrow(/cardKeys/);
	});

	test('another curve: refused', () => {
		const file = join(dir, 'p384.pem');
		const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
		writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
		expect(() => signingKey(file)).toThrow(/P-256/);
	});
});

describe('a published entry’s card', () => {
	const entry = { prefixo: '7', placa: 'NDJ8041', autorizacaoValidade: '2028-02-07' };
	const snapshot = { version: 3, publishedAt: '2026-12-08T02:30:00.000Z' };

	test('issued on the publication’s local date, serial version × 10 000 + prefix', () =>
		expect(cardFields(entry as never, snapshot, 1)).toEqual({
			ibge: profile.ibge,
			kid: 1,
			prefixo: '7',
			placa: 'NDJ8041',
			validUntil: '2028-02-07',
			issuedOn: '2026-12-07', // 02:30 UTC is still the 7th at UTC−4
			serial: 30007
		}));

	test('signed by the server, verified by the app’s checker with the profile’s keys', async () => {
		const { key } = signingKey(SAMPLE_KEY);
		const digits = signedCardDigits(cardFields(entry as never, snapshot, 1), key);
		const check = await checkCard(digits, profile.ibge, profile.cardKeys, '2026-12-07');
		expect(check.kind).toBe('valid');
	});

	test('the QR: a lowercase link then the digits, error correction Q; v8 for a 22-character link', () => {
		const { key } = signingKey(SAMPLE_KEY);
		const digits = signedCardDigits(cardFields(entry as never, snapshot, 1), key);
		expect(cardLink('HTTPS://RDM.BR', '7')).toBe('https://rdm.br/v/007/');
		expect(cardQr('https://rdm.br/v/007/', digits)).toMatchObject({ version: 8, modules: 49 });
		expect(cardQr(cardLink('https://garupa.example', '7'), digits).version).toBe(9);
	});
});

test('GET /api/keys’ set: kid, kty EC, crv P-256, x, y and validity of each profile key', () =>
	expect(keySet().keys).toEqual(
		profile.cardKeys.map((k) =>
			expect.objectContaining({
				kid: String(k.kid),
				kty: 'EC',
				crv: 'P-256',
				x: k.x,
				y: k.y,
				validFrom: k.validFrom,
				validUntil: k.validUntil
			})
		)
	));
