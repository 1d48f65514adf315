import { describe, expect, test } from 'vitest';
import type { SubmitResult } from '$lib/islands/submit';
import { fingerprint, newKey } from './outbox';
import { backoffSeconds, outcomeOf } from './outbox-outcome';

const cases: [name: string, answer: SubmitResult, kind: string][] = [
	[
		'a receipt',
		{ type: 'redirect', status: 303, location: '/reclamacoes/RM-2026-000001?token=x' },
		'sent'
	],
	[
		'an invalid complaint (the form action said 400)',
		{ type: 'failure', status: 400, data: { errors: { situations: 'Escolha' } } },
		'refused'
	],
	[
		'photos over the stated limit (the action said 413)',
		{ type: 'failure', status: 413, data: {} },
		'refused'
	],
	[
		'the key held for another complaint (422 idempotency_conflict)',
		{ type: 'failure', status: 422, data: { code: 'idempotency_conflict' } },
		'conflict'
	],
	['rate limited', { type: 'failure', status: 429, data: { retryAfter: 60 } }, 'later'],
	['the same key being stored by another tab', { type: 'failure', status: 409, data: {} }, 'later'],
	[
		"over the server's body limit: adapter-node's plain-text 413",
		{ type: 'error', status: 413, error: null },
		'refused'
	],
	[
		'a body type the server refuses (plain 415)',
		{ type: 'error', status: 415, error: null },
		'refused'
	],
	[
		'an address the server does not answer for (403, cross-site check)',
		{ type: 'error', status: 403, error: null },
		'refused'
	],
	['a server fault', { type: 'error', status: 500, error: null }, 'later'],
	['a gateway with no server behind it', { type: 'error', status: 502, error: null }, 'later'],
	['the request never arrived (no signal)', { type: 'error', error: new TypeError('x') }, 'later'],
	['a captive portal page (200, not JSON)', { type: 'error', status: 200, error: null }, 'later']
];

describe('an outbox entry after one try: only no answer (or a busy server) is "no signal"', () => {
	for (const [name, answer, kind] of cases)
		test(`${name} → ${kind}`, () => expect(outcomeOf(answer).kind).toBe(kind));

	test('no signal and a busy server are told apart', () => {
		expect(outcomeOf({ type: 'error', error: null })).toEqual({ kind: 'later', why: 'signal' });
		expect(outcomeOf({ type: 'failure', status: 429, data: { retryAfter: 60 } })).toEqual({
			kind: 'later',
			why: 'server',
			retryAfterSeconds: 60
		});
	});

	test('a refusal keeps the server’s words, by field', () => {
		expect(
			outcomeOf({
				type: 'failure',
				status: 400,
				data: { errors: { situations: 'Escolha ao menos uma situação.' }, values: {} }
			})
		).toEqual({
			kind: 'refused',
			problem: { status: 400, errors: { situations: 'Escolha ao menos uma situação.' } }
		});
		expect(outcomeOf({ type: 'error', status: 403, error: null })).toEqual({
			kind: 'refused',
			problem: { status: 403 }
		});
	});
});

describe('keys: one complaint, one key', () => {
	test('a new key each time, of the form the server accepts', () => {
		const keys = new Set(Array.from({ length: 100 }, newKey));
		expect(keys.size).toBe(100);
		for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
	});

	test('the same content has the same fingerprint whatever its key; other content another', () => {
		const a: [string, string | Blob][] = [
			['chave', 'k1'],
			['veiculo', '007'],
			['situacoes', 'cobrou-mais']
		];
		expect(fingerprint(a)).toBe(fingerprint([['chave', 'k2'], ...a.slice(1)]));
		expect(fingerprint(a)).not.toBe(fingerprint([...a.slice(0, 2), ['situacoes', 'fumando']]));
		expect(fingerprint(a)).not.toBe(fingerprint([...a, ['nome', 'Maria']]));
	});

	test('a photo counts by name, type and size', () => {
		const photo = (bytes: number) =>
			new File([new Uint8Array(bytes)], 'foto.jpg', { type: 'image/jpeg' });
		expect(fingerprint([['fotos', photo(10)]])).toBe(fingerprint([['fotos', photo(10)]]));
		expect(fingerprint([['fotos', photo(10)]])).not.toBe(fingerprint([['fotos', photo(11)]]));
	});
});

describe('backoff after a failed try', () => {
	const cases: [tries: number, seconds: number][] = [
		[1, 5],
		[2, 10],
		[3, 20],
		[7, 320],
		[8, 600],
		[30, 600]
	];
	for (const [tries, seconds] of cases)
		test(`${tries} tries → ${seconds} s`, () => expect(backoffSeconds(tries)).toBe(seconds));
});
