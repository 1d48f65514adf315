/**
 * The cautelar suspension (Feira de Santana, Lei 3.815/2018 Art. 51 §1º): for the offences of Art.
 * 44, XLII, LII and LV found in flagrante by a competent agent, the authorization is suspended for
 * as long as the auto's procedure lasts. The riders' verdict says IRREGULAR at once, with the
 * reason, the article and what ends it; a law without it (Rolim de Moura's Lei 2.059/2011) shows
 * nothing. The phone uses the published list only when the snapshot's signature verifies.
 */
import { describe, expect, test } from 'vitest';
import type { CardKey } from './card';
import { snapshotSignedBytes, verifiedSuspensions } from './card-status';
import { registryRulesOn } from './profile';
import { suspensionOf, verifyOn, whyIrregular, type CautelarSuspension } from './registry';
import { entry } from './registry.fixtures';
import { profileFixture } from '$lib/profile/fixtures';

const feira = registryRulesOn(
	'2026-12-08',
	profileFixture('feira-de-santana').profile.registryRules
);
const rolim = registryRulesOn('2026-12-08', profileFixture('rolim-de-moura').profile.registryRules);
const DAY = '2026-12-08';
// Every other check passes on that day under both laws (Feira's inspection every 6 months, Art. 29).
const SEVEN = entry('7', { ultimaVistoria: '2026-11-02' });
const suspended: CautelarSuspension = { prefixo: '7', since: '2026-12-08' };

describe('Feira Art. 51 §1º: the offences and the provision are the regime’s', () => {
	test('XLII, LII and LV of Art. 44 — and no other — suspend in flagrante', () => {
		expect(feira?.cautelar).toMatchObject({
			cite: 'Art. 51 §1º',
			provisions: ['art44-XLII', 'art44-LII', 'art44-LV'],
			// "pelo período que durar o correspondente processo administrativo": the CJAI's judgment
			// (Art. 59) ends it; the hierarchical appeal has no suspensive effect (Art. 60 §3º).
			endsWith: 'decision'
		});
	});
	test('Rolim de Moura’s law has none', () => {
		expect(rolim).not.toBeNull();
		expect(rolim?.cautelar).toBeUndefined();
	});
});

describe('the riders’ verdict', () => {
	const cases: [
		why: string,
		rules: typeof feira,
		suspension: CautelarSuspension | null,
		verdict: string,
		cautelar: boolean
	][] = [
		[
			'Feira Art. 51 §1º: suspended in flagrante → IRREGULAR at once',
			feira,
			suspended,
			'irregular',
			true
		],
		['Feira, no suspension in force → the other checks decide', feira, null, 'regular', false],
		[
			'Feira: another vehicle’s suspension is not this one’s',
			feira,
			{ prefixo: '12', since: DAY },
			'regular',
			false
		],
		[
			'Rolim (Lei 2.059/2011 has no cautelar suspension): nothing shown',
			rolim,
			suspended,
			'regular',
			false
		]
	];
	test.each(cases)('%s', (_why, rules, suspension, verdict, cautelar) => {
		const result = verifyOn(SEVEN, DAY, rules, suspension);
		expect(result.verdict).toBe(verdict);
		expect(result.checks.some((c) => c.id === 'cautelar')).toBe(cautelar);
	});

	test('Feira Art. 51 §1º: the reason, the article, since when and what ends it, first of the reasons', () => {
		const result = verifyOn(SEVEN, DAY, feira, suspended);
		const [why] = whyIrregular(result.checks);
		expect(why).toMatchObject({
			id: 'cautelar',
			article: 'Art. 51 §1º',
			effect: 'blocks',
			effectArticle: 'Art. 51 §1º',
			ok: false,
			params: { desde: '2026-12-08' }
		});
		expect(why?.detail).toBe(
			'Autorização suspensa em caráter cautelar desde 08/12/2026, por auto de infração lavrado ' +
				'em flagrante (Art. 51 §1º), pelo período que durar o processo administrativo do auto: ' +
				'termina quando a CJAI julga o auto (Art. 59).'
		);
		expect(why?.until?.en).toContain('ends when the CJAI judges the auto');
		expect(why?.until?.es).toContain('termina cuando la CJAI juzga el acta');
	});
});

describe('the published list, read on the phone', () => {
	const cases: [why: string, list: unknown, found: CautelarSuspension | null][] = [
		['listed', [{ prefixo: '12', since: DAY }, suspended], suspended],
		['not listed', [{ prefixo: '12', since: DAY }], null],
		['no list (an older snapshot)', undefined, null],
		['a member without its day', [{ prefixo: '7' }], null],
		['a malformed day', [{ prefixo: '7', since: '8/12/2026' }], null],
		['not a list', { prefixo: '7', since: DAY }, null],
		['holes in the list', [null, 3, 'x', suspended], suspended]
	];
	test.each(cases)('%s', (_why, list, found) => expect(suspensionOf(list, SEVEN)).toEqual(found));

	test('used only when the snapshot’s signature verifies (as the revoked cards)', async () => {
		const subtle = globalThis.crypto.subtle;
		const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
			'sign',
			'verify'
		]);
		const jwk = await subtle.exportKey('jwk', pair.publicKey);
		const key: CardKey = {
			kid: 1,
			x: jwk.x!,
			y: jwk.y!,
			validFrom: '2026-01-01',
			validUntil: '2030-12-31'
		};
		const body = { version: 3, entries: [], suspensions: [suspended] };
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
		const signed = JSON.parse(
			JSON.stringify({ ...body, signature: { kid: 1, alg: 'ES256', value } })
		);
		expect(await verifiedSuspensions(signed, [key])).toEqual([suspended]);
		// A suspension taken off (or slipped in) after signing: the list is not used.
		expect(await verifiedSuspensions({ ...signed, suspensions: [] }, [key])).toBeNull();
		expect(await verifiedSuspensions({ ...body }, [key])).toBeNull();
		// A signed snapshot from before the list existed: no suspension.
		const { suspensions: _dropped, ...older } = body;
		void _dropped;
		const olderSig = new Uint8Array(
			await subtle.sign(
				{ name: 'ECDSA', hash: 'SHA-256' },
				pair.privateKey,
				snapshotSignedBytes(older)
			)
		);
		const olderValue = btoa(String.fromCharCode(...olderSig))
			.replace(/\+/g, '-')
			.replace(/\//g, '_')
			.replace(/=+$/, '');
		expect(
			await verifiedSuspensions(
				{ ...older, signature: { kid: 1, alg: 'ES256', value: olderValue } },
				[key]
			)
		).toEqual([]);
	});
});
