import { describe, expect, test } from 'vitest';
import type { CardKey } from './card';
import {
	decodeStatusList,
	encodeStatusList,
	snapshotSignedBytes,
	verifiedRevocations,
	verifySnapshot
} from './card-status';

// The revoked cards' status list and the snapshot's signature (issue 36 item 4; docs/api.md,
// "Revoked cards and the snapshot's signature"): a gzipped bitstring, bit i = serial offset + i,
// most significant bit first; ES256 (RFC 7518 §3.4) over the snapshot's JSON without `signature`.

const gunzip = async (base64: string) =>
	new Uint8Array(
		await new Response(
			new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))])
				.stream()
				.pipeThrough(new DecompressionStream('gzip'))
		).arrayBuffer()
	);

describe('the status list: encode → decode gives the serials back', () => {
	const cases: [string, number[], number, number[]][] = [
		// why, serials, expected offset, expected raw bytes
		['none revoked', [], 0, []],
		[
			'one serial: offset its multiple of 8, bit 7 the least significant',
			[10_007],
			10_000,
			[0b0000_0001]
		],
		['two in one byte', [16, 23], 16, [0b1000_0001]],
		['across versions, unsorted, a duplicate', [30_012, 10_007, 30_012], 10_000, []]
	];
	for (const [why, serials, offset, raw] of cases)
		test(why, async () => {
			const list = await encodeStatusList(serials);
			expect(list.offset).toBe(offset);
			if (raw.length || serials.length === 0) expect([...(await gunzip(list.bits))]).toEqual(raw);
			expect(await decodeStatusList(list)).toEqual([...new Set(serials)].sort((a, b) => a - b));
		});

	test('a city’s year of revocations stays well under 1 KB', async () => {
		// 60 cards revoked across 20 published versions (serials up to 200 000 apart).
		const serials = Array.from(
			{ length: 60 },
			(_, i) => (1 + (i % 20)) * 10_000 + ((i * 37) % 400)
		);
		const list = await encodeStatusList(serials);
		expect(list.bits.length).toBeLessThan(1024);
		expect(await decodeStatusList(list)).toEqual([...new Set(serials)].sort((a, b) => a - b));
	});

	test('a serial out of range is refused', async () => {
		await expect(encodeStatusList([-1])).rejects.toThrow(RangeError);
		await expect(encodeStatusList([1.5])).rejects.toThrow(RangeError);
	});

	const bad: [string, unknown][] = [
		['not an object', 'x'],
		['no offset', { bits: 'H4sIAAAAAAAAAwMAAAAAAAAAAAA=' }],
		['bits not base64', { offset: 0, bits: '%%%' }],
		['bits not gzip', { offset: 0, bits: btoa('plain') }]
	];
	for (const [why, list] of bad)
		test(`not a status list: ${why}`, async () => expect(await decodeStatusList(list)).toBeNull());
});

describe('the snapshot’s signature', () => {
	const subtle = globalThis.crypto.subtle;
	async function signer(kid: number) {
		const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
			'sign',
			'verify'
		]);
		const jwk = await subtle.exportKey('jwk', pair.publicKey);
		const key: CardKey = {
			kid,
			x: jwk.x!,
			y: jwk.y!,
			validFrom: '2026-01-01',
			validUntil: '2030-12-31'
		};
		const sign = async (body: Record<string, unknown>) => {
			const sig = new Uint8Array(
				await subtle.sign(
					{ name: 'ECDSA', hash: 'SHA-256' },
					pair.privateKey,
					snapshotSignedBytes(body)
				)
			);
			const value = btoa(String.fromCharCode(...sig))
				.replace(/\+/g, '-')
				.replace(/\//g, '_')
				.replace(/=+$/, '');
			return { ...body, signature: { kid, alg: 'ES256', value } };
		};
		return { key, sign };
	}

	test('the signed bytes are the JSON without `signature`, in the order served', () => {
		const bytes = snapshotSignedBytes({ version: 3, signature: { kid: 1 }, entries: [{ a: 'ç' }] });
		expect(new TextDecoder().decode(bytes)).toBe('{"version":3,"entries":[{"a":"ç"}]}');
	});

	test('signed, it verifies — also after a JSON round trip, as a phone keeps it', async () => {
		const { key, sign } = await signer(1);
		const revokedCards = await encodeStatusList([10_007]);
		const snapshot = await sign({ version: 1, entries: [{ prefixo: '7' }], revokedCards });
		const kept = JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>;
		expect(await verifySnapshot(kept, [key])).toBe(true);
		expect(await verifiedRevocations(kept, [key])).toEqual([10_007]);
	});

	const tampered: [string, (s: Record<string, unknown>) => Record<string, unknown>][] = [
		['its revocation list emptied', (s) => ({ ...s, revokedCards: { offset: 0, bits: '' } })],
		['an entry changed', (s) => ({ ...s, entries: [{ prefixo: '8' }] })],
		['no signature', (s) => ({ ...s, signature: undefined })],
		[
			'a signature of the wrong length',
			(s) => ({ ...s, signature: { kid: 1, alg: 'ES256', value: 'AAAA' } })
		],
		[
			'another algorithm named',
			(s) => ({ ...s, signature: { ...(s.signature as object), alg: 'HS256' } })
		]
	];
	for (const [why, change] of tampered)
		test(`${why}: not verified, its list not used`, async () => {
			const { key, sign } = await signer(1);
			const snapshot = await sign({
				version: 1,
				entries: [{ prefixo: '7' }],
				revokedCards: await encodeStatusList([10_007])
			});
			expect(await verifySnapshot(change(snapshot), [key])).toBe(false);
			expect(await verifiedRevocations(change(snapshot), [key])).toBeNull();
		});

	test('signed by a key the profile does not list: not verified', async () => {
		const { sign } = await signer(2);
		const { key } = await signer(2);
		const snapshot = await sign({ version: 1, revokedCards: await encodeStatusList([1]) });
		expect(await verifySnapshot(snapshot, [key])).toBe(false);
		expect(await verifySnapshot(snapshot, [])).toBe(false);
	});
});
